import AnnounceServer
import AnnounceStudio
import ArgumentParser

struct VoiceScriptCommand: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = [.success, .usage, .outputClosed]

    static let configuration = CommandConfiguration(
        commandName: "script",
        abstract: "Print what a speaker must record for a voice: every word, the runs that carry tone sandhi and, with --units groups, larger units, numbered.",
        discussion: """
            By default the script covers everything announce says in the language (--language: \(Help.list(Language.all.map { $0 == Language.default ? "\($0.cliName) (the default)" : $0.cliName }))): both reading styles with the variants the language reads with or offers (\(Self.coveredVariants)), the language's standard prefix and its preset prefixes (\(Self.prefixesByLanguage)), and every message preset (\(Template.presets.map(\.name).joined(separator: ", "))). --style, --no-variant (--no-liang, --no-lead-yi), --prefix and --template narrow it for a shorter session; --variant NAME (--liang, --lead-yi) asks for a variant, refused where the language lacks it. The text and markdown forms are for the speaker; the json form is the input of 'announce voice build', which records what it covers in voice.json. The same options always give the same script.

            Each item shows its romanisation: \(Language.all.map { "\($0.romanisation) in \($0.displayName)" }.joined(separator: ", ")). A word the script does not know needs its syllables with --romanisation WORD=SYLLABLES, in the language's romanisation (\(Self.olderSpellings.map { "--\($0)" }.joined(separator: " and ")) are older spellings of it for \(Self.olderSpellings.map(Self.languageName(romanisedIn:)).joined(separator: " and "))), and a phrase must have no blanks; either is a usage error.

            \(ExitStatus.help(exitStatuses))
            """)

    enum Format: String, ChoiceArgument { case text, json, markdown }

    /// Each language with the variants its script covers by default, for the help: `Mandarin: 两, 一十`.
    private static var coveredVariants: String {
        Language.all.map { language in
            let variants = (language.readingVariants + language.defaultReading.variants).filter(ReadingVariant.offered.contains)
            return "\(language.displayName): \(variants.isEmpty ? "none" : variants.map(\.words).joined(separator: ", "))"
        }.joined(separator: "; ")
    }

    /// The romanisations with an option of their own, an older spelling of --romanisation.
    private static let olderSpellings = ["pinyin", "jyutping"]

    /// The language whose script is romanised in `romanisation`.
    private static func languageName(romanisedIn romanisation: String) -> String {
        Language.all.first { $0.romanisation == romanisation }?.displayName ?? romanisation
    }

    /// The languages that offer `variant`, for the help of its older flag.
    private static func offering(_ variant: ReadingVariant) -> String {
        Help.list(Language.all.filter { $0.readingVariants.contains(variant) }.map(\.displayName))
    }

    @Option(help: ArgumentHelp(
        "A reading style to cover (repeatable): \(Help.list(ReadingStyle.allCases.map(\.rawValue))). Default: all.", valueName: "style"))
    var style: [ReadingStyle] = []

    @Option(name: .customLong("no-variant"), help: ArgumentHelp(
        "A reading variant to leave out (repeatable): \(ReadingVariant.names). Default: cover every one the language has.",
        valueName: "name"))
    var noVariant: [String] = []

    @Option(help: ArgumentHelp(
        "A reading variant to cover (repeatable): \(ReadingVariant.names); one the language lacks is refused. Default: every one the language has.",
        valueName: "name"))
    var variant: [String] = []

    // The variants' older spellings, kept because scripts use them.
    @Flag(inversion: .prefixedNo, help: "Cover readings with 两 (a leading 2 before 百/千/万/亿, a bare whole 2); the default.")
    var liang: Bool?

    @Flag(name: .customLong("lead-yi"), inversion: .prefixedNo, help: ArgumentHelp("Cover readings that keep the 一 of a leading 十 (一十元); in \(Self.offering(.leadYi)) only, covered there by default."))
    var leadYi: Bool?

    @Option(help: ArgumentHelp(
        "The language the voice speaks: \(Help.list(Language.all.map { "\($0.cliName) (\($0.tag))" })). Default: \(Language.default.cliName).",
        valueName: "language"))
    var language: String = Language.default.cliName

    @Option(help: ArgumentHelp(
        "A prefix to cover (repeatable): a phrase or a preset of the language (\(Self.presetNamesByLanguage)). Default: the language's standard prefix and every preset.",
        valueName: "phrase"))
    var prefix: [String] = []

    @Option(help: ArgumentHelp(
        "A message preset to cover (repeatable): \(Template.presets.map(\.name).joined(separator: ", ")). Default: all.", valueName: "name"))
    var template: [String] = []

    @Option(help: "The recorded units: words (words and sandhi runs) or groups (also 十一…九十九, X百, X千, X万, 点X, X元).")
    var units: VoiceCoverage.Units = .words

    @Option(help: ArgumentHelp("An extra phrase to record as one clip (repeatable).", valueName: "phrase"))
    var phrase: [String] = []

    @Option(help: ArgumentHelp("The tone-numbered syllables of a word the script does not know, in the language's romanisation (repeatable): 美团=mei3 tuan2.", valueName: "word=syllables"))
    var romanisation: [String] = []

    @Option(help: ArgumentHelp("--romanisation for a \(languageName(romanisedIn: "pinyin")) script (repeatable).", valueName: "word=pinyin"))
    var pinyin: [String] = []

    @Option(help: ArgumentHelp("--romanisation for a \(languageName(romanisedIn: "jyutping")) script (repeatable).", valueName: "word=jyutping"))
    var jyutping: [String] = []

    @Option(help: "text, markdown (for the speaker) or json (for 'voice build').")
    var format: Format = .text

    /// Each language's preset prefixes, for the help: `mandarin: alipay (支付宝到账), …`.
    private static var presetNamesByLanguage: String {
        Language.all.map { language in
            "\(language.cliName): " + language.prefixPresets.map(\.name).joined(separator: ", ")
        }.joined(separator: "; ")
    }

    /// Each language's standard and preset prefixes as words, for the help.
    private static var prefixesByLanguage: String {
        Language.all.map { language in
            "\(language.cliName): " + VoiceCoverage.everything(in: language).prefixes.map { $0.isEmpty ? "none" : $0 }.joined(separator: ", ")
        }.joined(separator: "; ")
    }

    func run() throws {
        let script: VoiceScript
        do {
            let language = try LanguageOption.parse(self.language)
            var prefixes: [String] = []
            for text in prefix.isEmpty ? VoiceCoverage.everything(in: language).prefixes : prefix {
                let words = try Prefix(text.isEmpty ? "none" : text, in: language).words.joined(separator: " ")
                if !prefixes.contains(words) { prefixes.append(words) }
            }
            let known = language.templatePresets.map(\.name)
            if let unknown = template.first(where: { !known.contains($0) }) {
                Console.error("--template \(MessageText.quoted(unknown)) is not a preset: \(known.joined(separator: ", "))")
                throw Console.exit(.usage)
            }
            var pronunciations: [String: String] = [:]
            // --pinyin and --jyutping are --romanisation named for the language.
            for (option, entries) in [("romanisation", romanisation), ("pinyin", pinyin), ("jyutping", jyutping)] where !entries.isEmpty {
                guard option == "romanisation" || option == language.romanisation else {
                    Console.error("--\(option) is for another language: a \(language.displayName) script takes --\(language.romanisation)")
                    throw Console.exit(.usage)
                }
                let example = language.romanisationExample
                for entry in entries {
                    guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                        Console.error("--\(option) \(MessageText.quoted(entry)) must be WORD=\((option == "romanisation" ? "syllables" : option).uppercased()), e.g. \(example.word)=\(example.syllables)")
                        throw Console.exit(.usage)
                    }
                    pronunciations[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
                }
            }
            let styles = style.isEmpty ? ReadingStyle.allCases : ReadingStyle.allCases.filter(style.contains)
            let templates = template.isEmpty ? known : known.filter(template.contains)
            func named(_ option: String, _ names: [String]) throws(ExitCode) -> [ReadingVariant] {
                try names.map { name throws(ExitCode) in
                    guard let variant = ReadingVariant(name: name) else {
                        let nearest = Suggestion.note(to: name, among: ReadingVariant.offered.map(\.name))
                        Console.error("--\(option) \(MessageText.quoted(name)) is not a variant of the reading\(nearest): \(ReadingVariant.names)")
                        throw Console.exit(.usage)
                    }
                    return variant
                }
            }
            let left = try named("no-variant", noVariant)
            let asked = try named("variant", variant)
            // Every variant the language offers or reads with is covered,
            // unless left out; the older flags add or leave out their own.
            let offered = ReadingVariant.offered
            var variants = (language.readingVariants + language.defaultReading.variants).filter(offered.contains)
            for (variant, covered) in [(ReadingVariant.liang, liang), (.leadYi, leadYi)] + asked.map({ ($0, Optional(true)) }) {
                guard let covered else { continue }
                variants = variants.filter { $0 != variant } + (covered ? [variant] : [])
            }
            variants = variants.filter { !left.contains($0) }
            let coverage = VoiceCoverage(
                styles: styles, variants: variants, prefixes: prefixes, templates: templates, units: units)
            script = try VoiceScript(coverage: coverage, phrases: phrase, pronunciations: pronunciations, language: language)
        } catch let error as any CategorizedError {
            throw Console.fail(error)
        }
        switch format {
        case .text: Console.write(script.text)
        case .json: Console.write(script.json())
        case .markdown: Console.write(script.markdown)
        }
        Console.flush()
    }
}

extension VoiceCoverage.Units: ChoiceArgument {}
