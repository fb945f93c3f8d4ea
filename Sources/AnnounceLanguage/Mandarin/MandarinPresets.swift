/// Mandarin's prefix and message presets, in simplified characters, and the
/// unit its templates write after `{amount}`.
extension Mandarin {
    /// 支付宝到账, 微信收款, 收款到账: how mainland wallets' speakers
    /// begin an arrival; `none` says the amount alone.
    public var prefixPresets: [(name: String, words: [String])] { Self.prefixes }

    /// 到账, "arrived".
    public var standardPrefix: [String] { ["到账"] }

    /// `{prefix}{amount}元`, `退款{amount}元`, `会员充值{amount}元`,
    /// `{prefix}{count}笔，共计{amount}元` and `收款成功`.
    public var templatePresets: [(name: String, text: String)] { Self.templates }

    /// 元: `{amount}元` says 一百点五元 and 一百元五角 alike.
    public var amountUnit: String { "元" }

    private static let prefixes: [(name: String, words: [String])] = [
        ("alipay", ["支付宝到账"]), ("wechat", ["微信收款"]), ("collect", ["收款到账"]), ("none", []),
    ]

    private static let templates: [(name: String, text: String)] = [
        ("payment", "{prefix}{amount}元"), ("refund", "退款{amount}元"), ("topup", "会员充值{amount}元"),
        ("summary", "{prefix}{count}笔，共计{amount}元"), ("received", "收款成功"),
    ]

    /// The tone-numbered pinyin of the presets' words, as the presets say
    /// them: a new preset adds its words here, and a test finds one missing.
    static let presetPinyin: [String: String] = [
        "到账": "dao4 zhang4", "支付宝到账": "zhi1 fu4 bao3 dao4 zhang4", "微信收款": "wei1 xin4 shou1 kuan3",
        "收款到账": "shou1 kuan3 dao4 zhang4",
        "退款": "tui4 kuan3", "会员充值": "hui4 yuan2 chong1 zhi2", "笔": "bi3", "共计": "gong4 ji4",
        "收款成功": "shou1 kuan3 cheng2 gong1",
    ]
}
