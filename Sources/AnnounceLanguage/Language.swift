import AnnounceCommon

/// The language a voice speaks, named by its manifest's `language`: it
/// chooses the reading options a voice of it uses, the clip rules its
/// manifest may state, the romanisation a voice script prints and how each
/// item is to be said. Each language's own words and rules live in its
/// folder (`Mandarin/`, `Cantonese/`); amounts are read with the same
/// formal Chinese reading in both (docs/READING.md).
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The BCP 47 tag a manifest states: `cmn-Hans`, `yue-Hans`.
    public let tag: String
    /// The language's name in English: `Mandarin`.
    public let name: String
    /// The name `voice script --language` and messages use: `mandarin`.
    public let shortName: String
    private let id: ID

    private enum ID: Hashable, Sendable { case mandarin, cantonese }

    private init(tag: String, name: String, id: ID) {
        self.tag = tag
        self.name = name
        self.shortName = name.lowercased()
        self.id = id
    }

    /// Mandarin in simplified characters, the language of the bundled default voice.
    public static let mandarin = Language(tag: "cmn-Hans", name: "Mandarin", id: .mandarin)
    /// Cantonese, read from the same simplified characters.
    public static let cantonese = Language(tag: "yue-Hans", name: "Cantonese", id: .cantonese)
    /// Every language announce speaks.
    public static let all: [Language] = [.mandarin, .cantonese]

    /// The language a manifest's `language` names, its tag or its short
    /// name (`cantonese`), compared without regard to case (`cmn-hans` is
    /// `cmn-Hans`).
    /// - Throws: ``LanguageError`` when `tag` is not a BCP 47 tag, or names
    ///   a language announce does not speak.
    public init(tag: String) throws(LanguageError) {
        let lowered = tag.lowercased()
        if let known = Self.all.first(where: { $0.tag.lowercased() == lowered || $0.shortName == lowered }) {
            self = known
            return
        }
        guard Self.isWellFormedTag(tag) else { throw LanguageError(.malformed, tag: tag) }
        throw LanguageError(.unknown, tag: tag)
    }

    /// `Mandarin (cmn-Hans)`.
    public var description: String { "\(name) (\(tag))" }

    /// Whether `tag` has the shape of a BCP 47 tag: subtags of ASCII
    /// letters and digits, 1–8 long, joined by `-`, the first of letters.
    static func isWellFormedTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    // MARK: Readings

    /// The reading options a voice of this language reads amounts with when
    /// none are asked for: Mandarin's plain decimal reading; Cantonese says
    /// 两 before 百/千/万/亿 and 元 (兩百, 兩元), as its speakers do.
    public var defaultReading: ReadingOptions {
        switch id {
        case .mandarin: ReadingOptions()
        case .cantonese: ReadingOptions(liang: true, subunitLiang: true)
        }
    }

    /// The variants a reader may ask for: Mandarin has 两 and 一十 as
    /// options; in Cantonese 两 is how 2 is read, not an option, and a
    /// leading ten is 十 alone (`十二`, never `一十二`), so 一十 does not exist.
    public var readingVariants: [ReadingVariant] {
        switch id {
        case .mandarin: [.liang, .leadYi]
        case .cantonese: []
        }
    }

    /// The options a reading asked for with `asked` gets in this language:
    /// the language's own readings added (Cantonese's 两).
    /// - Throws: ``LanguageError`` when `asked` names a variant the
    ///   language does not define (一十 in Cantonese).
    public func readingOptions(_ asked: ReadingOptions) throws(LanguageError) -> ReadingOptions {
        let defaults = defaultReading
        if asked.leadYi && !readingVariants.contains(.leadYi) && !defaults.leadYi {
            throw LanguageError(.undefinedVariant(.leadYi), tag: tag, language: self)
        }
        return ReadingOptions(
            style: asked.style, liang: asked.liang || defaults.liang, leadYi: asked.leadYi || defaults.leadYi,
            subunitLiang: asked.subunitLiang || defaults.subunitLiang)
    }

    /// Checks that a message read with `options` is one a voice of this
    /// language says as it is: a message made for a voice of another
    /// language (a Mandarin server's 二百 for a Cantonese pack) is refused
    /// rather than said in a reading this language does not use.
    /// - Throws: ``LanguageError`` naming the reading.
    public func check(_ options: ReadingOptions) throws(LanguageError) {
        let own = try readingOptions(options)
        // What the language reads its own way whatever is asked (Cantonese's
        // 两角) says nothing of whom the message was made for.
        guard own.style == options.style, own.liang == options.liang, own.leadYi == options.leadYi else {
            throw LanguageError(.otherReading, tag: tag, language: self)
        }
    }

    /// The distinct options readings with each of `options` get in this
    /// language, those it does not define left out: what a voice of it says.
    public func readingOptions(among options: [ReadingOptions]) -> [ReadingOptions] {
        var result: [ReadingOptions] = []
        for asked in options {
            guard let options = try? readingOptions(asked), !result.contains(options) else { continue }
            result.append(options)
        }
        return result
    }

    // MARK: Clips

    /// The clip rules a manifest of this language may state: Mandarin's
    /// tone sandhi; Cantonese joins its words freely.
    package var clipRules: [ClipRule] {
        switch id {
        case .mandarin: ClipRule.allCases
        case .cantonese: []
        }
    }

    /// The rules a clip for `key` gets when the manifest states none.
    package func defaultClipRules(for key: String) -> [ClipRule] {
        switch id {
        case .mandarin: ClipRule.defaults(for: key)
        case .cantonese: []
        }
    }

    /// The runs of words a speaker records together because a word sounds
    /// different inside them (Mandarin's tone sandhi), for readings with
    /// `options`; in script order.
    package func runsRecordedTogether(for options: ReadingOptions) -> [String] {
        switch id {
        case .mandarin: Mandarin.sandhiRuns(for: options)
        case .cantonese: []
        }
    }

    /// The runs counts need whatever the reading options (Mandarin's 两百).
    package var runsForCounts: [String] {
        switch id {
        case .mandarin: Mandarin.countRuns
        case .cantonese: []
        }
    }


    // MARK: Romanisation

    /// The romanisation a voice script prints: `pinyin`, `jyutping`.
    public var romanisation: String {
        switch id {
        case .mandarin: "pinyin"
        case .cantonese: "jyutping"
        }
    }

    /// An example of one word's romanisation, for messages: `mei3 tuan2`.
    package var romanisationExample: (word: String, syllables: String) {
        switch id {
        case .mandarin: ("美团", "mei3 tuan2")
        case .cantonese: ("美团", "mei5 tyun4")
        }
    }

    /// The citation syllables of `text`, one per character, with tone
    /// numbers, from `pronunciations` (whole text → syllables separated by
    /// blanks or `-`) or the language's lexicon; nil when a character has
    /// none.
    package func syllables(of text: String, pronunciations: [String: String] = [:]) -> [String]? {
        switch id {
        case .mandarin: Pinyin.syllables(of: text, pronunciations: pronunciations)
        case .cantonese: Jyutping.syllables(of: text, pronunciations: pronunciations)
        }
    }

    /// The syllables as said together in one breath (Mandarin's tone sandhi).
    package func spoken(_ syllables: [String]) -> [String] {
        switch id {
        case .mandarin: Pinyin.spoken(syllables)
        case .cantonese: syllables
        }
    }

    /// A syllable as a speaker reads it: pinyin with a tone mark (`wàn`),
    /// Jyutping with its tone number (`maan6`).
    package func shown(_ syllable: String) -> String {
        switch id {
        case .mandarin: Pinyin.marked(syllable)
        case .cantonese: syllable
        }
    }

    /// How a speaker says one item of a voice script: `text` of `kind`,
    /// romanised as `shown`.
    package func instruction(for text: String, kind: ScriptItemKind, shown: String) -> String {
        switch kind {
        case .prefix: return "the whole phrase, as the start of an announcement"
        case .phrase: return "the whole phrase as written, at the pace of an announcement"
        case .group: return "together in one breath, as inside a price: \(shown)"
        case .run:
            let note = id == .mandarin ? Mandarin.runNote(for: text) : ""
            return "together in one breath, as inside a price: \(shown)\(note)"
        case .word:
            return switch id {
            case .mandarin: Mandarin.wordInstruction(for: text)
            case .cantonese: Cantonese.wordInstruction(for: text)
            }
        }
    }
}

/// A variant of the reading a language may offer as an option.
public enum ReadingVariant: String, Sendable, CaseIterable {
    /// 两 for a leading 2 before 百/千/万/亿 and a bare 2 yuan (`--liang`).
    case liang
    /// The 一 of a leading 十 (`--lead-yi`).
    case leadYi = "lead-yi"

    /// What the variant says: `两`, `一十`.
    public var words: String {
        switch self {
        case .liang: "两"
        case .leadYi: "一十"
        }
    }
}

/// What an item of a voice script is, for its instruction.
package enum ScriptItemKind: Sendable {
    /// A word of the readings, said on its own.
    case word
    /// A prefix, said whole.
    case prefix
    /// A fixed phrase of a template, or an extra phrase.
    case phrase
    /// A run of words recorded together for its tone sandhi.
    case run
    /// A larger unit said in context (`--units groups`).
    case group
}
