import AnnounceCommon

/// What a language's folder gives announce: its tag and names, how amounts
/// are read in it (the reading's own options and the variants a reader may
/// ask for), its words' romanisation, the rules its clips may state, and how
/// a speaker says each item of its voice script.
///
/// How an amount and a count become words is the language's ``reader``; its
/// options (style, variants) are the language's to choose. The rest of the
/// package reaches a language only through ``Language``, which wraps one of
/// these: a language announce does not bundle is a type conforming to this
/// protocol, registered with ``Language/register(_:)``.
public protocol LanguageRules: Sendable {
    /// The BCP 47 tag a manifest, a pack and a push state: `cmn-Hans`.
    var tag: String { get }
    /// The name the command line takes and messages quote (`voice script
    /// --language mandarin`): lower-case ASCII letters, digits and `-`.
    var cliName: String { get }
    /// The language's name in English, for people: `Mandarin`.
    var displayName: String { get }

    /// How the language reads amounts and counts: its grammar of numbers
    /// and unit words, taken in steps (``NumberReader``).
    var reader: any NumberReader { get }
    /// The reading options a voice of the language always reads with (its
    /// own 两, say); the plain decimal reading by default.
    var ownReading: ReadingOptions { get }
    /// The variants of the reading a reader may ask for in this language.
    var readingVariants: [ReadingVariant] { get }
    /// Why the language has no `variant`, for the refusal's line; nil to
    /// say only that it has none.
    func missingVariantNote(_ variant: ReadingVariant) -> String?
    /// What a message read without ``ownReading`` lacks, for the refusal of
    /// a message made for a voice of another language: `两, which … says
    /// before 百/千/万/亿 and 元`.
    var ownReadingNote: String { get }

    /// The romanisation a voice script prints, as a placeholder of
    /// `voice build --tts` names it: `pinyin`.
    var romanisation: String { get }
    /// One word and its syllables, for messages: (`美团`, `mei3 tuan2`).
    var romanisationExample: (word: String, syllables: String) { get }
    /// The citation syllables of `text`, one per character, with tone
    /// numbers, from `pronunciations` (whole text → syllables separated by
    /// blanks or `-`) or the language's lexicon; nil when a character has
    /// none.
    func syllables(of text: String, pronunciations: [String: String]) -> [String]?
    /// The syllables as said together in one breath (tone sandhi, where the
    /// language has it).
    func spoken(_ syllables: [String]) -> [String]
    /// A syllable as a speaker reads it (a tone mark, or the tone number).
    func shown(_ syllable: String) -> String
    /// The language's tones as pitch contours, for checking a voice's clips;
    /// nil for a language whose syllables carry no tone.
    var tones: ToneSystem? { get }

    /// The clip rules a manifest of this language may state.
    var clipRules: [ClipRule] { get }
    /// The rules a clip for `key` gets when the manifest states none.
    func defaultClipRules(for key: String) -> [ClipRule]
    /// What `word` is to the clip rules.
    func ruleWord(of word: String) -> ClipRule.Word
    /// The runs of words a speaker records together because a word sounds
    /// different inside them, for readings with `options`; in script order.
    func runsRecordedTogether(for options: ReadingOptions) -> [String]
    /// The runs counts need whatever the reading options.
    var runsForCounts: [String] { get }

    /// How a speaker says `text`, a word of the readings, on its own.
    func wordInstruction(for text: String) -> String
    /// What changes in a run recorded together, appended to its
    /// instruction (` (一 changes its tone)`); empty for nothing.
    func runNote(for text: String) -> String

    // MARK: Presets and the template's unit

    /// The prefixes the command line, a batch item and a push may name
    /// instead of a phrase, each as its words (`none`: no words); a
    /// preset's words are one clip each. The default language's by default.
    var prefixPresets: [(name: String, words: [String])] { get }
    /// The words said before the amount when no prefix is asked for.
    var standardPrefix: [String] { get }
    /// The message presets as template text in this language, by name
    /// (`payment`, `refund`, `topup`, `summary`, `received`); each parses
    /// with ``amountUnit``.
    var templatePresets: [(name: String, text: String)] { get }
    /// The unit a template writes right after `{amount}`: the slot says
    /// the amount with its unit words, whatever the reading style.
    var amountUnit: String { get }
}

extension LanguageRules {
    /// A language that declares no reader reads as the default language
    /// (``Language/default``) does.
    public var reader: any NumberReader { Language.default.rules.reader }
    public var ownReading: ReadingOptions { ReadingOptions() }
    public var readingVariants: [ReadingVariant] { [] }
    public func missingVariantNote(_ variant: ReadingVariant) -> String? { nil }
    public var ownReadingNote: String { "the reading \(displayName) always uses" }
    public func spoken(_ syllables: [String]) -> [String] { syllables }
    public func shown(_ syllable: String) -> String { syllable }
    public var tones: ToneSystem? { nil }
    public var clipRules: [ClipRule] { [] }
    public func defaultClipRules(for key: String) -> [ClipRule] { [] }
    /// No word is singled out: a language without rules needs none.
    public func ruleWord(of word: String) -> ClipRule.Word { .other }
    public func runsRecordedTogether(for options: ReadingOptions) -> [String] { [] }
    public var runsForCounts: [String] { [] }
    public func wordInstruction(for text: String) -> String { "on its own, as in a price" }
    public func runNote(for text: String) -> String { "" }
}
