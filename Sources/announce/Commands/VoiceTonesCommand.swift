import AnnounceServer
import AnnounceStudio
import ArgumentParser

/// `announce voice tones`: the tones of any sound files, measured as `voice
/// check` measures a voice's clips; `scripts/tts/speak --check-markup` asks
/// it whether a speech service followed the markup.
struct VoiceTonesCommand: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = [.success, .usage, .noInput, .outputClosed, .tonesDisagree]

    static let configuration = CommandConfiguration(
        commandName: "tones",
        abstract: "Measure the tones of sound files against the syllables each should say.",
        discussion: """
            Each file is given with the syllables it should say, tone-numbered in the language's romanisation: \
            yi2.wav=yi2, 'yi4-bai3.wav=yi4 bai3'. The speaker's pitch range is taken from all the files together, \
            so give several (at least a high and a low tone). Each syllable is confirmed, unclear, or disagrees \
            (sounds like another tone), as in `announce voice check`.

            \(ExitStatus.help(exitStatuses))
            """)

    @Option(help: ArgumentHelp(
        "The language the files speak: \(Help.list(Language.all.map { "\($0.cliName) (\($0.tag))" })). Default: \(Language.default.cliName).",
        valueName: "language"))
    var language: String = Language.default.cliName

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    @Argument(help: ArgumentHelp("A sound file and the syllables it says (repeatable).", valueName: "file=syllables"))
    var files: [String] = []

    func run() throws {
        let language = try LanguageOption.parse(self.language)
        guard let system = language.tones else {
            Console.error("--language \(language.cliName): \(language.displayName) has no tones to measure")
            throw Console.exit(.usage)
        }
        guard !files.isEmpty else {
            Console.error("give at least one file=syllables, e.g. yi2.wav=yi2")
            throw Console.exit(.usage)
        }
        var wanted: [(path: String, syllables: [String])] = []
        for argument in files {
            guard let equals = argument.lastIndex(of: "="), equals != argument.startIndex else {
                Console.error("\(MessageText.quoted(argument)) is not file=syllables, e.g. yi2.wav=yi2")
                throw Console.exit(.usage)
            }
            let path = String(argument[..<equals])
            let syllables = argument[argument.index(after: equals)...]
                .split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
            guard !syllables.isEmpty, syllables.count <= 16 else {
                Console.error("\(MessageText.quoted(argument)): give 1 to 16 syllables after '='")
                throw Console.exit(.usage)
            }
            if let bad = syllables.first(where: { system.tone(of: $0) == nil }) {
                Console.error("\(MessageText.quoted(bad)) is not a tone-numbered \(language.romanisation) syllable (tones \(system.tones.joined(separator: ", ")))")
                throw Console.exit(.usage)
            }
            wanted.append((path, syllables))
        }
        var inputs: [ToneCheck.Input] = []
        for (path, syllables) in wanted {
            do {
                let (audio, _) = try ClipAcceptance.read(path)
                inputs.append(ToneCheck.Input(word: path, file: path, romanisation: syllables, track: PitchTracker.track(audio)))
            } catch {
                Console.error(error.description)
                throw Console.exit(.noInput)
            }
        }
        let check = ToneCheck(inputs, tones: system)
        Console.write(json ? check.jsonObject.line : check.clipLines.map { $0 + "\n" }.joined())
        Console.flush()
        if check.clips.contains(where: { $0.verdict == .disagrees }) { throw Console.exit(.tonesDisagree) }
    }
}
