import AnnounceServer

extension LongestPlan {
    // MARK: The planner, one decision at a time

    enum Decision {
        case needMore
        case take(words: Int, frames: Int)
        case missing(word: Int)
    }

    /// The planner's choice at `start` of `words` (whose end is the end of
    /// the stretch when `final`), or `needMore` when words still to come
    /// could change it. The same choice as ``Voice/plan(_:)-(Message)``.
    func decide(_ words: [Int], at start: Int, final: Bool) -> Decision {
        var match: (end: Int, frames: Int)?
        var node = ClipKeyTrie.root
        var end = start
        while true {
            if end >= words.count {
                if final { break }
                return .needMore
            }
            guard let next = trie.node(after: node, word: words[end]) else { break }
            node = next
            if let entry = trie.entry(at: node) {
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
    /// the stretch; nil when the words needed have not come yet. The rule
    /// itself is the language's: this only says what each id is to it.
    private func holds(_ rule: ClipRule, _ words: [Int], start: Int, end: Int, final: Bool) -> Bool? {
        rule.holds(
            in: words, range: start..<end, prefixCount: 0, complete: final,
            word: { $0 >= 0 && $0 < ruleWords.count ? ruleWords[$0] : .other },
            hasClip: { trie.entry(for: words[$0]) != nil })
    }

    /// The words integer digit `index` (0 the 千 of the 亿 group … 11 the
    /// units) says when it is `digit`, updating the reading flags: the
    /// reader's own step (``Numeral/read(_:_:state:twoBeforeUnits:tenKeepsOne:)``),
    /// its state kept in the flags' low bits, except that an integer of
    /// exactly 2 is left for the fraction to read (两元, 二点四五元).
    func digitWords(_ index: Int, _ digit: Int, flags: inout Int) -> [Int] {
        if index == Numeral.digitCount - 1 && flags & Flag.said == 0 && digit == 2 {
            flags |= Flag.two
            return []
        }
        var state = Numeral.State(rawValue: flags & Flag.reader)
        let words = Numeral.read(
            index, digit, state: &state, twoBeforeUnits: options.reads(.countingTwoBeforeUnits),
            tenKeepsOne: options.reads(.leadingTenKeepsOne))
        flags = flags & ~Flag.reader | state.rawValue
        return words.map { ids[$0] ?? -1 }
    }

    /// The words of the fraction `value` (0–99) and what follows the
    /// integer: the reading of 0, 2 or 1 yuan with this fraction, where
    /// the integer words said so far take the place of the 1's 一.
    func fractionWords(_ value: Int, flags: Int) -> [Int] {
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
