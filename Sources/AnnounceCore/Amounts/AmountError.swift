/// Why a piece of text is not an amount that can be announced.
///
/// The ``description`` is the one line a user sees: it quotes the input and
/// names the problem, e.g. `'1.234' has more than 2 decimal places`.
public struct AmountError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of problem an amount can have.
    public enum Problem: Equatable, Sendable {
        case empty
        case negative
        case sign
        case notDecimal
        case tooManyDecimals
        case missingIntegerDigits
        case missingFractionDigits
        case leadingZero
        case tooLarge
        case misplacedSeparators
        case notWholeFen
        case fenTooLarge
    }

    /// The text as the user gave it.
    public let input: String
    public let problem: Problem

    public init(input: String, problem: Problem) {
        self.input = input
        self.problem = problem
    }

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
        }
    }

    /// Quotes user input for a one-line message: control characters are
    /// escaped so the message stays on one line, and very long input is cut.
    static func quote(_ text: String) -> String {
        var out = "'"
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == 40 {
                out += "…"
                break
            }
            switch scalar.value {
            case 0..<0x20, 0x7F, 0x85, 0x2028, 0x2029:
                out += scalar.escaped(asASCII: true)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }
}
