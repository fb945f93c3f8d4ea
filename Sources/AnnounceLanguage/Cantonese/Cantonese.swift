/// Cantonese's part of a voice script: how each item is said. Cantonese has
/// no tone sandhi in money readings, so it records no runs, and its words
/// join freely.
enum Cantonese {
    /// How a speaker says an item, its Jyutping `shown`.
    static func instruction(for text: String, kind: ScriptItemKind, shown: String) -> String {
        switch kind {
        case .word:
            switch text {
            case "二": return "on its own, ji6 as a digit in a price (二十, 十二), not loeng5"
            case "两": return "on its own, loeng5 as in 两百 and 两元"
            case "零", "一", "三", "四", "五", "六", "七", "八", "九": return "on its own, as a digit in a price, not as a count"
            default: return "on its own, as in a price"
            }
        case .prefix: return "the whole phrase, as the start of an announcement"
        case .phrase: return "the whole phrase as written, at the pace of an announcement"
        case .group, .run: return "together in one breath, as inside a price: \(shown)"
        }
    }
}
