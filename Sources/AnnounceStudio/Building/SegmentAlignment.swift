import AnnounceServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Explains why the number of sounds found in a recording differs from the
/// number of items in the script: which item seems missing, which seems
/// split in two by a pause, which sound seems extra.
///
/// The items are matched to the sounds in order by their lengths: an item
/// is expected to last in proportion to its syllables. The cheapest
/// alignment (least squared log ratio of found to expected length, plus a
/// fixed cost per missing, split or extra item) tells where the problems are.
/// For a single missing or extra sound every place is costed, and when
/// several are about as likely (a run of single digits, a second take) the
/// stretch they span is given instead of one item. Lengths tell little
/// about many differences at once: beyond ``maximumPlaced`` the builder
/// does not try to place them.
struct SegmentAlignment {
    /// One sound found: where, how long, in which file.
    struct Sound {
        var start: Double
        var end: Double
        var file: String
        var duration: Double { end - start }
    }

    /// What is wrong, one line each.
    enum Problem: Equatable {
        case missing(item: Int, after: Int?, before: Int?)
        case split(item: Int, first: Int, second: Int)
        case extra(sound: Int, afterItem: Int?)
        /// One item of a stretch seems missing; lengths do not tell which.
        case missingOneOf(items: ClosedRange<Int>)
        /// One sound of a stretch seems extra; lengths do not tell which.
        case extraOneOf(sounds: ClosedRange<Int>)
    }

    static let missingCost = 1.2
    static let extraCost = 1.0
    static let splitCost = 0.8
    /// The most differences between sounds and items that are placed one by one.
    static let maximumPlaced = 3
    /// Places whose alignment costs at most this much more than the best are
    /// as likely: a single missing or extra item is then said to be one of them.
    static let ambiguity = 0.25

    /// The problems that explain `sounds` against items of `syllables` each.
    ///
    /// The length of a syllable is first taken from all sounds and all
    /// items, then, as that is off when many items are missing or extra,
    /// from the median of the items the previous alignment matched.
    static func problems(syllables: [Int], sounds: [Sound]) -> [Problem] {
        let totalSyllables = Double(syllables.reduce(0, +))
        let totalDuration = sounds.reduce(0.0) { $0 + $1.duration }
        var perSyllable = totalSyllables > 0 && totalDuration > 0 ? totalDuration / totalSyllables : 0.3
        var result = align(syllables: syllables, sounds: sounds, perSyllable: perSyllable)
        for _ in 0..<3 {
            let ratios = result.matches.map { sounds[$0.sound].duration / Double(max(1, syllables[$0.item])) }.sorted()
            guard !ratios.isEmpty else { break }
            let median = ratios[ratios.count / 2]
            guard abs(median - perSyllable) > 0.001 else { break }
            perSyllable = median
            result = align(syllables: syllables, sounds: sounds, perSyllable: perSyllable)
        }
        guard result.problems.count == 1 else { return result.problems }
        switch result.problems[0] {
        case .missing where sounds.count + 1 == syllables.count:
            // Item `gap` missing: sounds before it match items one to one, sounds after it one item later.
            let costs = singleGapCosts(count: syllables.count) { item, gap in
                item == gap ? nil : matchCost(syllables[item], sounds[item < gap ? item : item - 1].duration, perSyllable: perSyllable)
            }
            return [oneOf(costs, single: result.problems[0]) { .missingOneOf(items: $0) }]
        case .extra:
            return [oneTooMany(syllables: syllables, sounds: sounds, perSyllable: perSyllable)]
        case .split where sounds.count == syllables.count + 1:
            return [oneTooMany(syllables: syllables, sounds: sounds, perSyllable: perSyllable)]
        default:
            return result.problems
        }
    }

    /// One sound more than items: an extra sound (a second take) at some
    /// place, or an item split in two. Every place of either kind is costed;
    /// the best is named when it stands out, else the stretch of places about
    /// as likely (``ambiguity``).
    private static func oneTooMany(syllables: [Int], sounds: [Sound], perSyllable: Double) -> Problem {
        let m = sounds.count
        func cost(_ item: Int, _ duration: Double) -> Double { matchCost(syllables[item], duration, perSyllable: perSyllable) }
        // inPlace[k]: sounds before k matched to the same items; shifted[k]: sounds from k on matched one item earlier.
        var inPlace = [Double](repeating: 0, count: m + 1)
        for sound in 0..<(m - 1) { inPlace[sound + 1] = inPlace[sound] + cost(sound, sounds[sound].duration) }
        var shifted = [Double](repeating: 0, count: m + 2)
        for sound in stride(from: m - 1, through: 1, by: -1) { shifted[sound] = shifted[sound + 1] + cost(sound - 1, sounds[sound].duration) }
        var places: [(cost: Double, problem: Problem)] = []
        for sound in 0..<m {
            places.append((inPlace[sound] + extraCost + shifted[sound + 1], .extra(sound: sound, afterItem: sound > 0 ? sound - 1 : nil)))
            if sound + 1 < m, sounds[sound].file == sounds[sound + 1].file {
                let total = inPlace[sound] + splitCost + cost(sound, sounds[sound].duration + sounds[sound + 1].duration) + shifted[sound + 2]
                places.append((total, .split(item: sound, first: sound, second: sound + 1)))
            }
        }
        let best = places.map(\.cost).min() ?? 0
        let likely = places.filter { $0.cost <= best + ambiguity }
        guard likely.count > 1 else { return likely.first?.problem ?? .extraOneOf(sounds: 0...(m - 1)) }
        let positions = likely.map { place -> Int in
            switch place.problem {
            case .extra(let sound, _): sound
            case .split(_, let first, _): first
            default: 0
            }
        }
        let last = positions.max() ?? 0
        return .extraOneOf(sounds: (positions.min() ?? 0)...min(m - 1, last + 1))
    }

    /// For each place `gap` of `count`, the sum of `cost(index, gap)` over
    /// the other indices, in one pass each way.
    private static func singleGapCosts(count: Int, _ cost: (Int, Int) -> Double?) -> [Double] {
        // before[g]: indices < g matched in place; after[g]: indices > g shifted.
        // Only gaps 0..<count are asked for: before[count] and after[0] stay unused.
        var before = [Double](repeating: 0, count: count + 1)
        for index in 0..<max(0, count - 1) { before[index + 1] = before[index] + (cost(index, count) ?? 0) }
        var after = [Double](repeating: 0, count: count + 1)
        for index in stride(from: count - 1, to: 0, by: -1) { after[index] = after[index + 1] + (cost(index, -1) ?? 0) }
        return (0..<count).map { gap in before[gap] + after[gap + 1] }
    }

    /// The single problem, or the stretch of places about as likely.
    private static func oneOf(_ costs: [Double], single: Problem, _ make: (ClosedRange<Int>) -> Problem) -> Problem {
        guard let best = costs.min() else { return single }
        let likely = costs.indices.filter { costs[$0] <= best + ambiguity }
        guard let first = likely.first, let last = likely.last, first < last else { return single }
        return make(first...last)
    }

    /// How badly a sound of `duration` fits an item of `syllables`.
    private static func matchCost(_ syllables: Int, _ duration: Double, perSyllable: Double) -> Double {
        let expected = Double(max(1, syllables)) * perSyllable
        let ratio = log(max(duration, 0.01) / expected)
        return ratio * ratio
    }

    /// The cheapest alignment for a syllable length of `perSyllable` seconds:
    /// its problems and the items matched one to one with a sound.
    private static func align(
        syllables: [Int], sounds: [Sound], perSyllable: Double
    ) -> (problems: [Problem], matches: [(item: Int, sound: Int)], cost: Double) {
        let n = syllables.count
        let m = sounds.count
        func matchCost(_ item: Int, _ duration: Double) -> Double {
            Self.matchCost(syllables[item], duration, perSyllable: perSyllable)
        }
        enum Step { case match, missing, extra, split }
        var cost = [[Double]](repeating: [Double](repeating: .infinity, count: m + 1), count: n + 1)
        var step = [[Step]](repeating: [Step](repeating: .match, count: m + 1), count: n + 1)
        cost[0][0] = 0
        for i in 0...n {
            for j in 0...m where i > 0 || j > 0 {
                var best = Double.infinity
                var choice = Step.match
                if i > 0 && j > 0 {
                    let value = cost[i - 1][j - 1] + matchCost(i - 1, sounds[j - 1].duration)
                    if value < best { (best, choice) = (value, .match) }
                }
                if i > 0, cost[i - 1][j] + missingCost < best { (best, choice) = (cost[i - 1][j] + missingCost, .missing) }
                if j > 0, cost[i][j - 1] + extraCost < best { (best, choice) = (cost[i][j - 1] + extraCost, .extra) }
                if i > 0 && j > 1 && sounds[j - 2].file == sounds[j - 1].file {
                    let value = cost[i - 1][j - 2] + splitCost
                        + matchCost(i - 1, sounds[j - 2].duration + sounds[j - 1].duration)
                    if value < best { (best, choice) = (value, .split) }
                }
                cost[i][j] = best
                step[i][j] = choice
            }
        }
        // Walk back from the end, collecting problems and which sound each item took.
        var problems: [Problem] = []
        var (i, j) = (n, m)
        var itemOfSound = [Int?](repeating: nil, count: m)
        var pendingMissing: [Int] = []
        var matches: [(item: Int, sound: Int)] = []
        while i > 0 || j > 0 {
            switch step[i][j] {
            case .match:
                itemOfSound[j - 1] = i - 1
                matches.append((i - 1, j - 1))
                (i, j) = (i - 1, j - 1)
            case .missing:
                pendingMissing.append(i - 1)
                i -= 1
            case .extra:
                problems.append(.extra(sound: j - 1, afterItem: nil))
                j -= 1
            case .split:
                itemOfSound[j - 1] = i - 1
                itemOfSound[j - 2] = i - 1
                problems.append(.split(item: i - 1, first: j - 2, second: j - 1))
                (i, j) = (i - 1, j - 2)
            }
        }
        // Locate missing items between the sounds of their neighbours.
        for item in pendingMissing {
            let after = itemOfSound.lastIndex { ($0 ?? -1) < item && $0 != nil }
            let before = itemOfSound.firstIndex { ($0 ?? -1) > item }
            problems.append(.missing(item: item, after: after, before: before))
        }
        // Name the item an extra sound follows.
        problems = problems.map { problem in
            guard case .extra(let sound, _) = problem else { return problem }
            let previous = itemOfSound[..<sound].compactMap { $0 }.last
            return .extra(sound: sound, afterItem: previous)
        }
        return (problems.sorted { position($0) < position($1) }, matches, cost[n][m])
    }

    /// A sort key: the item or sound position each problem is at.
    private static func position(_ problem: Problem) -> Double {
        switch problem {
        case .missing(let item, _, _): Double(item)
        case .split(let item, _, _): Double(item) + 0.1
        case .extra(_, let after): Double(after ?? -1) + 0.5
        case .missingOneOf(let items): Double(items.lowerBound)
        case .extraOneOf(let sounds): Double(sounds.lowerBound)
        }
    }
}
