import AnnounceCore
import ArgumentParser

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the phrase and the words each amount is read as.",
        discussion: """
            With --json, each amount gives one line:
              {"amount":"123.45","text":"到账一百二十三点四五元","words":["到账","一",…]}
            and a rejected amount gives {"amount":"…","error":"…"}; the others still go through.
            Exit codes: 0 all amounts read, 64 usage error, 65 some amount rejected.
            """)

    @OptionGroup var phrase: PhraseOptions
    @OptionGroup var input: AmountInput

    @Flag(help: "One JSON object per amount and line.")
    var json = false

    func validate() throws {
        try input.validate()
    }

    func run() throws {
        let prefix = phrase.parsedPrefix
        let options = phrase.readingOptions
        var rejected = 0
        for text in input.amounts() {
            do {
                let phrase = Phrase(amount: try phrase.amount(text), prefix: prefix, options: options)
                writeOutput(json ? JSONLine.explain(input: text, phrase: phrase) : Self.describe(input: text, phrase: phrase))
            } catch {
                rejected += 1
                if json {
                    writeOutput(JSONLine.error(input: text, message: error.description))
                } else {
                    printError(error.description)
                }
            }
            if input.stdin { flushOutput() }
        }
        flushOutput()
        if rejected > 0 { throw ExitStatus.dataError }
    }

    static func describe(input: String, phrase: Phrase) -> String {
        "\(input)\t\(phrase.text)\n  words: \(phrase.words.joined(separator: " "))\n"
    }
}
