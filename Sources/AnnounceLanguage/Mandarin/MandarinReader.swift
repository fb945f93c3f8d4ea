/// The formal Chinese reading of docs/READING.md, as Mandarin says it:
/// digits in groups of four under 万 and 亿 (R1–R4), the decimal style's
/// 点 and 元 (R5–R8) or the currency style's 元角分 (V1), 两 (V2) and 一十
/// (V3) as variants, and 两 before 角 and 分 where a language asks for it.
/// Counts are read as everyday Mandarin reads a cardinal.
///
/// Which variant turns each of its three changes on is the language's: a
/// language that reads this way names its own variants (or none).
public struct MandarinReader: NumberReader {
    /// When the reader makes one of its changes: never, or when the options
    /// have a variant.
    public enum Change: Sendable {
        case never
        case with(ReadingVariant)

        /// Whether `options` turn the change on.
        func isOn(in options: ReadingOptions) -> Bool {
            guard case .with(let variant) = self else { return false }
            return options.has(variant)
        }

        /// Whether one of `variants` turns the change on.
        func isOn(among variants: [ReadingVariant]) -> Bool {
            guard case .with(let variant) = self else { return false }
            return variants.contains(variant)
        }
    }

    /// V2: a leading 2 directly before 百/千/万/亿, and an integer part of
    /// exactly 2 said directly before 元 (`2` 两元, currency `2.45`
    /// 两元四角五分), is read 两.
    let twoBeforeUnits: Change
    /// V3: a leading 十 keeps its 一 (`10` 一十元).
    let tenKeepsOne: Change
    /// In the currency style, a 2 of 角, and of 分 when nothing is said
    /// before it, is read 两 (两角, 两分, 两角二分).
    let twoOfSubunits: Change

    /// Mandarin's reader: 两 with ``ReadingVariant/liang``, 一十 with
    /// ``ReadingVariant/leadYi``, 二 before 角 and 分.
    public init() {
        self.init(twoBeforeUnits: .with(.liang), tenKeepsOne: .with(.leadYi), twoOfSubunits: .never)
    }

    /// The reader with each change turned on as a language says.
    public init(twoBeforeUnits: Change, tenKeepsOne: Change, twoOfSubunits: Change) {
        self.twoBeforeUnits = twoBeforeUnits
        self.tenKeepsOne = tenKeepsOne
        self.twoOfSubunits = twoOfSubunits
    }

    /// The steps use ``Numeral/State``'s bits and one of their own.
    public var stateBits: Int { 6 }

    /// An integer of exactly 2 whose step said nothing: the finish says it,
    /// 两元 or 二点四五元 as the fraction decides.
    static let bareTwo = Numeral.State.all.rawValue + 1

    public func read(_ index: Int, _ digit: Int, state: inout ReaderState, options: ReadingOptions) -> [String] {
        var numeral = Numeral.State(rawValue: state.rawValue & Numeral.State.all.rawValue)
        if index == Numeral.digitCount - 1 && !numeral.contains(.said) && digit == 2 {
            state.rawValue |= Self.bareTwo
            return []
        }
        let words = Numeral.read(
            index, digit, state: &numeral, twoBeforeUnits: twoBeforeUnits.isOn(in: options),
            tenKeepsOne: tenKeepsOne.isOn(in: options))
        state.rawValue = state.rawValue & ~Numeral.State.all.rawValue | numeral.rawValue
        return words
    }

    /// A new group resets all but whether words were said and a zero group
    /// skipped; after the units only whether words were said (and a bare
    /// 2) matters.
    public func carried(_ state: ReaderState, after index: Int) -> ReaderState {
        guard index % 4 == 3 else { return state }
        let kept = index == Numeral.digitCount - 1
            ? Numeral.State.said.rawValue | Self.bareTwo
            : Numeral.State.said.rawValue | Numeral.State.skipped.rawValue | Self.bareTwo
        return ReaderState(rawValue: state.rawValue & kept)
    }

    public func finish(fen: Int, state: ReaderState, options: ReadingOptions) -> [String] {
        let jiao = fen / 10 % 10
        let fenDigit = fen % 10
        let bareTwo = state.rawValue & Self.bareTwo != 0
        let said = bareTwo || state.rawValue & Numeral.State.said.rawValue != 0
        // V2: an integer part of exactly 2 said directly before 元 is 两:
        // with 元角分 always (两元四角五分), in the decimal style only
        // when no 点 follows (两元, but 二点四五元).
        let integer = !bareTwo ? []
            : twoBeforeUnits.isOn(in: options) && (options.style == .currency || fen == 0)
            ? [Numeral.countingTwo] : [Numeral.digits[2]]
        var words: [String] = []
        switch options.style {
        case .decimal:
            words = said ? integer : [Numeral.digits[0]]
            // R5: trailing zeros of the fraction are not read.
            let fraction = jiao == 0 && fenDigit == 0 ? [] : fenDigit == 0 ? [jiao] : [jiao, fenDigit]
            if !fraction.isEmpty {
                words.append("点")
                words += fraction.map { Numeral.digits[$0] }
            }
            words.append("元")
        case .currency:
            if said { words = integer + ["元"] }
            // 两角, and 两分 with nothing before it, where the language says so.
            let twoOfSubunits = self.twoOfSubunits.isOn(in: options)
            if jiao > 0 {
                words += [jiao == 2 && twoOfSubunits ? Numeral.countingTwo : Numeral.digits[jiao], "角"]
            } else if said && fenDigit > 0 {
                words.append(Numeral.digits[0])
            }
            if fenDigit > 0 {
                words += [fenDigit == 2 && twoOfSubunits && words.isEmpty ? Numeral.countingTwo : Numeral.digits[fenDigit], "分"]
            }
            if words.isEmpty { words = [Numeral.digits[0], "元"] }
        }
        return words
    }

    /// The steps in turn, each called on this reader itself.
    public func reading(of amount: Amount, options: ReadingOptions) -> Reading {
        readingBySteps(of: amount, options: options)
    }

    public func vocabulary(_ options: ReadingOptions) -> [String] {
        var words = Numeral.digits + ["十", "百", "千", "万", "亿", "元"]
        switch options.style {
        case .decimal: words.append("点")
        case .currency: words += ["角", "分"]
        }
        if twoBeforeUnits.isOn(in: options) || (twoOfSubunits.isOn(in: options) && options.style == .currency) {
            words.append(Numeral.countingTwo)
        }
        return words
    }

    /// A count is read as everyday Mandarin reads a cardinal, whatever the
    /// amount's reading options say: a leading 2 before 百/千/万 and a bare
    /// 2 (directly before the measure word) are 两, every other 2 is 二,
    /// and a leading 十 drops its 一.
    public func countWords(_ value: Int) -> [String] {
        // C2: a bare 2 is 两 before a measure word (两笔), as in 两块; the
        // numeral's 两 rule covers a leading 2 before 百, 千 and 万.
        value == 2 ? [Numeral.countingTwo] : Numeral.words(UInt64(value), twoBeforeUnits: true, tenKeepsOne: false)
    }

    public var countVocabulary: [String] { Numeral.digits + ["十", "百", "千", "万", Numeral.countingTwo] }

    /// The numbers 十一 to 九十九 as said inside an amount, X百, X千 and X万
    /// (两 with the 两 variant, 十万), 点X (decimal), X角 and X分
    /// (currency), and a final X元 (零元 … 九元, 十元, 两元 with the 两
    /// variant). 一元 is left out: as the units digit of an amount
    /// (一百零一元) its 一 is yī, alone (一元) yì, and one clip cannot be both.
    public func groupUnits(styles: [ReadingStyle], variants: [ReadingVariant]) -> [String] {
        let digits = Numeral.digits
        let countingTwo = twoBeforeUnits.isOn(among: variants)
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
        if styles.contains(.decimal) { units += digits.map { "点" + $0 } }
        if styles.contains(.currency) {
            units += (1...9).map { digits[$0] + "角" } + (1...9).map { digits[$0] + "分" }
        }
        units += digits.enumerated().filter { $0.offset != 1 }.map { $0.element + "元" } + ["十元"]
        if countingTwo { units.append(Numeral.countingTwo + "元") }
        return units
    }
}
