import AnnounceCommon

/// The language a voice speaks, named by its manifest's `language`: it
/// chooses the reading options a voice of it uses, the clip rules its
/// manifest may state, the romanisation a voice script prints and how each
/// item is to be said. Each language's own words and rules live in its
/// folder as a ``LanguageRules``, its reading of numbers among them
/// (``reader``).
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The language's rules.
    public let rules: any LanguageRules

    /// The language `rules` define.
    public init(_ rules: some LanguageRules) {
        self.rules = rules
    }

    /// The BCP 47 tag a manifest states: `cmn-Hans`, `yue-Hans`.
    public var tag: String { rules.tag }
    /// The language's name in English, for people: `Mandarin`.
    public var displayName: String { rules.displayName }
    /// The name the command line takes and messages quote: `mandarin`.
    public var cliName: String { rules.cliName }

    public static func == (lhs: Language, rhs: Language) -> Bool { lhs.tag == rhs.tag }
    public func hash(into hasher: inout Hasher) { hasher.combine(tag) }

    /// Every language announce speaks: the package's own
    /// (``Language/packaged``), then those registered.
    public static var all: [Language] { packaged + registry.withLock { $0.languages } }

    /// The variants readers may ask for in any language (``ReadingVariant/offered``).
    static var offeredVariants: [ReadingVariant] { registry.withLock { $0.offered } }

    /// The languages registered, every language's offered variants, and
    /// the language each variant only a language's own reading has belongs
    /// to (worked out when first asked: a language's own reading is made
    /// of variants, which ask for the offered ones), kept together so a
    /// reading asks for them without making them.
    private struct Registry {
        var languages: [Language] = []
        var offered: [ReadingVariant]
        var owners: [ReadingVariant: Language]?
        /// How many languages have been registered, so owners worked out
        /// before a registration are not kept after it.
        var generation = 0
    }

    private static let registry = LockedState(Registry(offered: offered(by: packaged)))

    /// The language whose reading `options` are: the language one of whose
    /// own variants, which no reader may ask for, the options have (a
    /// Cantonese message's 两角); else the default language.
    public static func owner(of options: ReadingOptions) -> Language {
        guard !options.variants.isEmpty else { return .default }
        let owners = ownersOfOwnVariants()
        return options.variants.lazy.compactMap { owners[$0] }.first ?? .default
    }

    /// Each variant of a language's own reading that no language offers,
    /// and the first language whose it is.
    private static func ownersOfOwnVariants() -> [ReadingVariant: Language] {
        let (known, generation, offered) = registry.withLock { ($0.owners, $0.generation, $0.offered) }
        if let known { return known }
        var owners: [ReadingVariant: Language] = [:]
        for language in all {
            for variant in language.defaultReading.variants where !offered.contains(variant) && owners[variant] == nil {
                owners[variant] = language
            }
        }
        registry.withLock { if $0.generation == generation { $0.owners = owners } }
        return owners
    }

    /// The variants `languages` offer, each once, in their order.
    static func offered(by languages: [Language]) -> [ReadingVariant] {
        var variants: [ReadingVariant] = []
        for language in languages {
            for variant in language.readingVariants where !variants.contains(variant) { variants.append(variant) }
        }
        return variants
    }

    /// Adds a language the package does not bundle, so that manifests,
    /// packs and pushes may name it. Registering a language again, by its
    /// tag, does nothing.
    /// The server and the phone register the same languages: a push's
    /// message is written with the keys of the variants readers may ask
    /// for, and read back with the same list.
    /// - Throws: ``LanguageError`` of kind `malformed` when its tag is not
    ///   a BCP 47 tag, of kind `unknown` when its tag or one of its names is
    ///   another language's, of kind `clashingVariant` for a variant whose name or
    ///   key another variant or a message's field has.
    public static func register(_ rules: some LanguageRules) throws(LanguageError) {
        let language = Language(rules)
        guard isWellFormedTag(language.tag) else { throw LanguageError(.malformed, tag: language.tag) }
        var known = all.flatMap { $0.readingVariants + $0.defaultReading.variants }
        for variant in language.readingVariants + language.defaultReading.variants {
            guard ReadingVariant.fits(variant, among: known) else {
                throw LanguageError(.clashingVariant(variant), tag: language.tag)
            }
            known.append(variant)
        }
        let clash = all.first {
            ($0.tag.lowercased() == language.tag.lowercased() || $0.cliName.lowercased() == language.cliName.lowercased()
                || $0.displayName.lowercased() == language.displayName.lowercased()) && $0.tag != language.tag
        }
        if clash != nil { throw LanguageError(.unknown, tag: language.tag) }
        // Its presets are made on first use, so each must read now.
        for preset in rules.templatePresets {
            do {
                _ = try Template.parts(of: preset.text, unit: rules.amountUnit, language: language)
            } catch {
                throw LanguageError(.badPreset("\(preset.name): \(error.description)"), tag: language.tag)
            }
        }
        registry.withLock { registry in
            guard !registry.languages.contains(language) && !packaged.contains(language) else { return }
            registry.languages.append(language)
            registry.offered = offered(by: packaged + registry.languages)
            registry.owners = nil
            registry.generation += 1
        }
    }

    /// The language a manifest's `language` names, its tag or its
    /// command-line name (`cantonese`), compared without regard to case
    /// (`cmn-hans` is `cmn-Hans`).
    /// - Throws: ``LanguageError`` when `tag` is not a BCP 47 tag, or names
    ///   a language announce does not speak.
    public init(tag: String) throws(LanguageError) {
        let lowered = tag.lowercased()
        if let known = Self.all.first(where: { $0.tag.lowercased() == lowered || $0.cliName.lowercased() == lowered }) {
            self = known
            return
        }
        guard Self.isWellFormedTag(tag) else { throw LanguageError(.malformed, tag: tag) }
        throw LanguageError(.unknown, tag: tag)
    }

    /// `Mandarin (cmn-Hans)`.
    public var description: String { "\(displayName) (\(tag))" }

    /// Whether `tag` has the shape of a BCP 47 tag: subtags of ASCII
    /// letters and digits, 1–8 long, joined by `-`, the first of letters.
    static func isWellFormedTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    // MARK: Readings

    /// How the language reads amounts and counts (``LanguageRules/reader``).
    public var reader: any NumberReader { rules.reader }

    /// `amount` read aloud in this language with `options`.
    public func reading(of amount: Amount, options: ReadingOptions) -> Reading {
        rules.reader.reading(of: amount, options: options)
    }

    /// The reading options a voice of this language reads amounts with when
    /// none are asked for (``LanguageRules/ownReading``).
    public var defaultReading: ReadingOptions { rules.ownReading }

    /// The variants a reader may ask for (``LanguageRules/readingVariants``).
    public var readingVariants: [ReadingVariant] { rules.readingVariants }

    /// The options a reading asked for with `asked` gets in this language:
    /// the language's own readings added.
    /// - Throws: ``LanguageError`` when `asked` names a variant the
    ///   language does not define.
    public func readingOptions(_ asked: ReadingOptions) throws(LanguageError) -> ReadingOptions {
        let own = defaultReading
        let offered = ReadingVariant.offered
        for variant in asked.variants where !own.has(variant) && !readingVariants.contains(variant) {
            // A variant no reader may ask for is another language's own
            // reading: the message was made for a voice of that language.
            throw LanguageError(offered.contains(variant) ? .undefinedVariant(variant) : .otherReading, tag: tag, language: self)
        }
        return asked.adding(own)
    }

    /// Checks that a message read with `options` is one a voice of this
    /// language says as it is: a message made for a voice of another
    /// language (a Mandarin server's 二百 for a Cantonese pack) is refused
    /// rather than said in a reading this language does not use.
    /// - Throws: ``LanguageError`` naming the reading.
    public func check(_ options: ReadingOptions) throws(LanguageError) {
        let own = try readingOptions(options)
        // What the language reads its own way whatever is asked (Cantonese's
        // 两角) says nothing of whom the message was made for.
        guard own.style == options.style, ReadingVariant.offered.allSatisfy({ own.has($0) == options.has($0) }) else {
            throw LanguageError(.otherReading, tag: tag, language: self)
        }
    }

    /// The distinct options readings with each of `options` get in this
    /// language, those it does not define left out: what a voice of it says.
    public func readingOptions(among options: [ReadingOptions]) -> [ReadingOptions] {
        var result: [ReadingOptions] = []
        for asked in options {
            guard let options = try? readingOptions(asked), !result.contains(options) else { continue }
            result.append(options)
        }
        return result
    }

    // MARK: Clips

    /// The clip rules a manifest of this language may state.
    public var clipRules: [ClipRule] { rules.clipRules }

    /// The rules a clip for `key` gets when the manifest states none.
    public func defaultClipRules(for key: String) -> [ClipRule] { rules.defaultClipRules(for: key) }

    /// What `word` is to the clip rules.
    public func ruleWord(of word: String) -> ClipRule.Word { rules.ruleWord(of: word) }

    /// The runs of words a speaker records together because a word sounds
    /// different inside them, for readings with `options`; in script order.
    public func runsRecordedTogether(for options: ReadingOptions) -> [String] { rules.runsRecordedTogether(for: options) }

    /// The runs counts need whatever the reading options.
    public var runsForCounts: [String] { rules.runsForCounts }

    // MARK: Romanisation

    /// The romanisation a voice script prints: `pinyin`, `jyutping`.
    public var romanisation: String { rules.romanisation }

    /// An example of one word's romanisation, for messages: `mei3 tuan2`.
    public var romanisationExample: (word: String, syllables: String) { rules.romanisationExample }

    /// The citation syllables of `text` (``LanguageRules/syllables(of:pronunciations:)``).
    public func syllables(of text: String, pronunciations: [String: String] = [:]) -> [String]? {
        rules.syllables(of: text, pronunciations: pronunciations)
    }

    /// The syllables as said together in one breath.
    public func spoken(_ syllables: [String]) -> [String] { rules.spoken(syllables) }

    /// A syllable as a speaker reads it.
    public func shown(_ syllable: String) -> String { rules.shown(syllable) }

    /// The language's tones as pitch contours; nil when it has none.
    public var tones: ToneSystem? { rules.tones }

    /// How a speaker says one item of a voice script: `text` of `kind`,
    /// romanised as `shown`.
    package func instruction(for text: String, kind: ScriptItemKind, shown: String) -> String {
        switch kind {
        case .prefix: "the whole phrase, as the start of an announcement"
        case .phrase: "the whole phrase as written, at the pace of an announcement"
        case .group: "together in one breath, as inside a price: \(shown)"
        case .run: "together in one breath, as inside a price: \(shown)\(rules.runNote(for: text))"
        case .word: rules.wordInstruction(for: text)
        }
    }
}

/// What an item of a voice script is, for its instruction.
package enum ScriptItemKind: Sendable {
    /// A word of the readings, said on its own.
    case word
    /// A prefix, said whole.
    case prefix
    /// A fixed phrase of a template, or an extra phrase.
    case phrase
    /// A run of words recorded together for its tone sandhi.
    case run
    /// A larger unit said in context (`--units groups`).
    case group
}
