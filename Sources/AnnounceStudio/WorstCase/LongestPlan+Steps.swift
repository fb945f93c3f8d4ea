import AnnounceServer

extension LongestPlan {
    /// The planner's steps in one search, each worked out once.
    ///
    /// The planner's state between digits is a *tail*: the two words before
    /// the undecided ones (for `leads-group`) and the undecided words (a run
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
        /// Per layer, reading flags and digit: 1 + (words << 8 | flags after), 0 until known.
        private var digits: [Int]

        init(plan: LongestPlan) {
            self.plan = plan
            digits = [Int](repeating: 0, count: Amount.maximumIntegerDigits * 128 * 10)
        }

        /// The number of the tail `context` (at most two words) then `pending`.
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
        /// `flags`, and the flags after it; at a group's end only what the
        /// next group depends on is kept (``Flag/acrossGroups``).
        mutating func digit(_ layer: Int, _ digit: Int, flags: Int) -> (words: Int, flags: Int) {
            let index = (layer * 128 + flags) * 10 + digit
            if digits[index] > 0 {
                let known = digits[index] - 1
                return (known >> 8, known & 0xFF)
            }
            var after = flags
            let said = plan.digitWords(layer, digit, flags: &after)
            if layer % 4 == 3 { after &= layer == Amount.maximumIntegerDigits - 1 ? Flag.toFraction : Flag.acrossGroups }
            let number = words(said)
            digits[index] = 1 + (number << 8 | after)
            return (number, after)
        }

        /// The planner from tail `tail` given the words of fraction `value`
        /// (for an integer of 0, 2 or other: `variant` 0, 1, 2), to the end
        /// of the stretch: the head its tenths share, then the rest.
        mutating func fraction(tail: Int, variant: Int, value: Int) -> Step {
            let head = step(tail: tail, words: words(plan.fractionHeads[variant][value / 10]), final: false)
            let rest = step(tail: head.tail, words: words(plan.fractionRests[variant][value]), final: true)
            return Step(
                tail: rest.tail, frames: head.frames + rest.frames, clips: head.clips + rest.clips,
                missing: head.missing ?? rest.missing)
        }

        /// What the planner needs of the words `said` before the undecided
        /// ones: only `leads-group` looks back, asking whether the word
        /// before is 亿 or 万, or a 零 after one of them. So the context is
        /// kept as that answer (万 for either unit), and tails that differ
        /// only in words no rule looks at are one state.
        private func lookBack(_ said: ArraySlice<Int>) -> [Int] {
            func isUnit(_ word: Int) -> Bool { word == plan.yi || word == plan.wan }
            guard let last = said.last else { return [] }
            if isUnit(last) { return [plan.wan] }
            guard last == plan.zero else { return [-2] }
            return said.count >= 2 && isUnit(said[said.endIndex - 2]) ? [plan.wan, plan.zero] : [plan.zero]
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
