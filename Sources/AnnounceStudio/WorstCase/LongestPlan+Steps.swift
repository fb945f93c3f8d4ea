import AnnounceServer

extension LongestPlan {
    /// The planner's steps in one search, each worked out once.
    ///
    /// The planner's state between digits is a *tail*: the words before the
    /// undecided ones that clip rules look back at, and the undecided words (a run
    /// some key starts with). Tails and the words a digit says are numbered
    /// as they first appear, so a step is looked up by three numbers: the
    /// tail, the words, and whether the stretch ends there.
    struct PlannerSteps {
        /// Where a tail and a digit's words lead: the next tail, and the
        /// clips taken on the way.
        struct Step {
            var tail: Int
            var frames: Int
            var clips: Int
            /// A word no clip says, if one came up.
            var missing: Int?
        }

        private let plan: LongestPlan
        private var tailNumbers: [[Int]: Int] = [:]
        private var tails: [(context: [Int], pending: [Int])] = []
        private var wordNumbers: [[Int]: Int] = [:]
        private var wordLists: [[Int]] = []
        private var steps: [Int: Step] = [:]
        /// Per layer, reading flags and digit: 1 + (words << flagBits | flags after), 0 until known.
        private var digits: [Int]
        /// How many bits the flags take: the reader's and the tight bit.
        private let flagBits: Int
        /// Per reader state after the integer, the words of each fraction
        /// 0–99 cut in two: what every fraction with the same tenths digit
        /// starts with (`heads`, by tenths), and the rest (`rests`, by
        /// fraction). The planner takes the heads' clips once for all ten
        /// fractions that share them.
        private var fractions: [Int: (heads: [Int], rests: [Int])] = [:]

        init(plan: LongestPlan) {
            self.plan = plan
            flagBits = plan.reader.stateBits + 1
            digits = [Int](repeating: 0, count: (Amount.maximumIntegerDigits << flagBits) * 10)
        }

        /// The number of the tail `context` (at most ``LongestPlan/lookBehind`` words) then `pending`.
        mutating func tail(context: [Int], pending: [Int]) -> Int {
            let key = [context.count] + context + pending
            if let number = tailNumbers[key] { return number }
            tailNumbers[key] = tails.count
            tails.append((context, pending))
            return tails.count - 1
        }

        /// The number of the word list `words`.
        mutating func words(_ words: [Int]) -> Int {
            if let number = wordNumbers[words] { return number }
            wordNumbers[words] = wordLists.count
            wordLists.append(words)
            return wordLists.count - 1
        }

        /// The words integer digit `layer` says as `digit` with reading
        /// `flags`, and the flags after it, as the reader carries them on
        /// (``NumberReader/carried(_:after:)``): states that differ only in
        /// what no later step looks at are one.
        mutating func digit(_ layer: Int, _ digit: Int, flags: Int) -> (words: Int, flags: Int) {
            let index = ((layer << flagBits) | flags) * 10 + digit
            let mask = (1 << flagBits) - 1
            if digits[index] > 0 {
                let known = digits[index] - 1
                return (known >> flagBits, known & mask)
            }
            var after = flags
            let said = plan.digitWords(layer, digit, flags: &after)
            let number = words(said)
            digits[index] = 1 + (number << flagBits | after)
            return (number, after)
        }

        /// The numbers of the head and rest word lists of fraction `value`
        /// after the integer left reader state `state`.
        private mutating func fractionParts(state: Int, value: Int) -> (head: Int, rest: Int) {
            if fractions[state] == nil {
                let lists = (0...99).map { plan.fractionWords($0, state: state) }
                var heads: [Int] = []
                for tenths in 0...9 {
                    var head = lists[tenths * 10]
                    for list in lists[(tenths * 10 + 1)..<(tenths * 10 + 10)] {
                        var common = 0
                        while common < head.count && common < list.count && head[common] == list[common] { common += 1 }
                        head.removeLast(head.count - common)
                    }
                    heads.append(words(head))
                }
                let rests = (0...99).map { words(Array(lists[$0].dropFirst(wordLists[heads[$0 / 10]].count))) }
                fractions[state] = (heads, rests)
            }
            let parts = fractions[state]!
            return (parts.heads[value / 10], parts.rests[value])
        }

        /// The planner from tail `tail` given the words of fraction `value`
        /// after the integer left reader state `state`, to the end of the
        /// stretch: the head its tenths share, then the rest.
        mutating func fraction(tail: Int, state: Int, value: Int) -> Step {
            let parts = fractionParts(state: state, value: value)
            let head = step(tail: tail, words: parts.head, final: false)
            let rest = step(tail: head.tail, words: parts.rest, final: true)
            return Step(
                tail: rest.tail, frames: head.frames + rest.frames, clips: head.clips + rest.clips,
                missing: head.missing ?? rest.missing)
        }

        /// What the planner needs of the words `said` before the undecided
        /// ones: what the clip rules read of them (``ClipRule/behind``),
        /// each class kept as one word of it. So tails that differ only in
        /// what no rule reads are one state; a reading that has said fewer
        /// words keeps fewer, so the start of a reading stays known.
        private func lookBack(_ said: ArraySlice<Int>) -> [Int] {
            guard plan.lookBehind > 0 else { return [] }
            let classes = said.suffix(plan.lookBehind).map(plan.ruleWord(of:))
            return plan.behind(classes).map { plan.classWords[$0] ?? -2 }
        }

        /// The planner from tail `tail` given the words numbered `words`: it
        /// takes clips while no word to come can change its choice (all of
        /// them when `final`, the stretch's end).
        mutating func step(tail: Int, words: Int, final: Bool) -> Step {
            let key = tail << 32 | words << 1 | (final ? 1 : 0)
            if let known = steps[key] { return known }
            var context = tails[tail].context
            var pending = tails[tail].pending + wordLists[words]
            var step = Step(tail: 0, frames: 0, clips: 0)
            planning: while !pending.isEmpty {
                let all = context + pending
                switch plan.decide(all, at: context.count, final: final) {
                case .needMore:
                    break planning
                case .take(let count, let clipFrames):
                    step.frames += clipFrames
                    step.clips += 1
                    context = lookBack(all[..<(context.count + count)])
                    pending.removeFirst(count)
                case .missing(let word):
                    step.missing = step.missing ?? word
                    pending = []
                }
            }
            step.tail = self.tail(context: context, pending: pending)
            steps[key] = step
            return step
        }
    }
}
