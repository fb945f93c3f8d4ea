/// What a speaker records to make a voice: every word the readings and
/// prefixes need, plus the runs recorded together that carry tone sandhi,
/// in a fixed, numbered order.
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
        /// The pinyin as said, tone numbers, one syllable per character: `yi2 wan4`.
        public var pinyin: String
        /// The same with tone marks: `yí wàn`.
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
            number: Int, text: String, pinyin: String, marks: String, file: String, key: String, when: [ClipRule],
            instruction: String
        ) {
            self.number = number
            self.text = text
            self.pinyin = pinyin
            self.marks = marks
            self.file = file
            self.key = key
            self.when = when
            self.instruction = instruction
        }
    }

    /// The script format: ``currentVersion``.
    public var version: Int
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
            styles: [options.style], liang: options.liang, leadYi: options.leadYi, prefixes: prefixes,
            templates: ["payment"])
    }

    /// The script for readings with `options`, the `prefixes` and the extra
    /// `phrases` (each one clip), with the payment template. `pronunciations`
    /// gives the tone-numbered pinyin (`美团` → `mei3 tuan2`) of words whose
    /// characters are not in the built-in lexicon.
    /// - Throws: ``VoiceScriptError`` naming a word without pinyin.
    public init(
        options: ReadingOptions, prefixes: [Prefix], phrases: [String] = [], pronunciations: [String: String] = [:]
    ) throws(VoiceScriptError) {
        try self.init(
            coverage: VoiceCoverage(
                styles: [options.style], liang: options.liang, leadYi: options.leadYi,
                prefixes: prefixes.map { $0.words.joined(separator: " ") }, templates: ["payment"]),
            phrases: phrases, pronunciations: pronunciations)
    }

    /// The script that covers `coverage`: every word its readings, prefixes
    /// and templates say, the extra `phrases` (each one clip), the runs that
    /// carry tone sandhi and, with group units, the groups (``groupUnits(for:)``).
    /// - Throws: ``VoiceScriptError`` naming a word without pinyin.
    public init(
        coverage: VoiceCoverage, phrases: [String] = [], pronunciations: [String: String] = [:]
    ) throws(VoiceScriptError) {
        var entries: [(text: String, kind: Kind)] = []
        let prefixWords = Set(coverage.prefixValues.flatMap(\.words))
        let templateWords = Set(coverage.templateValues.flatMap(\.fixedWords))
        for word in coverage.vocabulary {
            let kind: Kind = prefixWords.contains(word) ? .prefix : templateWords.contains(word) ? .phrase : .word
            entries.append((word, kind))
        }
        if let long = phrases.first(where: { $0.count > Prefix.maximumLength }) {
            throw VoiceScriptError(
                .unscriptable, "phrase \(MessageText.quoted(long, limit: 60)) is longer than \(Prefix.maximumLength) characters: record words, not sentences")
        }
        entries += phrases.map { ($0, .phrase) }
        var runs: [String] = []
        for style in coverage.styles {
            runs += Self.sandhiRuns(for: ReadingOptions(style: style, liang: coverage.liang, leadYi: coverage.leadYi))
        }
        // Counts say 两百 whatever the reading options.
        if coverage.templateValues.contains(where: { $0.slots.contains(.count) }) { runs.append("两百") }
        entries += runs.map { ($0, .run) }
        if coverage.units == .groups { entries += Self.groupUnits(for: coverage).map { ($0, .group) } }

        var items: [Item] = []
        var keys: Set<String> = []
        var files: Set<String> = []
        for (text, kind) in entries where !keys.contains(text) {
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else {
                throw VoiceScriptError(
                    .unscriptable, "phrase \(MessageText.quoted(text)) must be one word: no blanks (record each word of a prefix separately)")
            }
            guard let citation = Pinyin.syllables(of: text, pronunciations: pronunciations) else {
                throw VoiceScriptError(
                    .unscriptable, "no pinyin for \(MessageText.quoted(text)): give it, e.g. --pinyin '\(MessageText.escaped(text))=\(text.map { _ in "xx1" }.joined(separator: " "))'")
            }
            keys.insert(text)
            let spoken = kind == .word ? citation : Pinyin.spoken(citation)
            var file = spoken.joined(separator: "-")
            if files.contains(file + ".wav") {
                var suffix = 2
                while files.contains("\(file)-\(suffix).wav") { suffix += 1 }
                file += "-\(suffix)"
            }
            file += ".wav"
            files.insert(file)
            let marks = spoken.map(Pinyin.marked).joined(separator: " ")
            items.append(Item(
                number: items.count + 1, text: text, pinyin: spoken.joined(separator: " "), marks: marks, file: file,
                key: text, when: kind == .run || kind == .group ? ClipRule.defaults(for: text) : [],
                instruction: Self.instruction(text, kind: kind, marks: marks)))
        }
        self.version = Self.currentVersion
        self.options = ReadingOptions(
            style: coverage.styles.first ?? .decimal, liang: coverage.liang, leadYi: coverage.leadYi)
        self.prefixes = coverage.prefixes
        self.phrases = phrases
        self.covers = coverage
        self.items = items
    }

    private enum Kind { case word, prefix, phrase, run, group }

    /// The runs recorded together that fix tone sandhi for readings with
    /// `options`, in script order. Each adjacent pair of third tones a
    /// reading can produce (五百, 百五, 五点, 点五, 五五, 五角, 角五, …) and
    /// the yì/yí of 一 before 百 千 万 亿; 一百 before a third tone
    /// (一百五, 一百九, 一百点) is recorded as a run of three so the 一 keeps
    /// its sandhi. See docs/VOICES.md for why these and no others.
    public static func sandhiRuns(for options: ReadingOptions) -> [String] {
        var runs = ["一百", "一千", "一万", "一亿", "一百五", "一百九"]
        if options.style == .decimal { runs.append("一百点") }
        if options.liang { runs.append("两百") }
        runs += ["五百", "九百", "百五", "百九"]
        switch options.style {
        case .decimal: runs += ["五点", "九点", "百点", "点五", "点九", "五五", "五九", "九五", "九九"]
        case .currency: runs += ["五角", "九角", "角五", "角九"]
        }
        return runs
    }

    private static func instruction(_ text: String, kind: Kind, marks: String) -> String {
        switch kind {
        case .word:
            switch text {
            case "一": return "on its own, yī as a digit in a price (not yāo)"
            case "二": return "on its own, èr as a digit in a price (not liǎng)"
            case "两": return "on its own, liǎng as in 两百"
            case "零", "三", "四", "五", "六", "七", "八", "九": return "on its own, as a digit in a price, not as a count"
            default: return "on its own, full tone, as in a price"
            }
        case .prefix: return "the whole phrase, as the start of an announcement"
        case .phrase: return "the whole phrase as written, at the pace of an announcement"
        case .group:
            return "together in one breath, as inside a price: \(marks)"
        case .run:
            return text.hasPrefix("一")
                ? "together in one breath, as inside a price: \(marks) (一 changes its tone)"
                : "together in one breath, as inside a price: \(marks) (the first third tone rises)"
        }
    }
}
