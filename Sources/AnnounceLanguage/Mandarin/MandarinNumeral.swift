/// Chinese numerals for integers 0 ... 999,999,999,999, as they are read aloud
/// (READING.md R1–R4, with the variants V2 and V3).
///
/// The reader takes one digit at a time, from the 千 of the 亿 group to the
/// units, carrying a small ``State``: the whole reading is those digits'
/// words in turn, and the worst-case search of a voice reads through the
/// same steps, one decision at a time.
import AnnounceCommon

package enum Numeral {
    package static let digits = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
    /// The two of counting (两), which some readings say for a 2.
    package static let countingTwo = "两"
    /// How many integer digits the reader takes: 0 is the 千 of the 亿
    /// group, 11 the units.
    package static let digitCount = 12

    /// What the reader remembers between digits.
    package struct State: OptionSet, Hashable, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// A digit has been said.
        package static let said = State(rawValue: 1)
        /// The current group has begun (a digit said, here or before).
        package static let started = State(rawValue: 2)
        /// A zero waits to be said before the next non-zero digit.
        package static let pendingZero = State(rawValue: 4)
        /// The current group has said a digit, so it says its unit.
        package static let groupDigit = State(rawValue: 8)
        /// An all-zero group was skipped after words were said.
        package static let skipped = State(rawValue: 16)
        /// Every bit the reader uses, the low bits of an `Int`.
        package static let all: State = [.said, .started, .pendingZero, .groupDigit, .skipped]
    }

    /// The words of `value` read as a number.
    /// - Parameters:
    ///   - twoBeforeUnits: read a leading 2 directly before 百/千/万/亿 as
    ///     两 (V2).
    ///   - tenKeepsOne: keep the 一 of a leading 十 (V3); otherwise 10–19 at
    ///     the very start is read 十… (R3).
    static func words(_ value: UInt64, twoBeforeUnits: Bool, tenKeepsOne: Bool) -> [String] {
        guard value > 0 else { return [digits[0]] }
        var words: [String] = []
        var state = State()
        var divisor: UInt64 = 100_000_000_000
        for index in 0..<digitCount {
            words += read(
                index, Int(value / divisor % 10), state: &state, twoBeforeUnits: twoBeforeUnits, tenKeepsOne: tenKeepsOne)
            divisor /= 10
        }
        return words
    }

    /// The words integer digit `index` says when it is `digit`, updating
    /// `state` (R1–R4, V2, V3).
    package static func read(
        _ index: Int, _ digit: Int, state: inout State, twoBeforeUnits: Bool, tenKeepsOne: Bool
    ) -> [String] {
        let place = index % 4
        let group = index / 4
        let groupUnit: String? = group == 0 ? "亿" : group == 1 ? "万" : nil
        var words: [String] = []
        if place == 0 {
            // R4c: a new group; after words, a zero in it (or a skipped
            // all-zero group) gives one 零.
            state.subtract([.groupDigit, .pendingZero, .started])
            if state.contains(.said) {
                state.insert(.started)
                if state.contains(.skipped) { state.insert(.pendingZero) }
            }
        }
        let said = state.contains(.said)
        if digit == 0 {
            // R4a/R4b: zeros only count when a non-zero digit follows.
            if state.contains(.started) { state.insert(.pendingZero) } else { state.remove(.pendingZero) }
        } else {
            if state.contains(.pendingZero) {
                words.append(digits[0])
                state.remove(.pendingZero)
            }
            let placeUnit: String? = ["千", "百", "十", nil][place]
            // The word that follows this digit: its place unit, or for the
            // units digit the group's unit (万, 亿), if any.
            let following = placeUnit ?? groupUnit
            if !said && placeUnit == "十" && digit == 1 && !tenKeepsOne {
                // R3: 十元, 十五万, not 一十….
            } else if !said && twoBeforeUnits && digit == 2 && ["百", "千", "万", "亿"].contains(following) {
                // V2: the leading 2 directly before 百, 千, 万 or 亿.
                words.append(countingTwo)
            } else {
                words.append(digits[digit])
            }
            if let placeUnit { words.append(placeUnit) }
            state.formUnion([.said, .started, .groupDigit])
        }
        if place == 3 {
            // R1: an all-zero group says nothing, not even its unit.
            if state.contains(.groupDigit) {
                if let groupUnit { words.append(groupUnit) }
                state.remove(.skipped)
            } else if state.contains(.said) {
                state.insert(.skipped)
            }
        }
        return words
    }
}
