/// Cantonese as Hong Kong writes and hears it: traditional characters
/// (到賬, 萬, 億, 兩, 點), the Hong Kong dollar as 港元 in the decimal
/// style and as the spoken 蚊/毫/仙 in the currency style, the wallets and
/// payment networks of Hong Kong as prefixes, Jyutping, and no tone sandhi.
/// The numbers are Cantonese's: its reader reads them (``CantoneseHongKongReader``).
/// docs/READING.md ("Hong Kong") gives the sources.
public struct CantoneseHongKong: LanguageRules {
    public init() {}

    public var tag: String { "yue-Hant-HK" }
    public var cliName: String { "cantonese-hk" }
    public var displayName: String { "Cantonese (Hong Kong)" }
    public var reader: any NumberReader { CantoneseHongKongReader() }

    /// 兩 before every unit and a leading ten said 十 alone are how the
    /// reading goes here, not options.
    public func missingVariantNote(_ variant: ReadingVariant) -> String? {
        "Hong Kong's reading says 兩 before every unit and a leading ten 十 alone, with no variants"
    }

    public var romanisation: String { "jyutping" }
    public var romanisationExample: (word: String, syllables: String) { ("八達通", "baat3 daat6 tung1") }

    public func syllables(of text: String, pronunciations: [String: String]) -> [String]? {
        HongKongJyutping.syllables(of: text, pronunciations: pronunciations)
    }

    /// Cantonese's six tones.
    public var tones: ToneSystem? { Cantonese.toneSystem }

    /// How a speaker says a word on its own.
    public func wordInstruction(for text: String) -> String {
        switch text {
        case "二": "on its own, ji6 as a digit in a price (二十, 十二), not loeng5"
        case "兩": "on its own, loeng5 as in 兩百 and 兩蚊"
        case "零", "一", "三", "四", "五", "六", "七", "八", "九": "on its own, as a digit in a price, not as a count"
        case "港元": "as one word, as at the end of a price: gong2 jyun4"
        default: "on its own, as in a price"
        }
    }

    // MARK: Presets and the template's unit

    /// AlipayHK's arrival (its app calls the setting 到賬語音提示 and itself
    /// 支付寶), WeChat Pay HK's collection, an Octopus collection, and FPS
    /// by the name Hong Kong calls it (轉數快 alone: with 收款 the longest
    /// summary would not fit the budget); in Chinese characters, one
    /// syllable each.
    public var prefixPresets: [(name: String, words: [String])] {
        [("alipayhk", ["支付寶到賬"]), ("wechathk", ["微信收款"]), ("octopus", ["八達通收款"]), ("fps", ["轉數快"]), ("none", [])]
    }

    /// 到賬, "arrived", as AlipayHK writes it.
    public var standardPrefix: [String] { ["到賬"] }

    public var templatePresets: [(name: String, text: String)] {
        [
            ("payment", "{prefix}{amount}港元"), ("refund", "退款{amount}港元"), ("topup", "會員充值{amount}港元"),
            ("summary", "{prefix}{count}筆，共計{amount}港元"), ("received", "收款成功"),
        ]
    }

    /// 港元, CLDR's name of the Hong Kong dollar in zh-Hant-HK; the slot
    /// says …蚊…毫…仙 in the currency style.
    public var amountUnit: String { "港元" }
}

extension Language {
    /// Cantonese as Hong Kong writes and hears it.
    public static let cantoneseHongKong = Language(CantoneseHongKong())
}
