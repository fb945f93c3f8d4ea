/// Finds, exactly, the amount whose plan is longest: the greatest sum of
/// clip lengths and gaps over every amount from 0 to a maximum, as the
/// planner (``Voice/plan(_:)-(Message)``) would say it after some lead words
/// (`共计`) in one stretch without a pause.
///
/// No amount is tried one by one. A reading is the words the language's
/// reader (``NumberReader``) says for each integer digit in turn and then
/// for the fraction, so the search is a digit DP through the reader's
/// steps: after each digit it keeps, per state, the longest plan so far. A
/// state is what the rest of the reading depends on: the reader's own state
/// (as it carries it on), whether the amount so far equals the maximum's
/// first digits, and the planner's own state: the words it has not yet
/// decided (the greedy longest match looks ahead: a longer run may still
/// come, a rule may count the words that follow) and what the words before
/// them are to the clip rules, as many as a rule looks back
/// (``ClipRule/lookBehind``). The planner takes a
/// clip as soon as no word to come can change its choice. So the number of
/// states stays small and the search is exact; the tests check it against
/// every amount of a range.
///
/// The cost is linear in what the voice holds: the clip keys are a trie of
/// their bytes (``ClipKeyTrie``), the undecided words can only be a run a
/// key starts with, and the planner's step from a state for a digit's words
/// is worked out once and reused by every state, layer and gap that meets it.
import AnnounceServer

package struct LongestPlan: Sendable {
    /// The longest plan: the amount (the smallest, among equals), its clip
    /// frames, and how many clips it has.
    package struct Result: Equatable, Sendable {
        package var amount: Amount
        package var frames: Int
        package var clips: Int

        /// Frames and gaps of `gap` frames between the clips.
        package func length(gap: Int) -> Int { frames + max(0, clips - 1) * gap }
    }

    let ids: [String: Int]
    let trie: ClipKeyTrie
    /// What each word id is to the clip rules.
    let ruleWords: [ClipRule.Word]
    let options: ReadingOptions
    /// The voice's language's reader, whose steps the search takes.
    let reader: any NumberReader
    /// The bits of the reader's state, the low bits of the search's flags.
    let readerMask: Int
    let lead: [Int]
    /// How many words before the undecided ones the voice's clip rules look
    /// at (``ClipRule/lookBehind``), what of them they read (the one rule
    /// that looks back's ``ClipRule/behind``; every word's class when
    /// several do), and the id kept for each class: the first word of it
    /// (-2, which no word is, for one no word of the vocabulary is).
    let lookBehind: Int
    let behind: @Sendable ([ClipRule.Word]) -> [ClipRule.Word]
    let classWords: [ClipRule.Word: Int]

    /// A search for readings with `options` after the `lead` words, with the
    /// voice's clips lasting `clipFrames` (by file; a file not given lasts 0).
    package init(voice: Voice, clipFrames: [String: Int], options: ReadingOptions, lead: [String] = []) {
        let reader = voice.language.reader
        var vocabulary = reader.vocabulary(options)
        for word in lead where !vocabulary.contains(word) { vocabulary.append(word) }
        var ids: [String: Int] = [:]
        for (index, word) in vocabulary.enumerated() { ids[word] = index }
        let keys = voice.manifest.clips.lazy.map { key, file in
            (key: key, entry: ClipKeyTrie.Entry(frames: clipFrames[file] ?? 0, rules: voice.manifest.rules[key] ?? []))
        }
        self.ids = ids
        self.trie = ClipKeyTrie(keys: keys, vocabulary: vocabulary)
        let ruleWords = vocabulary.map(voice.language.ruleWord(of:))
        self.ruleWords = ruleWords
        self.options = options
        self.reader = reader
        self.readerMask = (1 << reader.stateBits) - 1
        self.lead = lead.compactMap { ids[$0] }
        var lookingBack: [ClipRule] = []
        for rule in voice.manifest.rules.values.joined() where rule.lookBehind > 0 && !lookingBack.contains(rule) {
            lookingBack.append(rule)
        }
        let lookBehind = lookingBack.map(\.lookBehind).max() ?? 0
        self.lookBehind = lookBehind
        if lookingBack.count == 1 {
            self.behind = lookingBack[0].behind
        } else {
            self.behind = { (words: [ClipRule.Word]) -> [ClipRule.Word] in Array(words.suffix(lookBehind)) }
        }
        var classWords: [ClipRule.Word: Int] = [:]
        for (id, word) in ruleWords.enumerated() where classWords[word] == nil { classWords[word] = id }
        self.classWords = classWords
    }

    // MARK: The search

    /// Longer, or as long with a smaller amount (the smallest of equals is named).
    private static func isBetter(_ candidate: Value, than existing: Value) -> Bool {
        candidate.length > existing.length || (candidate.length == existing.length && candidate.partial < existing.partial)
    }

    /// One state's best so far, for one gap.
    private struct Value {
        /// Clip frames and a gap after each clip.
        var length: Int
        var clips: Int
        /// The amount so far: its digits read as a number.
        var partial: UInt64
    }

    /// The search's flags: the reader's state (``ReaderState``) in the low
    /// bits, and above them whether the amount so far is tight to the maximum.
    var tight: Int { readerMask + 1 }

    /// The longest plan of an amount from 0 to `maximum` with `gap` frames
    /// between clips. `digits` restricts each of the twelve integer digits
    /// (most significant first) and `fractions` the fraction (0–99), for
    /// tests against enumeration; by default every value is tried.
    /// - Throws: ``VoiceError`` (`missingClip`) when some amount has a word
    ///   the voice cannot say, naming the word.
    package func longest(
        upTo maximum: Amount, gap: Int, digits: [[Int]]? = nil, fractions: [Int]? = nil
    ) throws(VoiceError) -> Result {
        try longest(upTo: maximum, gaps: [gap], digits: digits, fractions: fractions)[0]
    }

    /// The longest plan for each of `gaps` (one search: the planner's steps
    /// do not depend on the gap, only which amount is longest does).
    /// - Throws: ``VoiceError`` (`missingClip`) when some amount has a word
    ///   the voice cannot say, naming the word.
    package func longest(
        upTo maximum: Amount, gaps: [Int], digits: [[Int]]? = nil, fractions: [Int]? = nil
    ) throws(VoiceError) -> [Result] {
        guard !gaps.isEmpty else { return [] }
        let integerDigits = Amount.maximumIntegerDigits
        var limits: [Int] = []
        var yuan = maximum.yuan
        for _ in 0..<integerDigits {
            limits.insert(Int(yuan % 10), at: 0)
            yuan /= 10
        }
        limits.append(Int(maximum.fen % 100))
        var steps = PlannerSteps(plan: self)
        let width = gaps.count
        // States as keys (flags << 32 | tail) and, per state, one value per gap.
        let tight = self.tight
        var keys = [tight << 32 | steps.tail(context: [], pending: lead)]
        var values = [Value](repeating: Value(length: 0, clips: 0, partial: 0), count: width)
        var missing: Int?
        for layer in 0..<integerDigits {
            let choices = digits?[layer] ?? Array(0...9)
            var nextKeys: [Int] = []
            var nextValues: [Value] = []
            var slots: [Int: Int] = [:]
            for (index, key) in keys.enumerated() {
                let stateFlags = key >> 32
                let tail = key & 0xFFFF_FFFF
                let isTight = stateFlags & tight != 0
                for digit in choices where !isTight || digit <= limits[layer] {
                    var flags = stateFlags & ~tight
                    if isTight && digit == limits[layer] { flags |= tight }
                    let words: Int
                    (words, flags) = steps.digit(layer, digit, flags: flags)
                    let step = steps.step(tail: tail, words: words, final: false)
                    if let word = step.missing { missing = min(missing ?? word, word) }
                    let nextKey = flags << 32 | step.tail
                    let slot: Int
                    if let known = slots[nextKey] {
                        slot = known
                    } else {
                        slot = nextKeys.count
                        slots[nextKey] = slot
                        nextKeys.append(nextKey)
                        for _ in 0..<width { nextValues.append(Value(length: Int.min, clips: 0, partial: 0)) }
                    }
                    for (offset, gap) in gaps.enumerated() {
                        let value = values[index * width + offset]
                        let candidate = Value(
                            length: value.length + step.frames + step.clips * gap, clips: value.clips + step.clips,
                            partial: value.partial * 10 + UInt64(digit))
                        if Self.isBetter(candidate, than: nextValues[slot * width + offset]) {
                            nextValues[slot * width + offset] = candidate
                        }
                    }
                }
            }
            keys = nextKeys
            values = nextValues
        }
        // The fraction ends the stretch: for each state, the best fraction
        // per gap, worked out once per tail and reader state.
        let fractionChoices = fractions ?? Array(0...99)
        var endings: [Int: [Value]] = [:]
        var best = [Value](repeating: Value(length: Int.min, clips: 0, partial: 0), count: width)
        for (index, key) in keys.enumerated() {
            let flags = key >> 32
            let tail = key & 0xFFFF_FFFF
            let state = flags & readerMask
            let limit = flags & tight != 0 ? limits[integerDigits] : 99
            let endingKey = (tail << reader.stateBits | state) << 7 | limit
            let ending: [Value]
            if let known = endings[endingKey] {
                ending = known
            } else {
                var found = [Value](repeating: Value(length: Int.min, clips: 0, partial: 0), count: width)
                for fraction in fractionChoices where fraction <= limit {
                    let step = steps.fraction(tail: tail, state: state, value: fraction)
                    if let word = step.missing { missing = min(missing ?? word, word) }
                    for (offset, gap) in gaps.enumerated() {
                        let candidate = Value(length: step.frames + step.clips * gap, clips: step.clips, partial: UInt64(fraction))
                        if Self.isBetter(candidate, than: found[offset]) { found[offset] = candidate }
                    }
                }
                endings[endingKey] = found
                ending = found
            }
            for offset in 0..<width where ending[offset].length > Int.min {
                let value = values[index * width + offset]
                let candidate = Value(
                    length: value.length + ending[offset].length, clips: value.clips + ending[offset].clips,
                    partial: value.partial * 100 + ending[offset].partial)
                if Self.isBetter(candidate, than: best[offset]) { best[offset] = candidate }
            }
        }
        if let missing, let word = ids.first(where: { $0.value == missing })?.key {
            throw VoiceError(.missingClip(word: word), "no clip for \(MessageText.quoted(word))")
        }
        var results: [Result] = []
        for (offset, gap) in gaps.enumerated() {
            let value = best[offset]
            guard value.length > Int.min, let amount = try? Amount(fen: value.partial) else {
                throw VoiceError(.missingClip(word: ""), "no amount up to \(maximum) can be planned")
            }
            // Each clip was counted with a gap after it.
            results.append(Result(amount: amount, frames: value.length - value.clips * gap, clips: value.clips))
        }
        return results
    }
}
