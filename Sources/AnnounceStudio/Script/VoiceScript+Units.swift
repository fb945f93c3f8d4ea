import AnnounceServer

extension VoiceScript {
    /// The larger units a speaker says in context, in script order, for a
    /// script with group units: the numbers 十一 to 九十九 as said inside an
    /// amount, X百, X千 and X万 (两 with the 两 variant, 十万), 点X (decimal),
    /// X角 and X分 (currency), and a final X元 (零元 … 九元, 十元, 两元 with
    /// the 两 variant). The planner says a reading with the longest runs a
    /// voice has, so each group replaces two or three joins.
    ///
    /// 一元 is left out: as the units digit of an amount (一百零一元) its 一
    /// is yī, alone (一元) yì, and one clip cannot be both.
    public static func groupUnits(for coverage: VoiceCoverage) -> [String] {
        let digits = Numeral.digits
        let countingTwo = coverage.variants.contains { $0.change == .countingTwoBeforeUnits }
        var units: [String] = []
        for tens in 1...9 {
            for ones in 0...9 where tens > 1 || ones > 0 {
                units.append((tens > 1 ? digits[tens] : "") + "十" + (ones > 0 ? digits[ones] : ""))
            }
        }
        for unit in ["百", "千", "万"] {
            for digit in 1...9 { units.append(digits[digit] + unit) }
            if countingTwo { units.append(Numeral.countingTwo + unit) }
        }
        units.append("十万")
        if coverage.styles.contains(.decimal) { units += digits.map { "点" + $0 } }
        if coverage.styles.contains(.currency) {
            units += (1...9).map { digits[$0] + "角" } + (1...9).map { digits[$0] + "分" }
        }
        units += digits.enumerated().filter { $0.offset != 1 }.map { $0.element + "元" } + ["十元"]
        if countingTwo { units.append(Numeral.countingTwo + "元") }
        return units
    }
}
