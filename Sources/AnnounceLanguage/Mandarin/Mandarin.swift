/// Mandarin in simplified characters, the language of the bundled default
/// voice: the plain decimal reading, with 两 and 一十 as variants; pinyin;
/// tone sandhi, so runs recorded together and the clip rules that place
/// them; how each item of a script is said.
public struct Mandarin: LanguageRules {
    public init() {}

    public var tag: String { "cmn-Hans" }
    public var cliName: String { "mandarin" }
    public var displayName: String { "Mandarin" }
    /// The formal reading of docs/READING.md.
    public var reader: any NumberReader { MandarinReader() }
    public var readingVariants: [ReadingVariant] { [.liang, .leadYi] }
    public var romanisation: String { "pinyin" }
    public var romanisationExample: (word: String, syllables: String) { ("美团", "mei3 tuan2") }

    public func syllables(of text: String, pronunciations: [String: String]) -> [String]? {
        Pinyin.syllables(of: text, pronunciations: pronunciations)
    }

    public func spoken(_ syllables: [String]) -> [String] { Pinyin.spoken(syllables) }
    public func shown(_ syllable: String) -> String { Pinyin.marked(syllable) }

    // MARK: Clips

    /// Both rules: 一's tone before 万 and 亿, and third tones in pairs.
    public var clipRules: [ClipRule] { [.leadsGroup, .thirdPairs] }

    /// Words read with the third tone, as readings produce them.
    package static let thirdToneWords: Set<String> = ["五", "九", "百", "点", "两", "角"]

    /// What a word is to the rules: a third tone, a group unit (亿, 万), a
    /// zero, or none of them.
    public func ruleWord(of word: String) -> ClipRule.Word {
        switch word {
        case _ where Self.thirdToneWords.contains(word): Self.thirdTone
        case "亿", "万": Self.groupUnit
        case "零": Self.zero
        default: .other
        }
    }

    /// The rules a clip for `key` gets when the manifest states none: a run
    /// ending in a third-tone word needs ``ClipRule/thirdPairs``, and 一万 /
    /// 一亿 need ``ClipRule/leadsGroup``. A manifest's explicit `"when": []`
    /// means no rule.
    public func defaultClipRules(for key: String) -> [ClipRule] {
        let characters = key.map(String.init)
        guard characters.count >= 2 else { return [] }
        var rules: [ClipRule] = []
        if characters[0] == "一" && (characters[1] == "万" || characters[1] == "亿") { rules.append(.leadsGroup) }
        if let last = characters.last, Self.thirdToneWords.contains(last) { rules.append(.thirdPairs) }
        return rules
    }

    public func runsRecordedTogether(for options: ReadingOptions) -> [String] { Self.sandhiRuns(for: options) }
    public var runsForCounts: [String] { Self.countRuns }
    public func wordInstruction(for text: String) -> String { Self.wordInstruction(for: text) }
    public func runNote(for text: String) -> String { Self.runNote(for: text) }
    /// The runs recorded together that fix tone sandhi for readings with
    /// `options`, in script order. Each adjacent pair of third tones a
    /// reading can produce (五百, 百五, 五点, 点五, 五五, 五角, 角五, …) and
    /// the yì/yí of 一 before 百 千 万 亿; 一百 before a third tone
    /// (一百五, 一百九, 一百点) is recorded as a run of three so the 一 keeps
    /// its sandhi. See docs/VOICES.md for why these and no others.
    static func sandhiRuns(for options: ReadingOptions) -> [String] {
        var runs = ["一百", "一千", "一万", "一亿", "一百五", "一百九"]
        if options.style == .decimal { runs.append("一百点") }
        if options.liang { runs.append("两百") }
        runs += ["五百", "九百", "百五", "百九"]
        switch options.style {
        case .decimal: runs += ["五点", "九点", "百点", "点五", "点九", "五五", "五九", "九五", "九九"]
        case .currency: runs += ["五角", "九角", "角五", "角九"]
        }
        return runs
    }

    /// The runs counts need whatever the reading options: counts say 两百.
    static let countRuns = ["两百"]

    /// How a speaker says a word on its own.
    private static func wordInstruction(for text: String) -> String {
        switch text {
        case "一": "on its own, yī as a digit in a price (not yāo)"
        case "二": "on its own, èr as a digit in a price (not liǎng)"
        case "两": "on its own, liǎng as in 两百"
        case "零", "三", "四", "五", "六", "七", "八", "九": "on its own, as a digit in a price, not as a count"
        default: "on its own, full tone, as in a price"
        }
    }

    /// What changes in a run recorded together: 一's tone, or a third tone
    /// that rises before another.
    private static func runNote(for text: String) -> String {
        text.hasPrefix("一") ? " (一 changes its tone)" : " (the first third tone rises)"
    }
}

extension Language {
    /// Mandarin in simplified characters, the language of the bundled default voice.
    public static let mandarin = Language(Mandarin())
}
