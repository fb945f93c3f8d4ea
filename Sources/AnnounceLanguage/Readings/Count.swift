/// A whole number of things (payments) said before a measure word:
/// 一笔, 两笔, 十二笔, 两百笔, 一万笔 (docs/MESSAGES.md, C1–C4).
///
/// How a count is read is the language's (``NumberReader/countWords(_:)``),
/// whatever the amount's reading options say.
import AnnounceCommon

public struct Count: Hashable, Comparable, Sendable {
    /// The counts that can be announced: 1 ... 10000.
    public static let range: ClosedRange<Int> = 1...10_000

    /// How many.
    public let value: Int

    /// A count of `value`.
    /// - Throws: ``CountError`` for 0, a negative number, or more than
    ///   ``range``'s upper bound.
    public init(_ value: Int) throws(CountError) {
        guard value >= Self.range.lowerBound else {
            throw CountError(input: String(value), problem: value == 0 ? .zero : .negative)
        }
        guard value <= Self.range.upperBound else { throw CountError(input: String(value), problem: .tooLarge) }
        self.value = value
    }

    /// Parses a count strictly: ASCII digits without a leading zero.
    /// Nothing is trimmed or converted.
    public init(parsing text: String) throws(CountError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw CountError(input: text, problem: .empty) }
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw CountError(input: text, problem: .notANumber)
        }
        guard digits.count == 1 || digits.first != UInt8(ascii: "0") else {
            throw CountError(input: text, problem: .notANumber)
        }
        if negative { throw CountError(input: text, problem: digits == [UInt8(ascii: "0")] ? .zero : .negative) }
        // More digits than the largest count has cannot be a count; stopping
        // here also keeps the value below overflow.
        guard digits.count <= String(Self.range.upperBound).count else {
            throw CountError(input: text, problem: .tooLarge)
        }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        do {
            try self.init(value)
        } catch {
            throw CountError(input: text, problem: error.problem)
        }
    }

    /// The words of the count, read before a measure word by the default
    /// language's reader: `两 百`, `十 二`.
    public var words: [String] { Language.default.reader.countWords(value) }

    /// The words of the count as `language` reads it before a measure word.
    public func words(in language: Language) -> [String] { language.reader.countWords(value) }

    /// The words run together: `两百`.
    public var text: String { words.joined() }

    /// The words any count can contain in the default language: what a
    /// voice needs for a `{count}`.
    public static var vocabulary: [String] { Language.default.reader.countVocabulary }

    /// Orders counts by their value.
    public static func < (lhs: Count, rhs: Count) -> Bool { lhs.value < rhs.value }
}

extension Count: CustomStringConvertible {
    /// The count in digits: `12`.
    public var description: String { String(value) }
}
