import AnnounceAudio
import AnnounceCore
import ArgumentParser

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the phrase, the words and the clips each amount is read with.",
        discussion: """
            With --json, each amount gives one line:
              {"amount":"123.45","clips":[{"duration":0.445,"file":"dao4-zhang4.wav","words":"到账"},…],
               "text":"到账一百二十三点四五元","words":["到账","一",…]}
            and a rejected amount gives {"amount":"…","error":"…"}; the others still go through.
            Exit codes: 0 all amounts read, 64 usage error, 65 some amount rejected, 66 voice missing or broken.
            """)

    @OptionGroup var phrase: PhraseOptions
    @OptionGroup var input: AmountInput
    @OptionGroup var voiceOption: VoiceOption

    @Flag(help: "One JSON object per amount and line.")
    var json = false

    func validate() throws {
        try input.validate()
    }

    func run() throws {
        let prefix = phrase.parsedPrefix
        let options = phrase.readingOptions
        let voice = try voiceOption.load()
        let durations = ClipDurations(voice: voice)
        var rejected = 0
        do {
            try voice.requireClips(prefix: prefix, options: options)
        } catch {
            printError(error.description)
            throw ExitStatus.voiceError
        }
        for text in input.amounts() {
            let amount: Amount
            do {
                amount = try phrase.amount(text)
            } catch {
                rejected += 1
                reportRejected(input: text, message: error.description, json: json)
                if input.stdin { flushOutput() }
                continue
            }
            let phrase = Phrase(amount: amount, prefix: prefix, options: options)
            let clips: [PlannedClip]
            do {
                clips = try durations.planned(try voice.plan(phrase))
            } catch {
                printError("voice '\(voice.id)': \(error)")
                throw ExitStatus.voiceError
            }
            writeOutput(json
                ? JSONLine.explain(input: text, phrase: phrase, clips: clips)
                : Self.describe(input: text, phrase: phrase, clips: clips))
            if input.stdin { flushOutput() }
        }
        flushOutput()
        if rejected > 0 { throw ExitStatus.dataError }
    }

    static func describe(input: String, phrase: Phrase, clips: [PlannedClip]) -> String {
        let total = clips.reduce(0) { $0 + $1.duration }
        let clipList = clips.map { "\($0.words) \($0.file) \(Int(($0.duration * 1000).rounded())) ms" }
        return "\(input)\t\(phrase.text)\n  words: \(phrase.words.joined(separator: " "))\n"
            + "  clips: \(clipList.joined(separator: " | ")) (\(Int((total * 1000).rounded())) ms in all)\n"
    }
}
