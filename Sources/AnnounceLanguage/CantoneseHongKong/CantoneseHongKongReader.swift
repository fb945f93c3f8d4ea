/// Hong Kong's reading of amounts and counts: Cantonese's numbers, read by
/// Cantonese's reader with the options Cantonese always reads with (兩
/// before 百/千/萬/億 and the units, 十 alone), in traditional characters,
/// with Hong Kong's units: `一百二十三點四五港元` in the decimal style,
/// the spoken `一百二十三蚊四毫五仙` in the currency style.
public struct CantoneseHongKongReader: NumberReader {
    public init() {}

    /// Cantonese's reader, reached through the protocol alone.
    private static let cantonese: any NumberReader = Language.cantonese.reader

    /// The options Cantonese reads `style` with: its own 兩 added.
    private static let cantoneseOptions: [ReadingStyle: ReadingOptions] = Dictionary(
        uniqueKeysWithValues: ReadingStyle.allCases.map { style in
            (style, (try? Language.cantonese.readingOptions(ReadingOptions(style: style))) ?? ReadingOptions(style: style))
        })

    private static func cantonese(_ style: ReadingStyle) -> ReadingOptions {
        cantoneseOptions[style] ?? ReadingOptions(style: style)
    }

    /// Cantonese's characters as Hong Kong writes them, and its units.
    private static let traditional: [Character: String] = ["万": "萬", "亿": "億", "点": "點", "两": "兩"]

    /// `text` (a word, or words run together) as Hong Kong says it in `style`.
    static func said(_ text: String, style: ReadingStyle) -> String {
        var result = ""
        for character in text {
            switch character {
            case "元": result += style == .currency ? "蚊" : "港元"
            case "角": result += "毫"
            case "分": result += "仙"
            default: result += traditional[character] ?? String(character)
            }
        }
        return result
    }

    public var stateBits: Int { Self.cantonese.stateBits }

    public func read(_ index: Int, _ digit: Int, state: inout ReaderState, options: ReadingOptions) -> [String] {
        Self.cantonese.read(index, digit, state: &state, options: Self.cantonese(options.style)).map { Self.said($0, style: options.style) }
    }

    public func carried(_ state: ReaderState, after index: Int) -> ReaderState {
        Self.cantonese.carried(state, after: index)
    }

    public func finish(fen: Int, state: ReaderState, options: ReadingOptions) -> [String] {
        Self.cantonese.finish(fen: fen, state: state, options: Self.cantonese(options.style)).map { Self.said($0, style: options.style) }
    }

    public func vocabulary(_ options: ReadingOptions) -> [String] {
        Self.cantonese.vocabulary(Self.cantonese(options.style)).map { Self.said($0, style: options.style) }
    }

    /// Counts as Cantonese says them, 兩筆 among them.
    public func countWords(_ value: Int) -> [String] {
        Self.cantonese.countWords(value).map { Self.said($0, style: .decimal) }
    }

    public var countVocabulary: [String] { Self.cantonese.countVocabulary.map { Self.said($0, style: .decimal) } }

    /// Cantonese's group units for each style, with its own 兩, as Hong Kong
    /// says them (X港元 or X蚊, X毫, X仙).
    public func groupUnits(styles: [ReadingStyle], variants: [ReadingVariant]) -> [String] {
        var units: [String] = []
        var seen = Set<String>()
        for style in styles {
            let own = Self.cantonese(style).variants
            for unit in Self.cantonese.groupUnits(styles: [style], variants: own) {
                let said = Self.said(unit, style: style)
                if seen.insert(said).inserted { units.append(said) }
            }
        }
        return units
    }
}
