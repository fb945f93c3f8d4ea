@testable import AnnounceCore
import Foundation
import Testing

/// The worst-case finder against enumeration: the same longest plan, and the
/// same (smallest) amount, over every amount of a set.
struct LongestPlanTests {
    static let groups = [0, 1, 2, 5, 9, 10, 11, 15, 20, 22, 59, 99, 100, 101, 105, 110, 200, 505, 999, 1000, 1001, 1995, 2000, 2002, 9999]
    static let fractions = [0, 5, 9, 20, 55, 95, 99]

    /// A voice with every word, sandhi run and (with `groups`) group unit of
    /// `coverage`, each clip lasting a pseudo-random number of frames.
    static func voice(_ coverage: VoiceCoverage, seed: UInt64) throws -> (Voice, [String: Int]) {
        let script = try VoiceScript(coverage: coverage)
        var generator = SplitMix(seed: seed)
        var clips: [String] = []
        var frames: [String: Int] = [:]
        for item in script.items {
            let rules = item.when.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
            clips.append("\"\(item.key)\": {\"file\": \"\(item.file)\", \"when\": [\(rules)]}")
            // Longer runs are mostly longer, but not always: the argmax moves.
            frames[item.file] = item.key.count * 2500 + Int(generator.next() % 3000)
        }
        let json = "{\"format\": 1, \"id\": \"t\", \"clips\": {\(clips.joined(separator: ","))}}"
        return (Voice(directory: "/nonexistent", manifest: try VoiceManifest(json: Data(json.utf8), source: "t")), frames)
    }

    static func bruteForce(
        _ voice: Voice, _ frames: [String: Int], options: ReadingOptions, lead: [String], maximum: Amount, gap: Int,
        yiGroups: [Int] = [0]
    ) throws -> (amount: Amount, length: Int, count: Int) {
        var best: (amount: Amount, length: Int)?
        var count = 0
        for y in yiGroups {
            for h in groups {
                for l in groups {
                    for f in fractions {
                        let fen = ((UInt64(y) * 100_000_000 + UInt64(h) * 10_000 + UInt64(l)) * 100) + UInt64(f)
                        guard fen <= maximum.fen else { continue }
                        let amount = try Amount(fen: fen)
                        count += 1
                        let plan = try voice.plan(words: lead + amount.reading(options).words, prefixCount: 0)
                        let length = plan.clips.reduce(0) { $0 + frames[$1.file]! } + (plan.clips.count - 1) * gap
                        if best == nil || length > best!.length || (length == best!.length && amount < best!.amount) {
                            best = (amount, length)
                        }
                    }
                }
            }
        }
        return (best!.amount, best!.length, count)
    }

    @Test("the longest plan is the one enumeration finds, for word and group voices, every reading option, with and without a lead",
          arguments: [VoiceCoverage.Units.words, .groups])
    func againstEnumeration(units: VoiceCoverage.Units) throws {
        var coverage = VoiceCoverage.everything
        coverage.units = units
        var tried = 0
        for (index, options) in ReadingOptions.allCombinations.enumerated() {
            let (voice, frames) = try Self.voice(coverage, seed: UInt64(index + 1))
            let lead = index % 2 == 0 ? [] : ["共计"]
            let maximum = index % 3 == 0 ? VoiceManifest.defaultMaximumAmount : try Amount(parsing: "2000505.55")
            let gap = index % 2 == 0 ? 320 : 0
            let expected = try Self.bruteForce(voice, frames, options: options, lead: lead, maximum: maximum, gap: gap)
            tried += expected.count
            let found = try LongestPlan(voice: voice, clipFrames: frames, options: options, lead: lead)
                .longest(upTo: maximum, gap: gap, candidates: .init(groups: Self.groups, fractions: Self.fractions))
            #expect(found.amount == expected.amount, "\(options)")
            #expect(found.length(gap: gap) == expected.length, "\(options)")
        }
        #expect(tried > 20_000)
    }

    @Test("amounts of twelve digits: the 亿 group and the 零 of a skipped 万 group")
    func hundredMillions() throws {
        let (voice, frames) = try Self.voice(.everything, seed: 99)
        let options = ReadingOptions(style: .currency, liang: true)
        let maximum = try Amount(parsing: "2000101000.50")
        let expected = try Self.bruteForce(voice, frames, options: options, lead: [], maximum: maximum, gap: 100, yiGroups: Self.groups.filter { $0 <= 20 })
        let found = try LongestPlan(voice: voice, clipFrames: frames, options: options)
            .longest(upTo: maximum, gap: 100, candidates: .init(groups: Self.groups, fractions: Self.fractions))
        #expect(found.amount == expected.amount)
        #expect(found.length(gap: 100) == expected.length)
    }

    @Test("a word without a clip is named")
    func missingWord() throws {
        var coverage = VoiceCoverage.everything
        coverage.styles = [.decimal]
        let (voice, frames) = try Self.voice(coverage, seed: 5)
        #expect(throws: VoiceError.self) {
            try LongestPlan(voice: voice, clipFrames: frames, options: ReadingOptions(style: .currency))
                .longest(upTo: try Amount(parsing: "10.5"), gap: 0)
        }
    }
}
