/// Pinyin for the words a voice records: the syllables of each character
/// with tone numbers (`wan4`), the tones as said in a run (tone sandhi), and
/// tone marks (`wàn`).
import AnnounceCommon

package enum Pinyin {
    /// Citation pinyin (tone 1–4, 5 for the neutral tone) of the characters
    /// readings and the preset prefixes use, and of some common in payment
    /// announcements. Others need a pronunciation from the caller.
    package static let lexicon: [Character: String] = [
        "零": "ling2", "一": "yi1", "二": "er4", "两": "liang3", "三": "san1", "四": "si4", "五": "wu3",
        "六": "liu4", "七": "qi1", "八": "ba1", "九": "jiu3", "十": "shi2", "百": "bai3", "千": "qian1",
        "万": "wan4", "亿": "yi4", "点": "dian3", "元": "yuan2", "角": "jiao3", "分": "fen1",
        "到": "dao4", "账": "zhang4", "支": "zhi1", "付": "fu4", "宝": "bao3", "微": "wei1", "信": "xin4",
        "收": "shou1", "款": "kuan3", "已": "yi3", "入": "ru4", "钱": "qian2", "包": "bao1", "云": "yun2",
        "闪": "shan3", "扫": "sao3", "码": "ma3", "成": "cheng2", "功": "gong1", "退": "tui4", "商": "shang1",
        "家": "jia1", "美": "mei3", "团": "tuan2", "京": "jing1", "东": "dong1", "红": "hong2", "费": "fei4",
        "现": "xian4", "金": "jin1", "共": "gong4", "计": "ji4", "笔": "bi3", "请": "qing3", "查": "cha2",
        "整": "zheng3", "单": "dan1", "订": "ding4", "外": "wai4", "卖": "mai4", "新": "xin1",
        "会": "hui4", "员": "yuan2", "充": "chong1", "值": "zhi2", "优": "you1", "惠": "hui4",
    ]

    /// The pinyin of every preset's words, as the presets give it.
    package static let presetWords = Mandarin.presetPinyin

    /// The citation syllables of `text`, one per character (`["yi1", "wan4"]`),
    /// from `pronunciations` (whole text → syllables separated by blanks or
    /// `-`), the presets' words or the lexicon; nil when a character has no
    /// known pinyin.
    package static func syllables(of text: String, pronunciations: [String: String] = [:]) -> [String]? {
        Romanisation.syllables(
            of: text, given: pronunciations[text] ?? presetWords[text], pronunciations: pronunciations, lexicon: lexicon,
            isSyllable: isSyllable)
    }

    /// Whether `syllable` is lowercase ASCII letters (ü as `v`) and a tone digit 1–5.
    package static func isSyllable(_ syllable: String) -> Bool {
        guard let last = syllable.last, ("1"..."5").contains(last), syllable.count >= 2 else { return false }
        return syllable.dropLast().allSatisfy { ("a"..."z").contains($0) }
    }

    /// The tone of a syllable with a tone number.
    static func tone(_ syllable: String) -> Int {
        syllable.last?.wholeNumberValue ?? 5
    }

    /// The syllables as said together in one breath: a third tone before a
    /// third tone rises (pairs taken from the end of a run: 五五 wu2 wu3,
    /// 五点五 wu3 dian2 wu3), and 一 before another syllable is yi2 before
    /// a fourth tone, yi4 before the others.
    package static func spoken(_ syllables: [String]) -> [String] {
        var result = syllables
        var index = syllables.count - 1
        while index > 0 {
            if tone(syllables[index]) == 3 && tone(syllables[index - 1]) == 3 {
                // The pair (index-1, index): its first rises; skip past it.
                result[index - 1] = String(syllables[index - 1].dropLast()) + "2"
                index -= 2
            } else {
                index -= 1
            }
        }
        for index in syllables.indices.dropLast() where syllables[index] == "yi1" {
            result[index] = tone(syllables[index + 1]) == 4 ? "yi2" : "yi4"
        }
        return result
    }

    /// A syllable with its tone as a mark: `wan4` → `wàn`, `lv3` → `lǚ`.
    package static func marked(_ syllable: String) -> String {
        let tone = tone(syllable)
        let letters: [Character] = syllable.dropLast().map { $0 == "v" ? "ü" : $0 }
        guard (1...4).contains(tone) else { return String(letters) }
        let vowels: [Character] = ["a", "e", "i", "o", "u", "ü"]
        // The mark goes on a or e, on the o of ou, else on the last vowel.
        let target =
            letters.firstIndex(of: "a") ?? letters.firstIndex(of: "e")
            ?? (letters.firstIndex(of: "o").flatMap { index in
                index + 1 < letters.count && letters[index + 1] == "u" ? index : nil
            })
            ?? letters.lastIndex(where: vowels.contains)
        guard let target else { return String(letters) }
        let marks: [Character: [Character]] = [
            "a": ["ā", "á", "ǎ", "à"], "e": ["ē", "é", "ě", "è"], "i": ["ī", "í", "ǐ", "ì"],
            "o": ["ō", "ó", "ǒ", "ò"], "u": ["ū", "ú", "ǔ", "ù"], "ü": ["ǖ", "ǘ", "ǚ", "ǜ"],
        ]
        var copy = letters
        copy[target] = marks[letters[target]]?[tone - 1] ?? letters[target]
        return String(copy)
    }
}
