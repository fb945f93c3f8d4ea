/// Why a number is not a count that can be announced.
///
/// The ``description`` is one line that quotes the input and names the
/// problem, e.g. `count '0' must be at least 1`.
import AnnounceCommon

public struct CountError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// A count that cannot be said is rejected input.
    public var category: ErrorCategory { .rejectedInput }

    /// The kinds of problem a count can have.
    public enum Problem: Equatable, Sendable {
        /// No text at all.
        case empty
        /// Not ASCII digits (a point, a sign other than `-`, a leading zero, letters).
        case notANumber
        /// 0 payments.
        case zero
        /// Below zero.
        case negative
        /// More than ``Count/range``'s upper bound.
        case tooLarge
    }

    /// The count as the user gave it.
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
        let quoted = AmountError.quote(input)
        let range = "\(Count.range.lowerBound)–\(Count.range.upperBound)"
        switch problem {
        case .empty: return "empty count: expected a whole number \(range)"
        case .notANumber: return "count \(quoted) is not a whole number: expected digits, \(range)"
        case .zero: return "count \(quoted) must be at least \(Count.range.lowerBound)"
        case .negative: return "count \(quoted) is negative: expected \(range)"
        case .tooLarge: return "count \(quoted) is too large: the largest count is \(Count.range.upperBound)"
        }
    }
}
