/// How the amount part of a phrase is read (READING.md §2–§3).
import AnnounceCommon

public enum ReadingStyle: String, CaseIterable, Sendable, Codable {
    /// `一百二十三点四五元`: the default, Alipay-style decimal reading (R1–R8).
    case decimal
    /// `一百二十三元四角五分`: the 元角分 currency reading (V1).
    case currency
}

/// The options of a reading: the style and the variants V2 and V3.
/// Every combination is allowed.
public struct ReadingOptions: Hashable, Sendable, Codable {
    /// How the amount is read: decimal (`点四五元`) or currency (`元四角五分`).
    public var style: ReadingStyle
    /// V2: a leading 2 directly before 百/千/万/亿, and an integer part of
    /// exactly 2 said directly before 元 (`2` 两元, currency `2.45` 两元四角五分), is read 两.
    public var liang: Bool
    /// V3: a leading 十 keeps its 一 (`10` 一十元).
    public var leadYi: Bool
    /// 两 for a 2 of 角, and of 分 when nothing is said before it, in the
    /// currency style (两角, 两分, 两角二分): how Cantonese reads, set by
    /// its language (``Language/defaultReading``), not a variant a reader
    /// asks for. Not part of the options' JSON: the language implies it.
    public var subunitLiang = false

    /// Options with `style` and the variants V2 (`liang`) and V3 (`leadYi`);
    /// the default is the plain decimal reading.
    public init(style: ReadingStyle = .decimal, liang: Bool = false, leadYi: Bool = false) {
        self.style = style
        self.liang = liang
        self.leadYi = leadYi
    }

    /// Options with a language's own 两 before 角 and 分 (``subunitLiang``).
    public init(style: ReadingStyle = .decimal, liang: Bool = false, leadYi: Bool = false, subunitLiang: Bool) {
        self.init(style: style, liang: liang, leadYi: leadYi)
        self.subunitLiang = subunitLiang
    }

    /// Options with `style` and every one of `variants` turned on.
    public init(style: ReadingStyle = .decimal, variants: [ReadingVariant]) {
        self.init(style: style)
        for variant in variants { set(variant, true) }
    }

    private enum CodingKeys: String, CodingKey {
        case style, liang, leadYi
    }

    /// Every combination of style and variants.
    public static let allCombinations: [ReadingOptions] = ReadingStyle.allCases.flatMap { style in
        [false, true].flatMap { liang in
            [false, true].map { leadYi in ReadingOptions(style: style, liang: liang, leadYi: leadYi) }
        }
    }

    /// The words readings with these options can contain: what a voice must
    /// have clips for, besides the prefix.
    public var vocabulary: [String] {
        var words = Numeral.digits + ["十", "百", "千", "万", "亿", "元"]
        switch style {
        case .decimal: words.append("点")
        case .currency: words += ["角", "分"]
        }
        if liang || (subunitLiang && style == .currency) { words.append("两") }
        return words
    }

    /// The options with `variant` turned on or off.
    public mutating func set(_ variant: ReadingVariant, _ on: Bool) {
        switch variant {
        case .liang: liang = on
        case .leadYi: leadYi = on
        }
    }

    /// The variants the options turn on, in ``ReadingVariant/allCases`` order.
    public var variants: [ReadingVariant] { ReadingVariant.allCases.filter(has) }

    /// Whether the options turn `variant` on.
    public func has(_ variant: ReadingVariant) -> Bool {
        switch variant {
        case .liang: liang
        case .leadYi: leadYi
        }
    }

    /// These options with every variant of `other` turned on as well (a
    /// language's own reading added to what a reader asked for).
    public func adding(_ other: ReadingOptions) -> ReadingOptions {
        ReadingOptions(
            style: style, liang: liang || other.liang, leadYi: leadYi || other.leadYi,
            subunitLiang: subunitLiang || other.subunitLiang)
    }
}

/// A variant of the reading a language may offer as an option (READING.md
/// V2, V3). Every interface names it the same way: its name (`liang`,
/// `lead-yi`) with `--variant` and in the `variants` list of a push's
/// message or a batch item; ``key`` is its older spelling as a JSON key of
/// its own (`"liang": true`), which pushes are written with and every
/// reader keeps taking.
public enum ReadingVariant: String, Sendable, CaseIterable {
    /// 两 for a leading 2 before 百/千/万/亿 and a bare 2 yuan (`--liang`).
    case liang
    /// The 一 of a leading 十 (`--lead-yi`).
    case leadYi = "lead-yi"

    /// The variant named `name` (its raw value, or its ``key``), in any case.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let found = Self.allCases.first(where: { $0.rawValue == lowered || $0.key.lowercased() == lowered }) else { return nil }
        self = found
    }

    /// The variant's own JSON key, an older spelling kept by every reader:
    /// `liang`, `leadYi`.
    public var key: String {
        switch self {
        case .liang: "liang"
        case .leadYi: "leadYi"
        }
    }

    /// Every variant in the order of its ``key``, as JSON objects sort them.
    public static let byKey: [ReadingVariant] = allCases.sorted { $0.key < $1.key }

    /// The variants' names, for messages: `liang, lead-yi`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// What the variant says: `两`, `一十`.
    public var words: String {
        switch self {
        case .liang: "两"
        case .leadYi: "一十"
        }
    }
}

