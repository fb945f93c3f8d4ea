import AnnounceCommon

extension Amount {
    /// Parses the canonical decimal form, strictly (READING.md I1–I3):
    /// ASCII digits without leading zeros, optionally `.` and 1–2 digits,
    /// at most 12 integer digits. Nothing is trimmed, converted or rounded:
    /// `1.234` is an error, not 1.23.
    ///
    /// For the conveniences the command line allows (blanks, `¥`, thousands
    /// separators, full-width digits), use ``init(userInput:)``.
    public init(parsing text: String) throws(AmountError) {
        self = try Self.parseCanonical(Array(text.utf8), input: text)
    }

    /// Parses a whole number of fen, the form payment backends store
    /// (`12345` is 123.45 yuan). Surrounding blanks and full-width digits are
    /// accepted; a sign, a point or anything else is an error.
    public init(fenText text: String) throws(AmountError) {
        let bytes = try Self.normalized(text, allowCurrencySign: false)
        guard !bytes.isEmpty else { throw AmountError(input: text, problem: .empty) }
        if let problem = Self.signProblem(bytes, otherwise: .notWholeFen) {
            throw AmountError(input: text, problem: problem)
        }
        guard bytes.allSatisfy({ $0.isASCIIDigit }) else {
            throw AmountError(input: text, problem: .notWholeFen)
        }
        guard bytes.count == 1 || bytes[0] != UInt8(ascii: "0") else {
            throw AmountError(input: text, problem: .leadingZero)
        }
        guard bytes.count <= Self.maximumIntegerDigits + 2, let fen = Self.decimalValue(bytes[...]),
            fen <= Self.maximumFen
        else { throw AmountError(input: text, problem: .fenTooLarge) }
        self.fen = fen
    }

    /// Parses an amount as the command line accepts it: the canonical form
    /// plus surrounding blanks, one leading `¥` or `￥`, one trailing `元`, thousands separators
    /// (`1,234.50`: every group after the first has exactly three digits),
    /// and full-width digits and point (`１２３．４５`). Nothing else.
    public init(userInput text: String) throws(AmountError) {
        var bytes = try Self.normalized(text, allowCurrencySign: true)
        if bytes.contains(UInt8(ascii: ",")) {
            bytes = try Self.removingThousandsSeparators(bytes, input: text)
        }
        self = try Self.parseCanonical(bytes, input: text)
    }

    // MARK: - Implementation

    private static func parseCanonical(_ bytes: [UInt8], input: String) throws(AmountError) -> Amount {
        func fail(_ problem: AmountError.Problem) -> AmountError {
            AmountError(input: input, problem: problem)
        }
        guard !bytes.isEmpty else { throw fail(.empty) }
        if let problem = signProblem(bytes, otherwise: .notDecimal) { throw fail(problem) }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCIIDigit } }) else {
            throw fail(.notDecimal)
        }
        let integer = parts[0]
        guard !integer.isEmpty else { throw fail(parts.count == 2 ? .missingIntegerDigits : .empty) }
        var fraction: ArraySlice<UInt8> = []
        if parts.count == 2 {
            fraction = parts[1]
            guard !fraction.isEmpty else { throw fail(.missingFractionDigits) }
            guard fraction.count <= 2 else { throw fail(.tooManyDecimals) }
        }
        guard integer.count == 1 || integer.first != UInt8(ascii: "0") else { throw fail(.leadingZero) }
        guard integer.count <= maximumIntegerDigits, let yuan = decimalValue(integer) else {
            throw fail(.tooLarge)
        }
        var cents: UInt64 = 0
        for (index, digit) in fraction.enumerated() {
            cents += UInt64(digit - UInt8(ascii: "0")) * (index == 0 ? 10 : 1)
        }
        return Amount(uncheckedFen: yuan * 100 + cents)
    }

    /// The problem of text that starts with a sign: `.negative` or `.sign`
    /// when the rest looks like a number, else `otherwise`; nil without a sign.
    private static func signProblem(_ bytes: [UInt8], otherwise: AmountError.Problem) -> AmountError.Problem? {
        guard let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") else { return nil }
        let rest = bytes.dropFirst()
        let numeric = !rest.isEmpty && rest.allSatisfy { $0.isASCIIDigit || $0 == UInt8(ascii: ".") }
        guard numeric else { return otherwise }
        return first == UInt8(ascii: "-") ? .negative : .sign
    }

    private init(uncheckedFen fen: UInt64) {
        self.fen = fen
    }

    /// Trims blanks, drops one leading yuan sign if allowed, and maps
    /// full-width digits, point, comma-free signs to ASCII.
    ///
    /// Blanks are trimmed one Unicode scalar at a time, not one Character:
    /// a blank followed by a combining mark, a joiner or a variation selector
    /// is a single Character, and dropping it would drop that mark unseen.
    /// Anything invisible left after trimming is refused, naming it.
    private static func normalized(_ text: String, allowCurrencySign: Bool) throws(AmountError) -> [UInt8] {
        var scalars = text.unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        if let hidden = scalars.first(where: { scalar in
            (MessageText.isInvisible(scalar) && !scalar.properties.isWhitespace) || MessageText.isCombiningMark(scalar)
        }) {
            throw AmountError(input: text, problem: .invisibleCharacter(hidden))
        }
        if allowCurrencySign, let first = scalars.first, first == "¥" || first == "￥" {
            scalars.removeFirst()
        }
        // `12元`: the unit written after the amount, as the sign before it
        // (and like it, with nothing between).
        if allowCurrencySign, scalars.last == "元" {
            scalars.removeLast()
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars {
            switch scalar.value {
            case 0xFF10...0xFF19: bytes.append(UInt8(scalar.value - 0xFF10) + UInt8(ascii: "0"))
            case 0xFF0E: bytes.append(UInt8(ascii: "."))
            case 0xFF0D: bytes.append(UInt8(ascii: "-"))
            case 0xFF0B: bytes.append(UInt8(ascii: "+"))
            case 0..<0x80: bytes.append(UInt8(scalar.value))
            // Anything else cannot be part of an amount; keep a marker byte
            // so the parser reports "not a decimal amount".
            default: bytes.append(0xFF)
            }
        }
        return bytes
    }

    /// Removes `,` from the integer part when they group it correctly.
    private static func removingThousandsSeparators(_ bytes: [UInt8], input: String) throws(AmountError) -> [UInt8] {
        let point = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        let groups = bytes[..<point].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        let rest = bytes[point...]
        let looksNumeric = groups.allSatisfy { $0.allSatisfy { $0.isASCIIDigit } }
            && rest.allSatisfy { $0.isASCIIDigit || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }
        guard looksNumeric else { throw AmountError(input: input, problem: .notDecimal) }
        guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }),
            !rest.contains(UInt8(ascii: ","))
        else { throw AmountError(input: input, problem: .misplacedSeparators) }
        return Array(groups.joined()) + rest
    }

    /// The value of a run of ASCII digits, or nil on overflow.
    private static func decimalValue(_ digits: ArraySlice<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        for digit in digits {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            if o1 || o2 { return nil }
            value = sum
        }
        return value
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
