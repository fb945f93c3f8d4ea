import AnnounceCore
import ArgumentParser

struct VoiceScriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "script",
        abstract: "Print what a speaker must record for a voice: every word and the runs that carry tone sandhi, numbered.",
        discussion: """
            The text and markdown forms are for the speaker; the json form is the input of 'announce voice build'. The same options always give the same script. Without --prefix the script covers 到账 and the presets alipay, wechat and collect.

            Exit codes: 0 done, 64 usage error (an unknown word needs --pinyin).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, markdown }

    @Option(help: "How amounts are read: decimal or currency.")
    var style: ReadingStyle = .decimal

    @Flag(help: "Readings use 两 (a leading 2 before 百/千/万/亿, a bare whole 2).")
    var liang = false

    @Flag(name: .customLong("lead-yi"), help: "Readings keep the 一 of a leading 十 (一十元).")
    var leadYi = false

    @Option(help: ArgumentHelp("A prefix the voice says (repeatable): a phrase or alipay, wechat, collect, none.", valueName: "phrase"))
    var prefix: [String] = []

    @Option(help: ArgumentHelp("An extra phrase to record as one clip (repeatable).", valueName: "phrase"))
    var phrase: [String] = []

    @Option(help: ArgumentHelp("Tone-numbered pinyin of a word the script does not know (repeatable): 美团=mei3 tuan2.", valueName: "word=pinyin"))
    var pinyin: [String] = []

    @Option(help: "text, markdown (for the speaker) or json (for 'voice build').")
    var format: Format = .text

    func run() throws {
        let script: VoiceScript
        do {
            let prefixes = try (prefix.isEmpty ? ["到账", "alipay", "wechat", "collect"] : prefix).map { text throws(PrefixError) in
                try Prefix(text)
            }
            var pronunciations: [String: String] = [:]
            for entry in pinyin {
                guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                    Console.error("--pinyin '\(entry)' must be WORD=PINYIN, e.g. 美团=mei3 tuan2")
                    throw Console.exit(.usage)
                }
                pronunciations[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
            }
            script = try VoiceScript(
                options: ReadingOptions(style: style, liang: liang, leadYi: leadYi), prefixes: prefixes, phrases: phrase,
                pronunciations: pronunciations)
        } catch let error as PrefixError {
            Console.error(error.description)
            throw Console.exit(.usage)
        } catch let error as VoiceScriptError {
            Console.error(error.description)
            throw Console.exit(.usage)
        }
        switch format {
        case .text: Console.write(script.text)
        case .json: Console.write(script.json())
        case .markdown: Console.write(script.markdown)
        }
        Console.flush()
    }
}
