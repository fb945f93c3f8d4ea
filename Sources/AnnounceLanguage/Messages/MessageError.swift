/// Why a message cannot be made from its template and values.
///
/// The ``description`` is one line naming the template or the amounts and
/// the problem, e.g. `template 'refund' needs an amount for {amount}`.
import AnnounceCommon

public struct MessageError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// A message whose values do not fit its template is rejected input.
    public var category: ErrorCategory { .rejectedInput }

    /// The kinds of problem.
    public enum Problem: Equatable, Sendable {
        /// The template has `{amount}` and no amount was given.
        case missingAmount
        /// An amount was given and the template has no `{amount}`.
        case unexpectedAmount
        /// The template has `{count}` and no count was given.
        case missingCount
        /// A count was given and the template has no `{count}`.
        case unexpectedCount
        /// A burst of no amounts.
        case noAmounts
        /// A burst of more amounts than the largest count.
        case tooManyAmounts(Int)
        /// A burst whose total, in fen, is larger than the largest amount.
        case totalTooLarge(fen: UInt64, amounts: Int)
        /// The summary preset with more payments than
        /// ``Message/summaryMaximumCount``, the most that fit the budget.
        case summaryCountTooLarge(Int)
        /// The summary preset with a total above
        /// ``Message/summaryMaximumTotalFen``, the most that fits the budget.
        case summaryTotalTooLarge(Amount)
        /// The template does not read in the message's language.
        case template(TemplateError)
        /// The prefix is a preset the message's language does not have.
        case prefix(PrefixError)
    }

    /// The template the values were for.
    public let template: Template
    /// What is wrong.
    public let problem: Problem

    /// An error for values given to `template`, with `problem`.
    public init(template: Template, problem: Problem) {
        self.template = template
        self.problem = problem
    }

    /// One line that names the template (or the amounts) and the problem.
    public var description: String {
        let quoted = "template \(AmountError.quote(template.description))"
        switch problem {
        case .missingAmount: return "\(quoted) needs an amount for {amount}"
        case .unexpectedAmount: return "\(quoted) has no {amount}: give no amount"
        case .missingCount: return "\(quoted) needs a count for {count}"
        case .unexpectedCount: return "\(quoted) has no {count}: give no count"
        case .noAmounts: return "no amounts to announce together"
        case .tooManyAmounts(let number):
            return "\(number) amounts are too many to announce together: at most \(Count.range.upperBound)"
        case .totalTooLarge(let fen, let amounts):
            return "the total of \(amounts) amounts, \(Self.decimal(fen: fen)), is larger than the largest amount 999999999999.99"
        case .summaryCountTooLarge(let number):
            return "\(quoted) says at most \(Message.summaryMaximumCount) payments within the 6 s budget, not \(number)"
        case .summaryTotalTooLarge(let total):
            let limit = Self.decimal(fen: Message.summaryMaximumTotalFen)
            return "\(quoted) says a total of at most \(limit) within the 6 s budget, not \(total)"
        case .template(let error): return error.description
        case .prefix(let error): return error.description
        }
    }

    /// A fen count in the canonical decimal form, for totals beyond ``Amount``'s range.
    static func decimal(fen: UInt64) -> String {
        let cents = fen % 100
        return cents == 0 ? String(fen / 100) : "\(fen / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}
