import AnnounceServer
import AnnounceStudio
import ArgumentParser

struct Explain: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = [.success, .usage, .dataError, .noInput, .outputClosed]

    static let configuration = CommandConfiguration(
        // Named here: the parser would otherwise derive it from the type's name
        // at every start, through the runtime's reflection.
        commandName: "explain",
        abstract: "Show the phrase, the words and the clips each amount is read with.",
        discussion: """
            With --json, each amount gives one line with amount, yuan (the amount in yuan, exactly), text, words and clips (each clip's words, file and duration), and with template, count and amounts where used; a rejected amount gives {"amount":"…","error":"…"}, and the others still go through.

            \(ExitStatus.help(exitStatuses))
            """)

    @OptionGroup var phrase: PhraseOptions
    @OptionGroup var input: AmountInput
    @Option(help: VoiceOption.help) var voice: String?

    @Flag(help: "One JSON object per amount and line.")
    var json = false

    func validate() throws {
        try input.validate(template: phrase.parsedTemplate)
    }

    func run() throws {
        let announcer = try VoiceOption.announcer(
            voice: voice,
            Announcer.Options(prefix: phrase.parsedPrefix, reading: phrase.readingOptions, template: phrase.parsedTemplate))
        let messages = MessageInput(phrase: phrase, input: input)
        let status = try input.forEach(json: json) { text in
            let outcome = try messages.job(for: text).run(with: announcer, delivery: .planOnly)
            Console.write(json ? outcome.report.jsonLine : Self.describe(input: text, plan: outcome.plan))
        }
        if status != .success { throw Console.exit(status) }
    }

    static func describe(input: String, plan: Announcer.Plan) -> String {
        let clips = plan.clips
        let total = clips.reduce(0) { $0 + $1.duration }
        let clipList = clips.map { "\($0.words) \($0.file) \(Int(($0.duration * 1000).rounded())) ms" }
        return "\(input)\t\(plan.text)\n  words: \(plan.words.joined(separator: " "))\n"
            + "  clips: \(clipList.joined(separator: " | ")) (\(Int((total * 1000).rounded())) ms in all)\n"
    }
}
