/// Jyutping (LSHK), the romanisation a Cantonese voice script prints: the
/// syllable of each character with its tone number 1–6 (`maan6`). The
/// lexicon is checked against espeak-ng's Cantonese reading of each
/// character by a test (scripts/voice/check-jyutping).
package enum Jyutping {
    /// The citation syllable of the characters readings and the preset
    /// prefixes and templates use, and of some common in payment
    /// announcements: the same characters ``Pinyin/lexicon`` has. Others
    /// need a pronunciation from the caller.
    package static let lexicon: [Character: String] = [
        "零": "ling4", "一": "jat1", "二": "ji6", "两": "loeng5", "三": "saam1", "四": "sei3", "五": "ng5",
        "六": "luk6", "七": "cat1", "八": "baat3", "九": "gau2", "十": "sap6", "百": "baak3", "千": "cin1",
        "万": "maan6", "亿": "jik1", "点": "dim2", "元": "jyun4", "角": "gok3", "分": "fan1",
        "到": "dou3", "账": "zoeng3", "支": "zi1", "付": "fu6", "宝": "bou2", "微": "mei4", "信": "seon3",
        "收": "sau1", "款": "fun2", "已": "ji5", "入": "jap6", "钱": "cin2", "包": "baau1", "云": "wan4",
        "闪": "sim2", "扫": "sou3", "码": "maa5", "成": "sing4", "功": "gung1", "退": "teoi3", "商": "soeng1",
        "家": "gaa1", "美": "mei5", "团": "tyun4", "京": "ging1", "东": "dung1", "红": "hung4", "费": "fai3",
        "现": "jin6", "金": "gam1", "共": "gung6", "计": "gai3", "笔": "bat1", "请": "cing2", "查": "caa4",
        "整": "zing2", "单": "daan1", "订": "deng6", "外": "ngoi6", "卖": "maai6", "新": "san1",
        "会": "wui2", "员": "jyun4", "充": "cung1", "值": "zik6", "优": "jau1", "惠": "wai6",
    ]

    /// The citation syllables of `text`, one per character, from
    /// `pronunciations` (whole text → syllables separated by blanks or `-`)
    /// or the lexicon; nil when a character has no known Jyutping.
    package static func syllables(of text: String, pronunciations: [String: String] = [:]) -> [String]? {
        Romanisation.syllables(
            of: text, given: pronunciations[text], pronunciations: pronunciations, lexicon: lexicon, isSyllable: isSyllable)
    }

    /// Whether `syllable` is lowercase ASCII letters and a tone digit 1–6.
    package static func isSyllable(_ syllable: String) -> Bool {
        guard let last = syllable.last, ("1"..."6").contains(last), syllable.count >= 2 else { return false }
        return syllable.dropLast().allSatisfy { ("a"..."z").contains($0) }
    }
}
