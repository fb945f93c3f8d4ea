/// Why a piece of text is not an amount that can be announced.
///
/// The ``description`` is the one line a user sees: it quotes the input and
/// names the problem, e.g. `'1.234' has more than 2 decimal places`.
import AnnounceCommon

public struct AmountError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// An amount that cannot be announced is rejected input.
    public var category: ErrorCategory { .rejectedInput }

    /// The kinds of problem an amount can have.
    public enum Problem: Equatable, Sendable {
        /// No digits at all (empty or only blanks).
        case empty
        /// A leading `-` before a number: negative amounts cannot be announced.
        case negative
        /// A leading `+` before a number.
        case sign
        /// Not a decimal amount: letters, a second point, other characters.
        case notDecimal
        /// More than two digits after the point (`1.234`); never rounded.
        case tooManyDecimals
        /// A point with no digit before it (`.5`).
        case missingIntegerDigits
        /// A point with no digit after it (`5.`).
        case missingFractionDigits
        /// A leading zero in the integer part (`012`), or in a fen count.
        case leadingZero
        /// More than 12 integer digits (above 999999999999.99).
        case tooLarge
        /// Thousands separators not in groups of three digits (`1,23.00`).
        case misplacedSeparators
        /// A fen count (``Amount/init(fenText:)``) that is not ASCII digits alone.
        case notWholeFen
        /// A fen count above 99999999999999 (the largest amount).
        case fenTooLarge
        /// A character that cannot be seen (a zero-width joiner, a byte order
        /// mark, a variation selector, a combining mark, a control character)
        /// is left once the blanks around the amount are trimmed.
        case invisibleCharacter(Unicode.Scalar)
    }

    /// The text as the user gave it.
    public let input: String
    /// What is wrong with ``input``.
    public let problem: Problem

    /// An error for `input`, as the user gave it, with `problem`.
    public init(input: String, problem: Problem) {
        self.input = input
        self.problem = problem
    }

    /// One line that quotes the input and names the problem.
    public var description: String {
        let quoted = Self.quote(input)
        switch problem {
        case .empty: return "empty amount: expected digits such as 123.45"
        case .negative: return "\(quoted): negative amounts cannot be announced"
        case .sign: return "\(quoted): an amount takes no sign"
        case .notDecimal: return "\(quoted) is not a decimal amount"
        case .tooManyDecimals: return "\(quoted) has more than 2 decimal places"
        case .missingIntegerDigits: return "\(quoted) needs a digit before the decimal point"
        case .missingFractionDigits: return "\(quoted) needs 1 or 2 digits after the decimal point"
        case .leadingZero: return "\(quoted) has a leading zero"
        case .tooLarge:
            return "\(quoted) is too large: the largest amount is 999999999999.99 (12 integer digits)"
        case .misplacedSeparators:
            return "\(quoted) has misplaced thousands separators: use groups of 3 digits, as in 1,234.50"
        case .notWholeFen: return "\(quoted) is not a whole number of fen"
        case .fenTooLarge: return "\(quoted) fen is too large: the largest amount is 99999999999999 fen"
        case .invisibleCharacter(let scalar):
            return "\(quoted) contains an invisible character: \(Self.describe(scalar))"
        }
    }

    /// Quotes user input for a one-line message (``MessageText``): control
    /// and invisible characters are escaped so the message stays on one line
    /// and shows them, and very long input is cut.
    package static func quote(_ text: String) -> String {
        MessageText.quoted(text)
    }

    /// `U+200D ZERO WIDTH JOINER (a format character)`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let properties = scalar.properties
        var code = String(scalar.value, radix: 16, uppercase: true)
        if code.count < 4 { code = String(repeating: "0", count: 4 - code.count) + code }
        let name = properties.name ?? properties.nameAlias
        let kind: String
        if properties.isVariationSelector {
            kind = "a variation selector"
        } else if MessageText.isCombiningMark(scalar) {
            kind = "a combining mark"
        } else {
            switch properties.generalCategory {
            case .control: kind = "a control character"
            case .format: kind = "a format character"
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: kind = "a blank"
            default: kind = "an invisible character"
            }
        }
        return "U+\(code)\(name.map { " " + $0 } ?? "") (\(kind))"
    }
}
