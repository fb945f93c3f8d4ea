/// The pinyin of the presets' words: Mandarin's lexicon holds the
/// characters, these the words as the presets say them.
extension Prefix {
    /// The tone-numbered pinyin of each preset's words: a new preset adds
    /// its words here, and a test finds one missing.
    package static let presetPinyin: [String: String] = [
        "到账": "dao4 zhang4", "支付宝到账": "zhi1 fu4 bao3 dao4 zhang4", "微信收款": "wei1 xin4 shou1 kuan3",
        "收款到账": "shou1 kuan3 dao4 zhang4",
    ]
}

extension Template {
    /// The tone-numbered pinyin of the presets' fixed words: a new preset
    /// adds its words here, and a test finds one missing.
    package static let presetPinyin: [String: String] = [
        "退款": "tui4 kuan3", "会员充值": "hui4 yuan2 chong1 zhi2", "笔": "bi3", "共计": "gong4 ji4",
        "收款成功": "shou1 kuan3 cheng2 gong1",
    ]
}
