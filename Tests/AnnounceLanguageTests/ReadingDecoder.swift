import AnnounceCommon
import AnnounceLanguage

/// A test-only reader that turns the words of a reading back into fen, and
/// refuses any reading that breaks the rules of docs/READING.md. It is written
/// from the listener's side, independently of the generator: zeros are checked
/// by absolute digit position, not by walking groups.
struct ReadingDecoder {
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    let options: ReadingOptions

    static let digitValues: [String: UInt64] = [
        "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    ]

    func decode(_ words: [String]) throws -> UInt64 {
        switch options.style {
        case .decimal: return try decodeDecimal(words)
        case .currency: return try decodeCurrency(words)
        }
    }

    private func decodeDecimal(_ words: [String]) throws -> UInt64 {
        guard words.last == "元" else { throw Invalid(description: "does not end in 元") }
        let body = Array(words.dropLast())
        let point = body.firstIndex(of: "点") ?? body.endIndex
        let integerWords = Array(body[..<point])
        var fen = try integerValue(integerWords, wholeAmount: point == body.endIndex) * 100
        if point < body.endIndex {
            let fraction = body[(point + 1)...]
            guard (1...2).contains(fraction.count) else { throw Invalid(description: "1–2 digits after 点") }
            guard fraction.last != "零" else { throw Invalid(description: "trailing 零 after 点 (R5)") }
            for (index, word) in fraction.enumerated() {
                guard word != "两", let digit = word == "零" ? 0 : Self.digitValues[word] else {
                    throw Invalid(description: "\(word) is not a fraction digit")
                }
                fen += digit * (index == 0 ? 10 : 1)
            }
        }
        return fen
    }

    private func decodeCurrency(_ words: [String]) throws -> UInt64 {
        if words == ["零", "元"] { return 0 }
        var rest = words[...]
        var yuan: UInt64 = 0
        if let yuanIndex = rest.firstIndex(of: "元") {
            let integerWords = Array(rest[..<yuanIndex])
            guard integerWords != ["零"] else { throw Invalid(description: "零元 with 角/分") }
            rest = rest[(yuanIndex + 1)...]
            // The integer part stands directly before 元 whatever follows it.
            yuan = try integerValue(integerWords, wholeAmount: true)
        }
        var jiao: UInt64 = 0
        var fen: UInt64 = 0
        var sawZero = false
        if rest.first == "零" {
            sawZero = true
            rest = rest.dropFirst()
        }
        if rest.count >= 2, rest[rest.startIndex + 1] == "角" {
            guard !sawZero, rest.first != "两", let digit = rest.first.flatMap({ Self.digitValues[$0] }) else {
                throw Invalid(description: "bad 角 digit")
            }
            jiao = digit
            rest = rest.dropFirst(2)
        }
        if rest.count == 2, rest.last == "分" {
            guard rest.first != "两", let digit = rest.first.flatMap({ Self.digitValues[$0] }) else {
                throw Invalid(description: "bad 分 digit")
            }
            fen = digit
            rest = rest.dropFirst(2)
        }
        guard rest.isEmpty else { throw Invalid(description: "unexpected words \(Array(rest))") }
        guard yuan + jiao + fen > 0 else { throw Invalid(description: "empty currency reading") }
        guard sawZero == (yuan > 0 && jiao == 0 && fen > 0) else { throw Invalid(description: "零 between 元 and 分") }
        return yuan * 100 + jiao * 10 + fen
    }

    /// One spoken non-zero digit at an absolute decimal position (0 = units).
    private struct Term {
        var digit: UInt64
        var position: Int
        var zeroBefore: Bool
        var isLiang: Bool
    }

    /// `wholeAmount`: the integer part is read directly before 元 (V2's
    /// bare whole 2), not before 点.
    private func integerValue(_ words: [String], wholeAmount: Bool) throws -> UInt64 {
        if words == ["零"] { return 0 }
        if words == ["两"] {
            guard options.liang && wholeAmount else { throw Invalid(description: "bare 两 outside V2's whole 2") }
            return 2
        }
        if words == ["二"] && options.liang && wholeAmount {
            throw Invalid(description: "a whole 2 before 元 is 两 with V2")
        }
        var terms: [Term] = []
        var group: [Term] = []  // terms of the group being read, positions 0–3 within it
        var pendingDigit: (value: UInt64, isLiang: Bool)?
        var zero = false
        var groupUnitsSeen: [Int] = []
        func flushUnits() {
            if let digit = pendingDigit {
                group.append(Term(digit: digit.value, position: 0, zeroBefore: zero, isLiang: digit.isLiang))
                pendingDigit = nil
                zero = false
            }
        }
        for (index, word) in words.enumerated() {
            switch word {
            case "零":
                guard pendingDigit == nil, !zero, index > 0 else { throw Invalid(description: "misplaced 零") }
                zero = true
            case "十", "百", "千":
                let place = word == "十" ? 1 : word == "百" ? 2 : 3
                var digit = pendingDigit
                if digit == nil {
                    guard index == 0, place == 1, !options.leadYi else { throw Invalid(description: "\(word) without a digit") }
                    digit = (1, false)
                } else if index == 1, place == 1, digit?.value == 1, !options.leadYi {
                    throw Invalid(description: "leading 一十 without V3 (R3)")
                }
                group.append(Term(digit: digit!.value, position: place, zeroBefore: zero, isLiang: digit!.isLiang))
                pendingDigit = nil
                zero = false
            case "万", "亿":
                flushUnits()
                guard !group.isEmpty, !zero else { throw Invalid(description: "\(word) after nothing (R1)") }
                let groupIndex = word == "万" ? 1 : 2
                guard groupUnitsSeen.allSatisfy({ $0 > groupIndex }) else { throw Invalid(description: "units out of order") }
                groupUnitsSeen.append(groupIndex)
                terms += group.map { Term(digit: $0.digit, position: $0.position + 4 * groupIndex, zeroBefore: $0.zeroBefore, isLiang: $0.isLiang) }
                group = []
            default:
                guard pendingDigit == nil, let value = Self.digitValues[word] else {
                    throw Invalid(description: "unexpected word \(word)")
                }
                pendingDigit = (value, word == "两")
            }
        }
        flushUnits()
        guard !zero else { throw Invalid(description: "trailing 零") }
        terms += group
        guard !terms.isEmpty else { throw Invalid(description: "no digits") }

        var value: UInt64 = 0
        for (index, term) in terms.enumerated() {
            var power: UInt64 = 1
            for _ in 0..<term.position { power *= 10 }
            value += term.digit * power
            if index == 0 {
                guard !term.zeroBefore else { throw Invalid(description: "leading 零") }
                // V2: the leading 2 before 百/千/万/亿 is 两, and only it.
                let beforeBigUnit = term.position > 0 && term.position % 4 != 1
                let wantLiang = options.liang && term.digit == 2 && beforeBigUnit
                guard term.isLiang == wantLiang else { throw Invalid(description: "两/二 at the start") }
                continue
            }
            let previous = terms[index - 1]
            guard previous.position > term.position else { throw Invalid(description: "digits out of order") }
            guard !term.isLiang else { throw Invalid(description: "两 not at the start") }
            // R4: a 零 is said exactly when zeros stand between two spoken
            // digits of one group, or the lower group has leading zeros, or a
            // whole group was skipped.
            let sameGroup = previous.position / 4 == term.position / 4
            let needsZero = sameGroup
                ? previous.position - term.position > 1
                : term.position % 4 != 3 || previous.position / 4 - term.position / 4 > 1
            guard term.zeroBefore == needsZero else {
                throw Invalid(description: needsZero ? "missing 零 before position \(term.position)" : "extra 零")
            }
        }
        return value
    }
}
