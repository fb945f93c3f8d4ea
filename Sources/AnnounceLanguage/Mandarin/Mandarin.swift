/// Mandarin's part of a voice script: the runs recorded together for their
/// tone sandhi, and how each item is said.
enum Mandarin {
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
    static func wordInstruction(for text: String) -> String {
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
    static func runNote(for text: String) -> String {
        text.hasPrefix("一") ? " (一 changes its tone)" : " (the first third tone rises)"
    }
}
