/// Cantonese, read from the same simplified characters: 两 before
/// 百/千/万/亿 and 元, and before 角 and 分 (兩角, 兩分), as its speakers
/// say; no 一十; Jyutping; no tone sandhi in money readings, so no runs
/// recorded together, and its words join freely.
public struct Cantonese: LanguageRules {
    public init() {}

    public var tag: String { "yue-Hans" }
    public var cliName: String { "cantonese" }
    public var displayName: String { "Cantonese" }
    /// The same words as Mandarin's formal reading, with Cantonese's own
    /// 两 (``ownReading``) and no 一十.
    public var reader: any NumberReader {
        MandarinReader(twoBeforeUnits: .with(Self.two), tenKeepsOne: .never, twoOfSubunits: .with(.subunitLiang))
    }
    public var ownReading: ReadingOptions { ReadingOptions(variants: [Self.two, .subunitLiang]) }
    public var ownReadingNote: String { "两, which Cantonese says before 百/千/万/亿 and 元" }

    /// In Cantonese 两 is how 2 is read, not an option, and a leading ten
    /// is 十 alone (`十二`, never `一十二`), so 一十 does not exist.
    public func missingVariantNote(_ variant: ReadingVariant) -> String? {
        variant.words.contains("十") ? "a leading ten is said 十 alone, as in 十二" : nil
    }

    public var romanisation: String { "jyutping" }
    public var romanisationExample: (word: String, syllables: String) { ("美团", "mei5 tyun4") }

    public func syllables(of text: String, pronunciations: [String: String]) -> [String]? {
        Jyutping.syllables(of: text, pronunciations: pronunciations)
    }

    /// How a speaker says a word on its own.
    public func wordInstruction(for text: String) -> String {
        switch text {
        case "二": "on its own, ji6 as a digit in a price (二十, 十二), not loeng5"
        case "两": "on its own, loeng5 as in 两百 and 两元"
        case "零", "一", "三", "四", "五", "六", "七", "八", "九": "on its own, as a digit in a price, not as a count"
        default: "on its own, as in a price"
        }
    }
}

extension Language {
    /// Cantonese, read from the same simplified characters.
    public static let cantonese = Language(Cantonese())
}
