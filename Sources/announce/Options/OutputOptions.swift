import AnnounceAudio
import AnnounceCore
import ArgumentParser


/// Where and how sound files are written, and the time budget.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write into ROOT/Library/Sounds/ (made if missing).", valueName: "root"))
    var out: String = "."

    @Option(help: ArgumentHelp(
        "The file name, instead of the content-derived one (one amount only).", valueName: "name"))
    var name: String?

    @Option(help: "Container: caf, wav or aiff.")
    var format: OutputContainer = .caf

    @Option(help: "Encoding: pcm16, ulaw, alaw, or ima4 (Apple IMA4, aiff only).")
    var encoding: OutputEncoding = .pcm16

    @Option(name: .customLong("sample-rate"), help: ArgumentHelp("Output sample rate in Hz (default: the voice's).", valueName: "hz"))
    var sampleRate: Int?

    @Option(help: ArgumentHelp("The longest the announcement may be, in seconds.", valueName: "seconds"))
    var budget: DecimalArgument = DecimalArgument(6.0)

    @Option(name: .customLong("max-speed"), help: ArgumentHelp("The most the speech may be sped up to fit the budget.", valueName: "factor"))
    var maxSpeed: DecimalArgument = DecimalArgument(1.35)

    @Option(name: .customLong("sound-url-base"), help: ArgumentHelp(
        "Where the files are served (https://…): each JSON line gets the file's URL under \"announce-sound-url\".",
        valueName: "url"))
    var soundURLBase: String?

    @Flag(help: "Flush each file and its folder entry to the disk before reporting it, so a power cut cannot leave a short file.")
    var fsync = false

    /// `ROOT/Library/Sounds`, `--out` made absolute, so printed paths can be
    /// handed on as they are.
    var folder: SoundsFolder {
        SoundsFolder(root: out)
    }

    /// The container and encoding, checked by `validate()`.
    var outputFormat: OutputFormat {
        (try? OutputFormat(container: format, encoding: encoding)) ?? .default
    }

    func validate() throws {
        do {
            let format = try OutputFormat(container: format, encoding: encoding)
            if let name { try SoundName.validate(name, format: format) }
        } catch let error as AudioError {
            throw ValidationError(error.message)
        } catch let error as SoundName.Invalid {
            throw ValidationError(error.description)
        }
        guard budget.value >= RenderSettings.shortestBudget, budget.value <= 30 else {
            throw ValidationError("--budget must be at least \(RenderSettings.shortestBudget) and at most 30 seconds (iOS plays at most 30 s)")
        }
        guard RenderSettings.speeds.contains(maxSpeed.value) else {
            throw ValidationError("--max-speed must be between \(RenderSettings.speeds.lowerBound) and \(RenderSettings.speeds.upperBound)")
        }
        if let soundURLBase, let problem = PushPayload.validate(base: soundURLBase) {
            throw ValidationError("--sound-url-base: \(problem)")
        }
        if let sampleRate, !RenderSettings.sampleRates.contains(sampleRate) {
            throw ValidationError("--sample-rate must be between \(RenderSettings.sampleRates.lowerBound) and \(RenderSettings.sampleRates.upperBound) Hz")
        }
    }

    func announcerOptions(_ phrase: PhraseOptions) -> Announcer.Options {
        Announcer.Options(
            prefix: phrase.parsedPrefix, reading: phrase.readingOptions, template: phrase.parsedTemplate, format: outputFormat,
            sampleRate: sampleRate, budget: budget.value, maxSpeed: maxSpeed.value)
    }
}

extension OutputContainer: ExpressibleByArgument {}
extension OutputEncoding: ExpressibleByArgument {}
