/// What a message says, written as text with slots: `{prefix}{amount}元`,
/// `退款{amount}元`, `{prefix}{count}笔，共计{amount}元`, `收款成功`.
///
/// The rules are in docs/MESSAGES.md (T1–T9). In short: `{amount}` is the
/// amount read by the reading rules and must be followed by its unit as the
/// language writes it in templates (``Language/amountUnit``: `元`);
/// `{count}` is a count read before the measure word that must follow it;
/// `{prefix}` is the prefix option. Fixed text between slots is split into
/// words at blanks, as a prefix phrase is, and each word is said with the
/// voice's clips; a comma (`，` `,` `、`) is a pause, not a word.
import AnnounceCommon

public struct Template: Hashable, Sendable {
    /// A slot: a place in the template that a message fills.
    public enum Slot: String, CaseIterable, Hashable, Sendable {
        /// The amount and its unit words: `{amount}元`.
        case amount
        /// A count, before its measure word: `{count}笔`.
        case count
        /// The prefix option's words.
        case prefix
    }

    /// One piece of a template, in order.
    public enum Part: Hashable, Sendable {
        /// A slot. `.slot(.amount)` stands for `{amount}` and the unit
        /// after it (``Language/amountUnit``): the slot says the amount with
        /// its unit words, whatever the style (T4).
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
    /// The tag of the language the text was read in: its unit ends
    /// `{amount}`, and a preset's text is that language's.
    let languageTag: String

    init(name: String?, source: String, parts: [Part], languageTag: String) {
        self.name = name
        self.source = source
        self.parts = parts
        self.languageTag = languageTag
    }

    /// Presets are equal when they have the same name, whatever language
    /// words them; templates given as text when their text reads the same.
    public static func == (lhs: Template, rhs: Template) -> Bool {
        lhs.name == rhs.name && (lhs.name != nil || (lhs.source == rhs.source && lhs.parts == rhs.parts))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        if name == nil { hasher.combine(source) }
    }

    /// The template as `language` says it: its preset of the same name, or
    /// the text read with its unit.
    /// - Throws: ``TemplateError`` when `language` has no such preset or
    ///   the text does not read in it (another unit after `{amount}`).
    public func resolved(in language: Language) throws(TemplateError) -> Template {
        guard languageTag != language.tag else { return self }
        if let name {
            guard let preset = language.templatePresets.first(where: { $0.name == name }) else {
                throw TemplateError(template: name, problem: .unknownPreset, language: language)
            }
            return preset.template
        }
        return Template(
            name: nil, source: source, parts: try Self.parts(of: source, unit: language.amountUnit, language: language),
            languageTag: language.tag)
    }

    /// The slots the template has.
    public var slots: Set<Slot> {
        Set(parts.compactMap { part -> Slot? in
            guard case .slot(let slot) = part else { return nil }
            return slot
        })
    }

    /// The fixed words, in order, without the unit that belongs to `{amount}`.
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
        // A preset says the language's words; a prefix preset too.
        let template = (try? resolved(in: language)) ?? self
        let prefix = (try? prefix.resolved(in: language)) ?? prefix
        var words: [String] = []
        for part in template.parts {
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
