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
/// Near items of about the same length the line may name a neighbour of the
/// item really missing; the time it gives is where to listen.
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
    }

    static let missingCost = 1.2
    static let extraCost = 1.2
    static let splitCost = 0.4

    /// The problems that explain `sounds` against items of `syllables` each.
    static func problems(syllables: [Int], sounds: [Sound]) -> [Problem] {
        let n = syllables.count
        let m = sounds.count
        let totalSyllables = Double(syllables.reduce(0, +))
        let totalDuration = sounds.reduce(0.0) { $0 + $1.duration }
        let perSyllable = totalSyllables > 0 && totalDuration > 0 ? totalDuration / totalSyllables : 0.3
        func matchCost(_ item: Int, _ duration: Double) -> Double {
            let expected = Double(max(1, syllables[item])) * perSyllable
            let ratio = log(max(duration, 0.01) / expected)
            return ratio * ratio
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
        while i > 0 || j > 0 {
            switch step[i][j] {
            case .match:
                itemOfSound[j - 1] = i - 1
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
        return problems.sorted { position($0) < position($1) }
    }

    /// A sort key: the item or sound position each problem is at.
    private static func position(_ problem: Problem) -> Double {
        switch problem {
        case .missing(let item, _, _): Double(item)
        case .split(let item, _, _): Double(item) + 0.1
        case .extra(_, let after): Double(after ?? -1) + 0.5
        }
    }
}
