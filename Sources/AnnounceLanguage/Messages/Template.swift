/// What a message says, written as text with slots: `{prefix}{amount}元`,
/// `退款{amount}元`, `{prefix}{count}笔，共计{amount}元`, `收款成功`.
///
/// The rules are in docs/MESSAGES.md (T1–T9). In short: `{amount}` is the
/// amount read by the reading rules and must be followed by `元`, its unit;
/// `{count}` is a count read before the measure word that must follow it;
/// `{prefix}` is the prefix option. Fixed text between slots is split into
/// words at blanks, as a prefix phrase is, and each word is said with the
/// voice's clips; a comma (`，` `,` `、`) is a pause, not a word.
import AnnounceCommon

public struct Template: Hashable, Sendable {
    /// A slot: a place in the template that a message fills.
    public enum Slot: String, CaseIterable, Hashable, Sendable {
        /// The amount and its unit: `{amount}元`.
        case amount
        /// A count, before its measure word: `{count}笔`.
        case count
        /// The prefix option's words.
        case prefix
    }

    /// One piece of a template, in order.
    public enum Part: Hashable, Sendable {
        /// A slot. `.slot(.amount)` stands for `{amount}元`: the 元 after
        /// `{amount}` belongs to the slot (T4).
        case slot(Slot)
        /// Fixed words, each said with the voice's clips.
        case words([String])
        /// A comma: a pause between words; `mark` is the comma as written.
        case pause(mark: String)
    }

    /// The most characters a template may have.
    public static let maximumLength = 64

    /// The preset's name (`refund`), or nil for a template given as text.
    public let name: String?
    /// The template as text, as given or as the preset defines it.
    public let source: String
    /// The pieces, in order.
    public let parts: [Part]

    init(name: String?, source: String, parts: [Part]) {
        self.name = name
        self.source = source
        self.parts = parts
    }

    /// The slots the template has.
    public var slots: Set<Slot> {
        Set(parts.compactMap { part -> Slot? in
            guard case .slot(let slot) = part else { return nil }
            return slot
        })
    }

    /// The fixed words, in order, without the 元 that belongs to `{amount}`.
    public var fixedWords: [String] {
        parts.flatMap { part -> [String] in
            guard case .words(let words) = part else { return [] }
            return words
        }
    }

    /// The words a voice must have clips for to say every message of this
    /// template with `prefix` and `options`: the prefix words (with a
    /// `{prefix}` slot), the fixed words, and the words any amount (with
    /// `{amount}`) or count (with `{count}`) can be read with in the
    /// default language.
    public func vocabulary(prefix: Prefix, options: ReadingOptions) -> [String] {
        vocabulary(prefix: prefix, options: options, in: .default)
    }

    /// ``vocabulary(prefix:options:)`` with amounts and counts read by
    /// `language`'s reader.
    public func vocabulary(prefix: Prefix, options: ReadingOptions, in language: Language) -> [String] {
        let reader = language.reader
        var words: [String] = []
        for part in parts {
            switch part {
            case .slot(.prefix): words += prefix.words
            case .slot(.amount): words += reader.vocabulary(options)
            case .slot(.count): words += reader.countVocabulary
            case .words(let fixed): words += fixed
            case .pause: break
            }
        }
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}

extension Template: CustomStringConvertible {
    /// The preset name, or the template text: how messages name a template.
    public var description: String { name ?? source }
}
