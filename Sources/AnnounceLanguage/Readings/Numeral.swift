/// Chinese numerals for integers 0 ... 999,999,999,999, as they are read aloud
/// (READING.md R1–R4, with the 两 and 一十 variants).
import AnnounceCommon

package enum Numeral {
    package static let digits = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
    package static let liang = "两"

    /// The words of `value` read as a number.
    /// - Parameters:
    ///   - liang: read a leading 2 directly before 百/千/万/亿 as 两 (V2).
    ///   - leadYi: keep the 一 of a leading 十 (V3); otherwise 10–19 at the
    ///     very start is read 十… (R3).
    static func words(_ value: UInt64, liang: Bool, leadYi: Bool) -> [String] {
        guard value > 0 else { return [digits[0]] }
        let groups: [(value: Int, unit: String?)] = [
            (Int(value / 100_000_000), "亿"),
            (Int(value / 10_000 % 10_000), "万"),
            (Int(value % 10_000), nil),
        ]
        var words: [String] = []
        var skippedGroup = false
        for group in groups {
            if group.value == 0 {
                // R1: an all-zero group says nothing, not even its unit.
                skippedGroup = !words.isEmpty
                continue
            }
            // R4c: one 零 before a lower group that has leading zeros, or
            // that was reached by skipping an all-zero group.
            if !words.isEmpty && (group.value < 1000 || skippedGroup) {
                words.append(digits[0])
            }
            appendGroup(
                group.value, unit: group.unit, isFirst: words.isEmpty,
                liang: liang, leadYi: leadYi, to: &words)
            if let unit = group.unit { words.append(unit) }
            skippedGroup = false
        }
        return words
    }

    /// Reads one group, 1 ... 9999 (R2, R3, R4a, R4b).
    private static func appendGroup(
        _ group: Int, unit: String?, isFirst: Bool, liang: Bool, leadYi: Bool, to words: inout [String]
    ) {
        let places: [(digit: Int, unit: String?)] = [
            (group / 1000, "千"), (group / 100 % 10, "百"), (group / 10 % 10, "十"), (group % 10, nil),
        ]
        var started = false
        var pendingZero = false
        for place in places {
            guard place.digit != 0 else {
                // R4a/R4b: zeros only count when a non-zero digit follows.
                pendingZero = started
                continue
            }
            if pendingZero {
                words.append(digits[0])
                pendingZero = false
            }
            let isLeading = isFirst && !started
            // The word that follows this digit: its place unit, or for the
            // units digit the group's unit (万, 亿), if any.
            let following = place.unit ?? unit
            if isLeading && place.unit == "十" && place.digit == 1 && !leadYi {
                // R3: 十元, 十五万, not 一十….
            } else if isLeading && liang && place.digit == 2 && ["百", "千", "万", "亿"].contains(following) {
                // V2: the leading 2 directly before 百, 千, 万 or 亿.
                words.append(Self.liang)
            } else {
                words.append(digits[place.digit])
            }
            if let placeUnit = place.unit { words.append(placeUnit) }
            started = true
        }
    }
}
