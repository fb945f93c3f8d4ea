/// How the amount part of a phrase is read (READING.md §2–§3).
import AnnounceCommon

public enum ReadingStyle: String, CaseIterable, Sendable, Codable {
    /// `一百二十三点四五元`: the default, Alipay-style decimal reading (R1–R8).
    case decimal
    /// `一百二十三元四角五分`: the 元角分 currency reading (V1).
    case currency
}

/// The options of a reading: the style and the variants turned on.
/// Every combination is allowed.
public struct ReadingOptions: Hashable, Sendable, Codable {
    /// How the amount is read: decimal (`点四五元`) or currency (`元四角五分`).
    public var style: ReadingStyle
    /// The variants turned on, in ``ReadingVariant/ordered(_:)`` order.
    public private(set) var variants: [ReadingVariant] = []

    /// Options with `style`; the default is the plain decimal reading.
    public init(style: ReadingStyle = .decimal) {
        self.style = style
    }

    /// Options with `style` and every one of `variants` turned on.
    public init(style: ReadingStyle = .decimal, variants: [ReadingVariant]) {
        self.init(style: style)
        for variant in variants { set(variant, true) }
    }

    /// Every combination of style and the variants the package's own
    /// languages offer (``Language/packaged``): the same list whatever
    /// languages a program registers.
    public static var allCombinations: [ReadingOptions] {
        combinations(styles: ReadingStyle.allCases, variants: ReadingVariant.packaged)
    }

    /// Every combination of one of `styles` with any of `variants`, style
    /// by style, each variant without and then with.
    public static func combinations(styles: [ReadingStyle], variants: [ReadingVariant]) -> [ReadingOptions] {
        styles.flatMap { style in
            variants.reduce([ReadingOptions(style: style)]) { combinations, variant in
                combinations.flatMap { [$0, $0.with(variant)] }
            }
        }
    }

    /// The words readings with these options can contain in the language
    /// whose options they are (``Language/owner(of:)``,
    /// ``NumberReader/vocabulary(_:)``): what a voice must have clips for,
    /// besides the prefix.
    public var vocabulary: [String] { Language.owner(of: self).reader.vocabulary(self) }

    /// The options with `variant` turned on or off.
    public mutating func set(_ variant: ReadingVariant, _ on: Bool) {
        let others = variants.filter { $0 != variant }
        variants = on ? ReadingVariant.ordered(others + [variant]) : others
    }

    /// These options with `variant` turned on as well.
    public func with(_ variant: ReadingVariant) -> ReadingOptions {
        var options = self
        options.set(variant, true)
        return options
    }

    /// Whether the options turn `variant` on.
    public func has(_ variant: ReadingVariant) -> Bool { variants.contains(variant) }

    /// These options with every variant of `other` turned on as well (a
    /// language's own reading added to what a reader asked for).
    public func adding(_ other: ReadingOptions) -> ReadingOptions {
        ReadingOptions(style: style, variants: variants + other.variants)
    }

    /// The style, and each offered variant under its own key (`"key": true`).
    /// A language's own variants are not written: the language implies them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedCodingKey.self)
        try container.encode(style, forKey: NamedCodingKey("style"))
        for variant in ReadingVariant.offered { try container.encode(has(variant), forKey: NamedCodingKey(variant.key)) }
    }

    /// Reads what ``encode(to:)`` writes; a missing key is a variant turned off.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedCodingKey.self)
        self.init(style: try container.decode(ReadingStyle.self, forKey: NamedCodingKey("style")))
        for variant in ReadingVariant.offered where try container.decodeIfPresent(Bool.self, forKey: NamedCodingKey(variant.key)) == true {
            set(variant, true)
        }
    }
}
