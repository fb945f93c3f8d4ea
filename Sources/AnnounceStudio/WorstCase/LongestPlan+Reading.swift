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
            word: ruleWord(of:),
            hasClip: { trie.entry(for: words[$0]) != nil })
    }

    /// What word id `id` is to the clip rules (an id no word has: nothing).
    func ruleWord(of id: Int) -> ClipRule.Word { id >= 0 && id < ruleWords.count ? ruleWords[id] : .other }

    /// The words integer digit `index` (0 the most significant … 11 the
    /// units) says when it is `digit`: the reader's own step, its state
    /// kept in the flags' low bits and carried on as the reader carries it.
    func digitWords(_ index: Int, _ digit: Int, flags: inout Int) -> [Int] {
        var state = ReaderState(rawValue: flags & readerMask)
        let words = reader.read(index, digit, state: &state, options: options)
        state = reader.carried(state, after: index)
        flags = flags & ~readerMask | state.rawValue
        return words.map { ids[$0] ?? -1 }
    }

    /// The words the reader finishes with after the integer digits left
    /// reader state `state`, for the fraction `value` (0–99).
    func fractionWords(_ value: Int, state: Int) -> [Int] {
        reader.finish(fen: value, state: ReaderState(rawValue: state), options: options).compactMap { ids[$0] }
    }
}
