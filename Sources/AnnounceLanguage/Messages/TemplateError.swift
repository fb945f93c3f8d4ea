/// Why a `--template` value was refused.
///
/// The ``description`` is one line that quotes the template and names the
/// problem, e.g. `template '退款{amout}元' has an unknown slot {amout}: …`.
import AnnounceCommon

public struct TemplateError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// A template that cannot be read is a usage error: no amount can use it.
    public var category: ErrorCategory { .usage }

    /// The kinds of problem a template can have (docs/MESSAGES.md T1–T9).
    public enum Problem: Equatable, Sendable {
        /// No words and no slots.
        case empty
        /// More than ``Template/maximumLength`` characters.
        case tooLong
        /// A control character (a line break, a tab, …).
        case controlCharacter
        /// A `{` without its `}`, a `}` without its `{`, or a `{` inside a slot.
        case unbalancedBraces
        /// A slot name other than `amount`, `count` and `prefix`.
        case unknownSlot(String)
        /// A slot written twice.
        case repeatedSlot(Template.Slot)
        /// `{amount}` not followed by the language's unit (``Language/amountUnit``).
        case amountWithoutYuan
        /// The unit in fixed text besides right after `{amount}`.
        case yuanTwice
        /// The unit in a template without `{amount}`.
        case yuanWithoutAmount
        /// `{count}` not followed by a measure word.
        case countWithoutMeasureWord
        /// ASCII letters, digits, `-`, `_` alone, but not a preset name.
        case unknownPreset
    }

    /// The template as the user gave it.
    public let template: String
    /// What is wrong with it.
    public let problem: Problem
    /// The language the template was read in: its unit and presets.
    public let language: Language

    /// An error for `template`, as the user gave it, with `problem`, read
    /// in `language`.
    public init(template: String, problem: Problem, language: Language = .default) {
        self.template = template
        self.problem = problem
        self.language = language
    }

    /// One line that quotes the template and names the problem.
    public var description: String {
        let quoted = "template \(AmountError.quote(template))"
        let unit = language.amountUnit
        switch problem {
        case .empty: return "\(quoted) is empty: give words or slots such as {prefix}{amount}\(unit), or a preset"
        case .tooLong: return "\(quoted) is longer than \(Template.maximumLength) characters"
        case .controlCharacter: return "\(quoted) contains control characters"
        case .unbalancedBraces: return "\(quoted) has unbalanced braces: a slot is {amount}, {count} or {prefix}"
        case .unknownSlot(let name):
            return "\(quoted) has an unknown slot {\(name)}: the slots are {amount}, {count} and {prefix}"
        case .repeatedSlot(let slot): return "\(quoted) has {\(slot.rawValue)} more than once"
        case .amountWithoutYuan:
            return "\(quoted) must say \(unit) right after {amount}: it is the amount's unit in \(language.displayName) (the slot says the amount with its unit words in every style)"
        case .yuanTwice:
            return "\(quoted) says \(unit) twice: \(unit) belongs right after {amount} and nowhere else"
        case .yuanWithoutAmount: return "\(quoted) says \(unit) without {amount}: write {amount}\(unit)"
        case .countWithoutMeasureWord:
            let example = Self.countExample(in: language).map { ", as in {count}\($0)" } ?? ""
            return "\(quoted) needs a measure word right after {count}\(example)"
        case .unknownPreset:
            let names = language.templatePresets.map(\.name)
            let nearest = Suggestion.nearest(to: template, among: names).map { "did you mean \(MessageText.quoted($0))? " } ?? ""
            return "\(quoted) is not a preset (\(nearest)\(names.joined(separator: ", "))) and has no Chinese text or slots"
        }
    }

    /// The measure word after `{count}` in `language`'s presets.
    private static func countExample(in language: Language) -> String? {
        for (_, template) in language.templatePresets {
            guard let index = template.parts.firstIndex(of: .slot(.count)), index + 1 < template.parts.count,
                  case .words(let words) = template.parts[index + 1], let first = words.first
            else { continue }
            return first
        }
        return nil
    }
}
