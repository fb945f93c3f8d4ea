import AnnounceServer
import AnnounceStudio
import ArgumentParser

/// Where and how sound files are written, and the time budget. Every
/// default is the library's (``RenderSettings``, ``OutputFormat/default``),
/// and every list in the help comes from the types themselves.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write into ROOT/Library/Sounds/ (made if missing).", valueName: "root"))
    var out: String = "."

    @OptionGroup var sound: SoundOptions

    @Option(name: .customLong("sound-url-base"), help: ArgumentHelp(
        "Where the files are served (https://…): each JSON line gets the file's URL under \"\(PushPayload.urlKey)\".",
        valueName: "url"))
    var soundURLBase: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "When the payment was taken, in whole seconds since 1970: the push's \"\(PushPayload.atKey)\" on each JSON line (default: now).",
        valueName: "seconds"))
    var at: Int?

    @Flag(help: "Flush each file and its folder entry to the disk before reporting it, so a power cut cannot leave a short file.")
    var fsync = false

    /// `ROOT/Library/Sounds`, `--out` made absolute, so printed paths can be
    /// handed on as they are.
    var folder: SoundsFolder {
        SoundsFolder(root: out)
    }

    /// The container and encoding, checked by `validate()`.
    var outputFormat: OutputFormat { sound.outputFormat }

    func validate() throws {
        if let soundURLBase, let problem = PushPayload.validate(base: soundURLBase) {
            throw ValidationError("--sound-url-base: \(problem)")
        }
        if let at, !(0...BatchItem.latestAt).contains(at) {
            throw ValidationError("--at must be whole seconds since 1970, 0 to \(BatchItem.latestAt)")
        }
    }

    func announcerOptions(_ phrase: PhraseOptions) -> Announcer.Options {
        var options = Announcer.Options(format: outputFormat, rendering: sound.rendering)
        options.phrasing = phrase.phrasing
        return options
    }
}

/// The file format and the render settings a command offers: the ones an
/// announcement's samples and name depend on.
struct SoundOptions: ParsableArguments {
    private static let defaults = RenderSettings()

    @Option(help: ArgumentHelp("Container: \(Help.list(OutputFormat.Container.allCases.map(\.rawValue))).", valueName: "container"))
    var format: OutputFormat.Container = OutputFormat.default.container

    @Option(help: ArgumentHelp(
        "Encoding: "
            + Help.list(OutputFormat.Encoding.allCases.map { encoding in
                encoding.containers.count == OutputFormat.Container.allCases.count
                    ? encoding.rawValue : "\(encoding.rawValue) (\(encoding.containers.map(\.rawValue).joined(separator: ", ")) only)"
            }) + ".",
        valueName: "encoding"))
    var encoding: OutputFormat.Encoding = OutputFormat.default.encoding

    @Option(name: .customLong("sample-rate"), parsing: .unconditional, help: ArgumentHelp(
        "Output sample rate in Hz, \(RenderSettings.sampleRates.lowerBound) to \(RenderSettings.sampleRates.upperBound) (default: the voice's).",
        valueName: "hz"))
    var sampleRate: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The longest the announcement may be, in seconds, at most \(RenderSettings.longestBudget.shortDescription), the longest sound iOS plays.",
        valueName: "seconds"))
    var budget: DecimalArgument = DecimalArgument(Self.defaults.budget)

    @Option(name: .customLong("max-speed"), parsing: .unconditional, help: ArgumentHelp(
        "The most the speech may be sped up to fit the budget (\(RenderSettings.speeds.lowerBound) to \(RenderSettings.speeds.upperBound)).",
        valueName: "factor"))
    var maxSpeed: DecimalArgument = DecimalArgument(Self.defaults.maxSpeed)

    /// The container and encoding, checked by `validate()`.
    var outputFormat: OutputFormat {
        (try? OutputFormat(container: format, encoding: encoding)) ?? .default
    }

    /// Whether any of these options was given other than its default.
    var changesRendering: Bool {
        outputFormat != .default || sampleRate != nil || budget.value != Self.defaults.budget
            || maxSpeed.value != Self.defaults.maxSpeed
    }

    /// The library's default settings with these options.
    var rendering: RenderSettings {
        var rendering = Self.defaults
        rendering.sampleRate = sampleRate
        rendering.budget = budget.value
        rendering.maxSpeed = maxSpeed.value
        return rendering
    }

    func validate() throws {
        do {
            _ = try OutputFormat(container: format, encoding: encoding)
        } catch {
            throw ValidationError(error.message)
        }
        guard budget.value >= RenderSettings.shortestBudget, budget.value <= RenderSettings.longestBudget else {
            throw ValidationError(
                "--budget must be at least \(RenderSettings.shortestBudget) and at most \(RenderSettings.longestBudget.shortDescription) seconds (iOS plays at most 30 s)")
        }
        guard RenderSettings.speeds.contains(maxSpeed.value) else {
            throw ValidationError("--max-speed must be between \(RenderSettings.speeds.lowerBound) and \(RenderSettings.speeds.upperBound)")
        }
        if let sampleRate, !RenderSettings.sampleRates.contains(sampleRate) {
            throw ValidationError("--sample-rate must be between \(RenderSettings.sampleRates.lowerBound) and \(RenderSettings.sampleRates.upperBound) Hz")
        }
    }
}

/// `--name` and `--id`, for the commands that write one file (render),
/// which declare the options themselves with these helps (an option group
/// costs every start scans of the runtime's conformance records; see
/// ``VoiceOption``).
enum NameOption {
    /// `--name`'s help.
    static var nameHelp: ArgumentHelp {
        ArgumentHelp(
            "The file name, instead of the content-derived one (one amount only); never with --sound-url-base.", valueName: "name")
    }

    /// `--id`'s help.
    static var idHelp: ArgumentHelp {
        ArgumentHelp(
            "The payment's id, 1 to \(PushPayload.maximumIDBytes) bytes: the push's \"\(PushPayload.idKey)\" on the JSON line, by which the iPhone recognises a push delivered twice.",
            valueName: "id")
    }

    /// Checks the name against the format's extension and the naming rule,
    /// and the id's length.
    static func validate(name: String?, id: String?, format: OutputFormat, soundURLBase: String?) throws {
        if let id, let problem = PushPayload.validate(id: id) { throw ValidationError("--id: \(problem)") }
        guard let name else { return }
        do {
            try SoundName.validate(name, format: format)
        } catch {
            throw ValidationError(error.description)
        }
        if soundURLBase != nil { throw ValidationError(SoundName.notDownloadable.description) }
    }
}

extension OutputFormat.Container: ChoiceArgument {}
extension OutputFormat.Encoding: ChoiceArgument {}
