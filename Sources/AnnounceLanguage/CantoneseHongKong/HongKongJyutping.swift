/// Jyutping (LSHK) of the traditional characters Hong Kong's readings,
/// presets and common payment words use. Checked against espeak-ng's
/// Cantonese reading of each character by a test (scripts/voice/check-jyutping).
package enum HongKongJyutping {
    package static let lexicon: [Character: String] = [
        "零": "ling4", "一": "jat1", "二": "ji6", "兩": "loeng5", "三": "saam1", "四": "sei3", "五": "ng5",
        "六": "luk6", "七": "cat1", "八": "baat3", "九": "gau2", "十": "sap6", "百": "baak3", "千": "cin1",
        "萬": "maan6", "億": "jik1", "點": "dim2", "港": "gong2", "元": "jyun4", "蚊": "man1", "毫": "hou4",
        "仙": "sin1", "到": "dou3", "賬": "zoeng3", "支": "zi1", "付": "fu6", "寶": "bou2", "微": "mei4",
        "信": "seon3", "收": "sau1", "款": "fun2", "達": "daat6", "通": "tung1", "轉": "zyun2", "數": "sou3",
        "快": "faai3", "香": "hoeng1", "退": "teoi3", "會": "wui2", "員": "jyun4", "充": "cung1", "值": "zik6",
        "筆": "bat1", "共": "gung6", "計": "gai3", "成": "sing4", "功": "gung1", "已": "ji5", "入": "jap6",
        "錢": "cin2", "包": "baau1", "掃": "sou3", "碼": "maa5", "商": "soeng1", "家": "gaa1", "現": "jin6",
        "金": "gam1", "請": "cing2", "查": "caa4", "整": "zing2", "單": "daan1", "優": "jau1", "惠": "wai6",
    ]

    /// The citation syllables of `text`, one per character, from
    /// `pronunciations` or the lexicon; nil when a character has none.
    package static func syllables(of text: String, pronunciations: [String: String] = [:]) -> [String]? {
        Romanisation.syllables(
            of: text, given: pronunciations[text], pronunciations: pronunciations, lexicon: lexicon,
            isSyllable: Jyutping.isSyllable)
    }
}
