/// Cantonese's own reading, variants no reader asks for because the
/// language always reads with them: 两 before 百/千/万/亿 and 元 (the
/// `liang` a push carries), and before 角 and 分 in the currency style.
extension Cantonese {
    /// 两 for a leading 2 before 百/千/万/亿 and a bare whole 2: the variant
    /// pushes call `liang`, which Cantonese always reads.
    public static let two = ReadingVariant(
        name: "liang", key: "liang", words: "两",
        summary: "a leading 2 before 百/千/万/亿, and a bare whole 2, read 两, as Cantonese always says")
}

extension ReadingVariant {
    /// 两 for a 2 of 角, and of 分 when nothing is said before it (两角, 两分, 两角二分).
    public static let subunitLiang = ReadingVariant(
        name: "subunit-liang", key: "subunitLiang", words: "两角",
        summary: "a 2 of 角, and of 分 with nothing before it, read 两")
}

extension ReadingOptions {
    /// Options with `style`, V2 (`liang`) and Cantonese's 两 before 角 and 分.
    public init(style: ReadingStyle = .decimal, liang: Bool = false, leadYi: Bool = false, subunitLiang: Bool) {
        self.init(style: style, liang: liang, leadYi: leadYi)
        set(.subunitLiang, subunitLiang)
    }

    /// Whether a 2 of 角 (and of a first-said 分) is read 两 (``ReadingVariant/subunitLiang``).
    public var subunitLiang: Bool {
        get { has(.subunitLiang) }
        set { set(.subunitLiang, newValue) }
    }
}
