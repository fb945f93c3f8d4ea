/// An exact amount of money, counted in fen (1 yuan = 100 fen).
///
/// Amounts are never floating point: they are parsed from text digit by digit
/// and kept as an integer count of fen, so nothing is ever rounded.
/// The range is 0 ... 999,999,999,999.99 yuan: the integer part has at most
/// twelve digits (READING.md I3).
import AnnounceCommon

public struct Amount: Hashable, Comparable, Sendable {
    /// The largest amount, 999,999,999,999.99 yuan, in fen.
    public static let maximumFen: UInt64 = 99_999_999_999_999
    /// The most digits the integer (yuan) part may have.
    public static let maximumIntegerDigits = 12

    /// The amount in fen.
    public let fen: UInt64

    /// Creates an amount from a count of fen.
    /// - Throws: ``AmountError`` when `fen` exceeds ``maximumFen``.
    public init(fen: UInt64) throws(AmountError) {
        guard fen <= Self.maximumFen else {
            throw AmountError(input: String(fen), problem: .tooLarge)
        }
        self.fen = fen
    }

    /// The whole yuan (the integer part).
    public var yuan: UInt64 { fen / 100 }
    /// The jiao digit (first decimal place), 0–9.
    public var jiao: Int { Int(fen / 10 % 10) }
    /// The fen digit (second decimal place), 0–9.
    public var fenDigit: Int { Int(fen % 10) }

    /// Orders amounts by their value in fen.
    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.fen < rhs.fen }
}

extension Amount: CustomStringConvertible {
    /// The canonical decimal form: `123`, `123.40`, `0.05`.
    public var description: String {
        let cents = fen % 100
        guard cents != 0 else { return String(yuan) }
        return "\(yuan).\(cents < 10 ? "0" : "")\(cents)"
    }
}
