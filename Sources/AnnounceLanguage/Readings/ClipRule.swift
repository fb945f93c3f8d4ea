/// Where a clip for a run of words may be used: a run recorded together
/// carries the sound of one context (a tone sandhi, a position), and is
/// wrong in another.
///
/// A language declares its rules (``LanguageRules/clipRules``) and what each
/// word is to them (``LanguageRules/ruleWord(of:)``). The manifest states
/// rules per clip by name (`"一万": {"file": "yi2-wan4.wav", "when":
/// "leads-group"}`); the planner skips a clip whose rules do not all hold at
/// a position and falls back to shorter runs or single words. See
/// docs/VOICES.md.
import AnnounceCommon

public struct ClipRule: Sendable, CustomStringConvertible {
    /// The rule's name, as a manifest and a voice script state it:
    /// `leads-group`.
    public let rawValue: String
    /// How many words before the clip the rule looks at, by their
    /// ``Word`` alone. The worst-case search keeps that many words of the
    /// reading so far, so a rule must look no further back.
    public let lookBehind: Int
    /// What of the words behind a clip the rule reads: given their classes
    /// (at most ``lookBehind``, the nearest last), the classes it needs, to
    /// the same answers. The worst-case search keeps only that of a reading
    /// so far, so readings that differ in nothing the rule reads are one.
    public let behind: @Sendable ([Word]) -> [Word]
    /// Whether the rule holds at a site, nil when the words after the ones
    /// known decide it (only when the site is not complete).
    private let condition: @Sendable (Site) -> Bool?

    /// A rule named `name` that holds where `condition` says, looking at
    /// no more than `lookBehind` words before a clip, of which it reads
    /// what `behind` keeps (by default all of them).
    public init(
        _ name: String, lookBehind: Int, behind: (@Sendable ([Word]) -> [Word])? = nil,
        condition: @escaping @Sendable (Site) -> Bool?
    ) {
        self.rawValue = name
        self.lookBehind = lookBehind
        self.behind = behind ?? { Array($0.suffix(lookBehind)) }
        self.condition = condition
    }

    public var description: String { rawValue }

    /// What a word is to a language's rules: a class the language numbers
    /// as it likes (a third tone, a unit that ends a group), ``other`` for
    /// every word its rules do not single out.
    public struct Word: Hashable, Sendable {
        public let rawValue: Int

        public init(_ rawValue: Int) { self.rawValue = rawValue }

        /// A word no rule singles out.
        public static let other = Word(0)
    }

    /// A clip's place among the words of a stretch said without a pause,
    /// as a rule sees it: valid only while the rule's condition runs (it
    /// reads the planner's words in place), so a condition must not keep it.
    public struct Site {
        /// The words of the stretch known so far (all of them when
        /// ``complete``).
        public let count: Int
        /// The words the clip says.
        public let range: Range<Int>
        /// How many of the first words are the prefix, which a pause
        /// follows: nothing said across its end affects either side.
        public let prefixCount: Int
        /// Whether the stretch ends after the ``count`` words known.
        public let complete: Bool
        private let classOf: (Int) -> Word
        private let clipFor: (Range<Int>) -> Bool

        init(count: Int, range: Range<Int>, prefixCount: Int, complete: Bool,
             word: @escaping (Int) -> Word, hasClip: @escaping (Range<Int>) -> Bool) {
            self.count = count
            self.range = range
            self.prefixCount = prefixCount
            self.complete = complete
            self.classOf = word
            self.clipFor = hasClip
        }

        /// What the word at `index` (in `0..<count`) is to the rules.
        public func word(_ index: Int) -> Word { classOf(index) }

        /// Whether the voice has a clip for the words in `range`, which
        /// must lie in `0..<count` and not before ``range``.
        public func hasClip(_ range: Range<Int>) -> Bool { clipFor(range) }
    }

    /// Whether the rule holds for a clip saying `words[range]`, where the
    /// first `prefixCount` words are the prefix (a pause follows it, so no
    /// sandhi crosses it); `hasClip` says whether the voice has a clip for a
    /// range of `words`.
    package func holds(
        in words: [String], range: Range<Int>, prefixCount: Int, word: (String) -> Word,
        hasClip: (Range<Int>) -> Bool = { _ in true }
    ) -> Bool {
        holds(in: words, range: range, prefixCount: prefixCount, complete: true, word: word, hasClip: hasClip) ?? true
    }

    /// ``holds(in:range:prefixCount:hasClip:)`` over words of any kind that
    /// `word` tells apart (the worst-case search uses integer ids), where
    /// the words after `words` are not known yet unless `complete`: nil
    /// when the answer depends on them.
    package func holds<Element>(
        in words: [Element], range: Range<Int>, prefixCount: Int, complete: Bool, word: (Element) -> Word,
        hasClip: (Range<Int>) -> Bool
    ) -> Bool? {
        withoutActuallyEscaping(word) { word in
            withoutActuallyEscaping(hasClip) { hasClip in
                condition(Site(
                    count: words.count, range: range, prefixCount: prefixCount, complete: complete,
                    word: { word(words[$0]) }, hasClip: hasClip))
            }
        }
    }
}

extension ClipRule: Hashable, Codable, CaseIterable, RawRepresentable {
    /// Rules are the same when their names are.
    public static func == (lhs: ClipRule, rhs: ClipRule) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Every rule the package's own languages declare (``Language/packaged``),
    /// each once, in the order of the languages and their declarations: the
    /// same list whatever languages a program registers.
    public static var allCases: [ClipRule] { rules(of: Language.packaged) }

    /// The rule of that name a language announce speaks declares, a
    /// registered one's too; nil when none does.
    public init?(rawValue: String) {
        guard let rule = Self.rules(of: Language.all).first(where: { $0.rawValue == rawValue }) else { return nil }
        self = rule
    }

    private static func rules(of languages: [Language]) -> [ClipRule] {
        var rules: [ClipRule] = []
        for language in languages {
            for rule in language.clipRules where !rules.contains(rule) { rules.append(rule) }
        }
        return rules
    }
}
