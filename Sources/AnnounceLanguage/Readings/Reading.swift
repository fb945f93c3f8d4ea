/// The words an amount is read as: `一 百 二 十 三 点 四 五 元`.
///
/// Each word is what one clip says. The prefix (到账…) is not part of the
/// reading; see ``Message``.
import AnnounceCommon

public struct Reading: Hashable, Sendable {
    /// The words, in order; each is what one clip says.
    public let words: [String]

    /// The words run together: `一百二十三点四五元`.
    public var text: String { words.joined() }
}

extension Amount {
    /// Reads the amount aloud following READING.md: the decimal reading
    /// (R1–R8) or the currency reading (V1), with the 两 (V2) and 一十 (V3)
    /// variants as `options` say.
    public func reading(_ options: ReadingOptions = ReadingOptions()) -> Reading {
        var words: [String] = []
        // V2: an integer part of exactly 2 said directly before 元 is 两:
        // with 元角分 always (两元四角五分), in the decimal style only
        // when no 点 follows (两元, but 二点四五元).
        let twoBeforeUnits = options.reads(.countingTwoBeforeUnits)
        let integer = twoBeforeUnits && yuan == 2 && (options.style == .currency || fen == 200)
            ? [Numeral.countingTwo]
            : Numeral.words(yuan, twoBeforeUnits: twoBeforeUnits, tenKeepsOne: options.reads(.leadingTenKeepsOne))
        switch options.style {
        case .decimal:
            words = integer
            // R5: trailing zeros of the fraction are not read.
            let fraction = jiao == 0 && fenDigit == 0 ? [] : fenDigit == 0 ? [jiao] : [jiao, fenDigit]
            if !fraction.isEmpty {
                words.append("点")
                words += fraction.map { Numeral.digits[$0] }
            }
            words.append("元")
        case .currency:
            if yuan > 0 { words = integer + ["元"] }
            // 两角, and 两分 with nothing before it, where the language says so.
            let twoOfSubunits = options.reads(.countingTwoOfSubunits)
            if jiao > 0 {
                words += [jiao == 2 && twoOfSubunits ? Numeral.countingTwo : Numeral.digits[jiao], "角"]
            } else if yuan > 0 && fenDigit > 0 {
                words.append(Numeral.digits[0])
            }
            if fenDigit > 0 {
                words += [fenDigit == 2 && twoOfSubunits && words.isEmpty ? Numeral.countingTwo : Numeral.digits[fenDigit], "分"]
            }
            if words.isEmpty { words = [Numeral.digits[0], "元"] }
        }
        return Reading(words: words)
    }
}
