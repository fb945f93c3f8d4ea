/// Finds, exactly, the amount whose plan is longest: the greatest sum of
/// clip lengths and gaps over every amount from 0 to a maximum, as the
/// planner (``Voice/plan(_:)-(Message)``) would say it after some lead words
/// (`共计`) in one stretch without a pause.
///
/// No amount is tried one by one. A reading is the words of its 亿, 万 and
/// units groups (each 0–9999, read by the reading rules) and then of its
/// fraction, so the search goes group by group, a digit DP: after each group
/// it keeps, per state, the longest plan so far. A state is what the rest of
/// the reading depends on: whether words were said and a zero group skipped
/// (the 零 rules), whether the amount so far equals the maximum's first
/// groups, and the planner's own state: the words it has not yet decided
/// (the greedy longest match looks ahead: a longer run may still come, a
/// `third-pairs` rule counts the third tones that follow) and the two words
/// before them (the `leads-group` rule looks back). The planner takes a
/// clip as soon as no word to come can change its choice. So the number of
/// states stays small and the search is exact; the tests check it against
/// every amount of a range.
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

    /// Restricts the search to amounts whose groups and fraction are among
    /// these values (for tests against enumeration); nil: every value.
    package struct Candidates: Sendable {
        package var groups: [Int]
        package var fractions: [Int]

        package init(groups: [Int], fractions: [Int]) {
            self.groups = groups
            self.fractions = fractions
        }
    }

    private struct Entry: Sendable {
        let frames: Int
        let rules: [ClipRule]
    }

    private let ids: [String: Int]
    private let table: [[Int]: Entry]
    private let keyPrefixes: Set<[Int]>
    private let thirdTones: Set<Int>
    private let options: ReadingOptions
    private let lead: [Int]
    private let wan: Int
    private let yi: Int
    private let zero: Int

    /// A search for readings with `options` after the `lead` words, with the
    /// voice's clips lasting `clipFrames` (by file; a file not given lasts 0).
    package init(voice: Voice, clipFrames: [String: Int], options: ReadingOptions, lead: [String] = []) {
        var vocabulary = options.vocabulary
        for word in lead + [Numeral.liang] where !vocabulary.contains(word) { vocabulary.append(word) }
        var ids: [String: Int] = [:]
        for (index, word) in vocabulary.enumerated() { ids[word] = index }
        var table: [[Int]: Entry] = [:]
        var prefixes: Set<[Int]> = []
        for (key, file) in voice.manifest.clips {
            let entry = Entry(frames: clipFrames[file] ?? 0, rules: voice.manifest.rules[key] ?? [])
            for split in Self.splits(Array(key), vocabulary: vocabulary, ids: ids) {
                table[split] = entry
                for length in 1...split.count { prefixes.insert(Array(split[..<length])) }
            }
        }
        self.ids = ids
        self.table = table
        self.keyPrefixes = prefixes
        self.thirdTones = Set(ClipRule.thirdToneWords.compactMap { ids[$0] })
        self.options = options
        self.lead = lead.compactMap { ids[$0] }
        self.wan = ids["万"] ?? -1
        self.yi = ids["亿"] ?? -1
        self.zero = ids[Numeral.digits[0]] ?? -1
    }

    /// Every way `characters` is a run of vocabulary words, as word ids.
    private static func splits(_ characters: [Character], vocabulary: [String], ids: [String: Int]) -> [[Int]] {
        guard !characters.isEmpty else { return [[]] }
        var result: [[Int]] = []
        for word in vocabulary {
            let wordCharacters = Array(word)
            guard wordCharacters.count <= characters.count, Array(characters[..<wordCharacters.count]) == wordCharacters,
                let id = ids[word]
            else { continue }
            for rest in splits(Array(characters[wordCharacters.count...]), vocabulary: vocabulary, ids: ids) {
                result.append([id] + rest)
            }
        }
        return result
    }

    // MARK: The planner, one decision at a time

    private enum Decision {
        case needMore
        case take(words: Int, frames: Int)
        case missing(word: Int)
    }

    /// The planner's choice at `start` of `words` (whose end is the end of
    /// the stretch when `final`), or `needMore` when words still to come
    /// could change it. The same choice as ``Voice/plan(_:)-(Message)``.
    private func decide(_ words: [Int], at start: Int, final: Bool) -> Decision {
        var match: (end: Int, frames: Int)?
        var run: [Int] = []
        var end = start
        while true {
            if end >= words.count {
                if final { break }
                return .needMore
            }
            run.append(words[end])
            guard keyPrefixes.contains(run) else { break }
            if let entry = table[run] {
                var holds = true
                for rule in entry.rules {
                    guard let ok = self.holds(rule, words, start: start, end: end + 1, final: final) else { return .needMore }
                    if !ok {
                        holds = false
                        break
                    }
                }
                if holds { match = (end + 1, entry.frames) }
            }
            end += 1
        }
        guard let match else { return .missing(word: words[start]) }
        return .take(words: match.end - start, frames: match.frames)
    }

    /// ``ClipRule/holds(in:range:prefixCount:hasClip:)`` with no prefix in
    /// the stretch; nil when the words needed have not come yet.
    private func holds(_ rule: ClipRule, _ words: [Int], start: Int, end: Int, final: Bool) -> Bool? {
        switch rule {
        case .leadsGroup:
            guard start > 0 else { return true }
            let previous = words[start - 1]
            if previous == yi || previous == wan { return true }
            if previous == zero && start - 2 >= 0 { return words[start - 2] == yi || words[start - 2] == wan }
            return false
        case .thirdPairs:
            var count = 0
            var index = end
            while true {
                if index >= words.count {
                    if final { break }
                    return nil
                }
                guard thirdTones.contains(words[index]) else { break }
                count += 1
                index += 1
            }
            guard count % 2 == 1 else { return true }
            let shifted = Array(words[(start + 1)..<(end + 1)])
            let shorter = end - 1 - start >= 2 ? Array(words[start..<(end - 1)]) : nil
            return table[shifted] == nil && !(shorter.map { table[$0] != nil } ?? false)
        }
    }

    // MARK: The search

    private struct Key: Hashable {
        /// Reading flags (``Flag``) and the integer's class.
        var flags: Int
        var context: [Int]
        var pending: [Int]
    }

    private struct Value {
        var frames: Int
        var clips: Int
        /// The amount so far: its digits read as a number.
        var partial: UInt64
    }

    /// The reading state bits: integer words said, the group started (a
    /// zero now gives a 零 before the next digit), a 零 pending, the group
    /// has a digit, a zero group was skipped, tight to the maximum.
    private enum Flag {
        static let said = 1
        static let started = 2
        static let pendingZero = 4
        static let groupDigit = 8
        static let skipped = 16
        static let tight = 32
        /// The integer is exactly 2: the fraction's reading says it (两元).
        static let two = 64
    }

    /// The longest plan of an amount from 0 to `maximum` with `gap` frames
    /// between clips. `digits` restricts each of the twelve integer digits
    /// (most significant first) and `fractions` the fraction (0–99), for
    /// tests against enumeration; by default every value is tried.
    /// - Throws: ``VoiceError`` (`missingClip`) when some amount has a word
    ///   the voice cannot say, naming the word.
    package func longest(
        upTo maximum: Amount, gap: Int, digits: [[Int]]? = nil, fractions: [Int]? = nil
    ) throws(VoiceError) -> Result {
        let integerDigits = Amount.maximumIntegerDigits
        var limits: [Int] = []
        var yuan = maximum.yuan
        for _ in 0..<integerDigits {
            limits.insert(Int(yuan % 10), at: 0)
            yuan /= 10
        }
        limits.append(Int(maximum.fen % 100))
        var states: [Key: Value] = [Key(flags: Flag.tight, context: [], pending: lead): Value(frames: 0, clips: 0, partial: 0)]
        var missing: Int?
        for layer in 0...integerDigits {
            var next: [Key: Value] = [:]
            let isFraction = layer == integerDigits
            let values = isFraction ? (fractions ?? Array(0...99)) : (digits?[layer] ?? Array(0...9))
            for (key, value) in states {
                let isTight = key.flags & Flag.tight != 0
                for digit in values where !isTight || digit <= limits[layer] {
                    var flags = key.flags & ~Flag.tight
                    if isTight && digit == limits[layer] { flags |= Flag.tight }
                    let words = isFraction ? fractionWords(digit, flags: flags) : digitWords(layer, digit, flags: &flags)
                    var context = key.context
                    var pending = key.pending + words
                    var frames = value.frames
                    var clips = value.clips
                    while !pending.isEmpty {
                        let all = context + pending
                        switch decide(all, at: context.count, final: isFraction) {
                        case .needMore:
                            break
                        case .take(let count, let clipFrames):
                            frames += clipFrames + gap
                            clips += 1
                            context = Array(all[max(0, context.count + count - 2)..<(context.count + count)])
                            pending.removeFirst(count)
                            continue
                        case .missing(let word):
                            missing = missing ?? word
                            pending = []
                            continue
                        }
                        break
                    }
                    let nextKey = Key(flags: isFraction ? 0 : flags, context: context, pending: pending)
                    let partial = value.partial * (isFraction ? 100 : 10) + UInt64(digit)
                    let candidate = Value(frames: frames, clips: clips, partial: partial)
                    if let existing = next[nextKey] {
                        if candidate.frames > existing.frames
                            || (candidate.frames == existing.frames && candidate.partial < existing.partial)
                        {
                            next[nextKey] = candidate
                        }
                    } else {
                        next[nextKey] = candidate
                    }
                }
            }
            states = next
        }
        if let missing, let word = ids.first(where: { $0.value == missing })?.key {
            throw VoiceError(.missingClip(word: word), "no clip for \(MessageText.quoted(word))")
        }
        var best: Value?
        for value in states.values {
            if let current = best, value.frames < current.frames || (value.frames == current.frames && value.partial >= current.partial) {
                continue
            }
            best = value
        }
        guard let best, let amount = try? Amount(fen: best.partial) else {
            throw VoiceError(.missingClip(word: ""), "no amount up to \(maximum) can be planned")
        }
        // Each clip was counted with a gap after it.
        return Result(amount: amount, frames: best.frames - best.clips * gap, clips: best.clips)
    }

    /// The words integer digit `index` (0 the 千 of the 亿 group … 11 the
    /// units) says when it is `digit`, by the reading rules (R1–R4, V2, V3),
    /// updating the reading flags. The same words, in the end, as
    /// ``Numeral/words(_:liang:leadYi:)``.
    private func digitWords(_ index: Int, _ digit: Int, flags: inout Int) -> [Int] {
        let place = index % 4
        let group = index / 4
        let groupUnit: String? = group == 0 ? "亿" : group == 1 ? "万" : nil
        var words: [Int] = []
        if place == 0 {
            // A new group: after words, a zero in it (or a skipped group) gives one 零.
            flags &= ~(Flag.groupDigit | Flag.pendingZero | Flag.started)
            if flags & Flag.said != 0 {
                flags |= Flag.started
                if flags & Flag.skipped != 0 { flags |= Flag.pendingZero }
            }
        }
        let said = flags & Flag.said != 0
        if digit == 0 {
            if flags & Flag.started != 0 { flags |= Flag.pendingZero } else { flags &= ~Flag.pendingZero }
        } else if group == 2 && place == 3 && !said && digit == 2 {
            // The integer is exactly 2: its reading depends on the fraction (两元, 二点四五元).
            flags |= Flag.two
            flags |= Flag.groupDigit
        } else {
            if flags & Flag.pendingZero != 0 {
                words.append(zero)
                flags &= ~Flag.pendingZero
            }
            let placeUnit: String? = ["千", "百", "十", nil][place]
            let following = placeUnit ?? groupUnit
            if !said && placeUnit == "十" && digit == 1 && !options.leadYi {
                // R3: 十元, 十五万.
            } else if !said && options.liang && digit == 2 && ["百", "千", "万", "亿"].contains(following) {
                words.append(ids[Numeral.liang] ?? -1)
            } else {
                words.append(ids[Numeral.digits[digit]] ?? -1)
            }
            if let placeUnit { words.append(ids[placeUnit] ?? -1) }
            flags |= Flag.said | Flag.started | Flag.groupDigit
        }
        if place == 3 {
            if flags & Flag.groupDigit != 0 {
                if let groupUnit { words.append(ids[groupUnit] ?? -1) }
                flags &= ~Flag.skipped
            } else if flags & Flag.said != 0 {
                flags |= Flag.skipped
            }
        }
        return words
    }

    /// The words of the fraction `value` (0–99) and what follows the
    /// integer: the reading of 0, 2 or 1 yuan with this fraction, where
    /// the integer words said so far take the place of the 1's 一.
    private func fractionWords(_ value: Int, flags: Int) -> [Int] {
        let fen = UInt64(value)
        if flags & Flag.two != 0 { return reading(fen: 200 + fen, dropping: 0) }
        if flags & Flag.said == 0 { return reading(fen: fen, dropping: 0) }
        return reading(fen: 100 + fen, dropping: 1)
    }

    private func reading(fen: UInt64, dropping: Int) -> [Int] {
        guard let amount = try? Amount(fen: fen) else { return [] }
        return amount.reading(options).words.dropFirst(dropping).compactMap { ids[$0] }
    }
}
