/// What a speaker records to make a voice: every word the readings and
/// prefixes need, plus the runs recorded together that carry tone sandhi
/// (in a language that has it), in a fixed, numbered order, each with its
/// romanisation in the voice's language (pinyin, Jyutping).
///
/// The JSON form is the input of `announce voice build`; the text and
/// Markdown forms (``text`` and ``markdown``) are for the speaker. The same
/// options always give the same script, byte for byte.
import AnnounceServer

public struct VoiceScript: Encodable, Equatable, Sendable {
    /// The script format this version writes and reads.
    public static let currentVersion = 1
    /// The shortest pause between two items that the builder still takes for
    /// a pause between items, in seconds; shorter pauses are taken as part of
    /// a word (stop consonants, the gap between syllables).
    public static let minimumPause = 0.4

    /// One thing to record.
    public struct Item: Encodable, Equatable, Sendable {
        /// The position in the recording, from 1.
        public var number: Int
        /// What to say: `一万`.
        public var text: String
        /// The romanisation as said, tone numbers, one syllable per
        /// character: pinyin `yi2 wan4`, Jyutping `jat1 maan6`.
        public var romanisation: String
        /// The same as the speaker reads it: pinyin with tone marks `yí wàn`,
        /// Jyutping as it is.
        public var marks: String
        /// The clip file the builder writes: `yi2-wan4.wav`.
        public var file: String
        /// The manifest key of the clip: the words run together.
        public var key: String
        /// Where the clip may be used; empty: everywhere.
        package var when: [ClipRule]
        /// How to say it.
        public var instruction: String

        /// An item with every field given.
        package init(
            number: Int, text: String, romanisation: String, marks: String, file: String, key: String, when: [ClipRule],
            instruction: String
        ) {
            self.number = number
            self.text = text
            self.romanisation = romanisation
            self.marks = marks
            self.file = file
            self.key = key
            self.when = when
            self.instruction = instruction
        }
    }

    /// The script format: ``currentVersion``.
    public var version: Int
    /// The language the voice will speak: its words, romanisation and runs.
    public var language: Language
    /// The reading options of the script's first style, with its variants.
    public var options: ReadingOptions
    /// The prefixes it covers, words separated by blanks (`支付宝到账`); `""` is no prefix.
    public var prefixes: [String]
    /// Extra phrases it covers.
    public var phrases: [String]
    /// What a voice recorded from it can say; nil in scripts that predate it,
    /// which cover ``options`` with the payment template.
    public var covers: VoiceCoverage?
    /// What to record, in order, numbered from 1.
    public var items: [Item]

    /// What the script covers: ``covers``, or for a script without it the
    /// payment template read with ``options`` and its prefixes.
    public var coverage: VoiceCoverage {
        covers ?? VoiceCoverage(
            styles: [options.style], variants: options.variants, prefixes: prefixes, templates: ["payment"])
    }

    /// The script for readings with `options`, the `prefixes` and the extra
    /// `phrases` (each one clip), with the payment template, in `language`.
    /// `pronunciations` gives the tone-numbered romanisation (`美团` →
    /// `mei3 tuan2`) of words whose characters are not in the language's lexicon.
    /// - Throws: ``VoiceScriptError`` naming a word without a romanisation,
    ///   or a reading option the language does not define.
    public init(
        options: ReadingOptions, prefixes: [Prefix], phrases: [String] = [], pronunciations: [String: String] = [:],
        language: Language = .default
    ) throws(VoiceScriptError) {
        try self.init(
            coverage: VoiceCoverage(
                styles: [options.style], variants: options.variants,
                prefixes: prefixes.map { $0.words.joined(separator: " ") }, templates: ["payment"]),
            phrases: phrases, pronunciations: pronunciations, language: language)
    }

    /// The script that covers `coverage` in `language`: every word its
    /// readings, prefixes and templates say, the extra `phrases` (each one
    /// clip), the runs that carry tone sandhi and, with group units, the
    /// groups (``groupUnits(for:)``).
    /// - Throws: ``VoiceScriptError`` naming a word without a romanisation,
    ///   or a reading option the language does not define.
    public init(
        coverage asked: VoiceCoverage, phrases: [String] = [], pronunciations: [String: String] = [:],
        language: Language = .default
    ) throws(VoiceScriptError) {
        let coverage: VoiceCoverage
        do {
            coverage = try language.coverage(asked)
        } catch {
            throw VoiceScriptError(.unscriptable, error.description)
        }
        var entries: [(text: String, kind: ScriptItemKind)] = []
        let prefixWords = Set(coverage.prefixValues.flatMap(\.words))
        let templateWords = Set(coverage.templateValues.compactMap { try? $0.resolved(in: language) }.flatMap(\.fixedWords))
        for word in coverage.vocabulary(in: language) {
            let kind: ScriptItemKind = prefixWords.contains(word) ? .prefix : templateWords.contains(word) ? .phrase : .word
            entries.append((word, kind))
        }
        if let long = phrases.first(where: { $0.count > Prefix.maximumLength }) {
            throw VoiceScriptError(
                .unscriptable, "phrase \(MessageText.quoted(long, limit: 60)) is longer than \(Prefix.maximumLength) characters: record words, not sentences")
        }
        entries += phrases.map { ($0, .phrase) }
        let counts = coverage.templateValues.contains(where: { $0.slots.contains(.count) })
        var runs: [String] = []
        for style in coverage.styles {
            let options = coverage.reading(style)
            runs += language.runsRecordedTogether(for: options)
        }
        if counts { runs += language.runsForCounts }
        entries += runs.map { ($0, .run) }
        if coverage.units == .groups { entries += Self.groupUnits(for: coverage, language: language).map { ($0, .group) } }

        var items: [Item] = []
        var keys: Set<String> = []
        var files: Set<String> = []
        for (text, kind) in entries where !keys.contains(text) {
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else {
                throw VoiceScriptError(
                    .unscriptable, "phrase \(MessageText.quoted(text)) must be one word: no blanks (record each word of a prefix separately)")
            }
            guard let citation = language.syllables(of: text, pronunciations: pronunciations) else {
                throw VoiceScriptError(
                    .unscriptable,
                    "no \(language.romanisation) for \(MessageText.quoted(text)): give it, e.g. --romanisation '\(MessageText.escaped(text))=\(text.map { _ in "xx1" }.joined(separator: " "))'")
            }
            keys.insert(text)
            let spoken = Self.said(citation, readingWord: kind == .word, in: language)
            var file = spoken.joined(separator: "-")
            if files.contains(file + ".wav") {
                var suffix = 2
                while files.contains("\(file)-\(suffix).wav") { suffix += 1 }
                file += "-\(suffix)"
            }
            file += ".wav"
            files.insert(file)
            let marks = spoken.map(language.shown).joined(separator: " ")
            items.append(Item(
                number: items.count + 1, text: text, romanisation: spoken.joined(separator: " "), marks: marks, file: file,
                key: text, when: kind == .run || kind == .group ? language.defaultClipRules(for: text) : [],
                instruction: language.instruction(for: text, kind: kind, shown: marks)))
        }
        self.version = Self.currentVersion
        self.language = language
        self.options = ReadingOptions(
            style: coverage.styles.first ?? .decimal, variants: coverage.variants)
        self.prefixes = coverage.prefixes
        self.phrases = phrases
        self.covers = coverage
        self.items = items
    }

    private enum CodingKeys: String, CodingKey {
        case version, language, options, prefixes, phrases, covers, items
    }

    /// The syllables a speaker says for an item whose citation syllables are
    /// `citation`: a word of the readings, said on its own, keeps its
    /// citation tones; anything else (a run, a prefix, a phrase) is said in
    /// one breath, with the language's tone sandhi (一百 yi4 bai3).
    package static func said(_ citation: [String], readingWord: Bool, in language: Language) -> [String] {
        readingWord ? citation : language.spoken(citation)
    }

    /// The script's fields, the language as its tag.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(language.tag, forKey: .language)
        try container.encode(options, forKey: .options)
        try container.encode(prefixes, forKey: .prefixes)
        try container.encode(phrases, forKey: .phrases)
        try container.encodeIfPresent(covers, forKey: .covers)
        try container.encode(items, forKey: .items)
    }

    /// The runs recorded together for readings with `options` in
    /// `language` (Mandarin's tone sandhi: 五百, 一万, …; none in
    /// Cantonese), in script order. See docs/VOICES.md for why these and no
    /// others.
    public static func recordedRuns(for options: ReadingOptions, language: Language = .default) -> [String] {
        language.runsRecordedTogether(for: options)
    }
}
