/// Cantonese's part of a voice script: how each word is said. Cantonese has
/// no tone sandhi in money readings, so it records no runs, and its words
/// join freely.
enum Cantonese {
    /// How a speaker says a word on its own.
    static func wordInstruction(for text: String) -> String {
        switch text {
        case "二": "on its own, ji6 as a digit in a price (二十, 十二), not loeng5"
        case "两": "on its own, loeng5 as in 两百 and 两元"
        case "零", "一", "三", "四", "五", "六", "七", "八", "九": "on its own, as a digit in a price, not as a count"
        default: "on its own, as in a price"
        }
    }
}
