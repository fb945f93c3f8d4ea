/// The variants Mandarin offers (READING.md V2, V3), and the options'
/// spellings that name them, kept for library users.
extension ReadingVariant {
    /// 两 for a leading 2 before 百/千/万/亿 and a bare 2 yuan (`--variant liang`).
    public static let liang = ReadingVariant(
        name: "liang", key: "liang", words: "两",
        summary: "a leading 2 before 百/千/万/亿, and a bare whole 2, read 两")
    /// The 一 of a leading 十 (`--variant lead-yi`).
    public static let leadYi = ReadingVariant(
        name: "lead-yi", key: "leadYi", words: "一十",
        summary: "a leading 十 keeps its 一: 一十元")
}

extension ReadingOptions {
    /// Options with `style` and the variants V2 (`liang`) and V3 (`leadYi`).
    public init(style: ReadingStyle = .decimal, liang: Bool, leadYi: Bool = false) {
        self.init(style: style, variants: (liang ? [.liang] : []) + (leadYi ? [.leadYi] : []))
    }

    /// Options with `style` and the variant V3 (`leadYi`).
    public init(style: ReadingStyle = .decimal, leadYi: Bool) {
        self.init(style: style, liang: false, leadYi: leadYi)
    }

    /// V2: a leading 2 directly before 百/千/万/亿, and an integer part of
    /// exactly 2 said directly before 元, is read 两 (``ReadingVariant/liang``).
    public var liang: Bool {
        get { has(.liang) }
        set { set(.liang, newValue) }
    }

    /// V3: a leading 十 keeps its 一 (``ReadingVariant/leadYi``).
    public var leadYi: Bool {
        get { has(.leadYi) }
        set { set(.leadYi, newValue) }
    }
}
