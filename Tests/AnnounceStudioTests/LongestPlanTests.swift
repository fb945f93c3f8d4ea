import AnnounceServer
@testable import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// The worst-case finder against enumeration: the same longest plan, and the
/// same (smallest) amount, over every amount of a set.
struct LongestPlanTests {
    static let groups = [0, 1, 2, 5, 9, 10, 11, 15, 20, 22, 59, 99, 100, 101, 105, 110, 200, 505, 999, 1000, 1001, 1995, 2000, 2002, 9999]
    static let fractions = [0, 5, 9, 20, 55, 95, 99]

    /// A voice with every word, sandhi run and (with `groups`) group unit of
    /// `coverage`, each clip lasting a pseudo-random number of frames.
    static func voice(_ coverage: VoiceCoverage, seed: UInt64, language: Language = .mandarin) throws -> (Voice, [String: Int]) {
        let script = try VoiceScript(coverage: coverage, language: language)
        var generator = SplitMix64(seed: seed)
        var clips: [String] = []
        var frames: [String: Int] = [:]
        for item in script.items {
            let rules = item.when.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
            clips.append("\"\(item.key)\": {\"file\": \"\(item.file)\", \"when\": [\(rules)]}")
            // Longer runs are mostly longer, but not always: the argmax moves.
            frames[item.file] = item.key.count * 2500 + Int(generator.next() % 3000)
        }
        let json = "{\"format\": 1, \"language\": \"\(language.tag)\", \"id\": \"t\", \"clips\": {\(clips.joined(separator: ","))}}"
        return (Voice(directory: "/nonexistent", manifest: try VoiceManifest(json: Data(json.utf8), source: "t")), frames)
    }

    /// Digit sets per integer position (most significant first) whose
    /// product is a few thousand amounts with zeros, ones, twos, fives and
    /// nines in every place.
    static func digitSets(seed: UInt64, integerDigits: Int) -> [[Int]] {
        var generator = SplitMix64(seed: seed)
        let pool = [[0, 1, 2], [0, 5], [0, 9, 2], [0, 1], [2, 5], [0, 1, 9], [0, 2], [5, 9], [0]]
        return (0..<12).map { index in
            index < 12 - integerDigits ? [0] : pool[Int(generator.next() % UInt64(pool.count))]
        }
    }

    static func bruteForce(
        _ voice: Voice, _ frames: [String: Int], options: ReadingOptions, lead: [String], maximum: Amount, gap: Int,
        digits: [[Int]]
    ) throws -> (amount: Amount, length: Int, count: Int)? {
        var best: (amount: Amount, length: Int)?
        var count = 0
        var integers: [UInt64] = [0]
        for set in digits { integers = integers.flatMap { prefix in set.map { prefix * 10 + UInt64($0) } } }
        for integer in integers {
            for f in fractions {
                let fen = integer * 100 + UInt64(f)
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
        return best.map { ($0.amount, $0.length, count) }
    }

    /// The search's longest plan against enumeration over amounts of eight
    /// integer digits drawn from `seed`: how many amounts were tried.
    static func compare(
        _ voice: Voice, _ frames: [String: Int], options: ReadingOptions, lead: [String], maximum: Amount, gap: Int, seed: UInt64,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        let digits = digitSets(seed: seed, integerDigits: 8)
        guard let expected = try bruteForce(voice, frames, options: options, lead: lead, maximum: maximum, gap: gap, digits: digits)
        else { return 0 }
        let found = try LongestPlan(voice: voice, clipFrames: frames, options: options, lead: lead)
            .longest(upTo: maximum, gap: gap, digits: digits, fractions: fractions)
        #expect(found.amount == expected.amount, "\(options) \(digits)", sourceLocation: sourceLocation)
        #expect(found.length(gap: gap) == expected.length, "\(options) \(digits)", sourceLocation: sourceLocation)
        return expected.count
    }

    @Test("the longest plan is the one enumeration finds, for word and group voices, every reading option, with and without a lead",
          arguments: [VoiceCoverage.Units.words, .groups])
    func againstEnumeration(units: VoiceCoverage.Units) throws {
        var coverage = VoiceCoverage.everything
        coverage.units = units
        var tried = 0
        for round in 0..<3 {
            for (index, options) in ReadingOptions.allCombinations.enumerated() {
                let seed = UInt64(round * 10 + index + 1)
                let (voice, frames) = try Self.voice(coverage, seed: seed)
                let lead = index % 2 == 0 ? [] : ["共计"]
                let maximum = index % 3 == 0 ? VoiceManifest.defaultMaximumAmount : try Amount(parsing: "20100505.55")
                let gap = index % 2 == 0 ? 320 : 0
                tried += try Self.compare(voice, frames, options: options, lead: lead, maximum: maximum, gap: gap, seed: seed)
            }
        }
        #expect(tried > 20_000)
    }

    @Test("a Cantonese voice (no clip rules, 两 always) gets the longest plan enumeration finds, word and group units",
          arguments: [VoiceCoverage.Units.words, .groups])
    func cantoneseAgainstEnumeration(units: VoiceCoverage.Units) throws {
        var coverage = VoiceCoverage.everything
        coverage.units = units
        coverage.set(.leadYi, false)
        var tried = 0
        let readings = Language.cantonese.readingOptions(among: ReadingOptions.allCombinations)
        #expect(readings.count == 2)
        for round in 0..<3 {
            for (index, options) in readings.enumerated() {
                let seed = UInt64(100 + round * 10 + index)
                let (voice, frames) = try Self.voice(coverage, seed: seed, language: .cantonese)
                #expect(voice.manifest.rules.isEmpty)
                let lead = round % 2 == 0 ? [] : ["共计"]
                let gap = round == 1 ? 0 : 240
                tried += try Self.compare(
                    voice, frames, options: options, lead: lead, maximum: VoiceManifest.defaultMaximumAmount, gap: gap, seed: seed)
            }
        }
        #expect(tried > 5_000)
    }

    @Test("amounts of twelve digits: the 亿 group and the 零 of a skipped 万 group", arguments: [UInt64(1), 2, 3, 4])
    func hundredMillions(seed: UInt64) throws {
        let (voice, frames) = try Self.voice(.everything, seed: 99 + seed)
        let options = ReadingOptions(style: seed % 2 == 0 ? .currency : .decimal, liang: true, leadYi: seed == 3)
        let maximum = try Amount(parsing: "299999999999.99")
        var digits = Self.digitSets(seed: seed, integerDigits: 12)
        digits[0] = [0, 2]
        digits[4] = [0]
        digits[5] = [0, 1]
        let expected = try #require(try Self.bruteForce(voice, frames, options: options, lead: [], maximum: maximum, gap: 100, digits: digits))
        let found = try LongestPlan(voice: voice, clipFrames: frames, options: options)
            .longest(upTo: maximum, gap: 100, digits: digits, fractions: Self.fractions)
        #expect(found.amount == expected.amount)
        #expect(found.length(gap: 100) == expected.length)
    }

    @Test("with every amount tried, the longest plan is at least as long as any sampled amount's, and is its amount's plan")
    func fullRange() throws {
        let (voice, frames) = try Self.voice(.everything, seed: 7)
        let options = ReadingOptions(style: .currency, liang: true)
        let maximum = VoiceManifest.defaultMaximumAmount
        let found = try LongestPlan(voice: voice, clipFrames: frames, options: options).longest(upTo: maximum, gap: 50)
        func length(_ amount: Amount) throws -> Int {
            let plan = try voice.plan(words: amount.reading(options).words, prefixCount: 0)
            return plan.clips.reduce(0) { $0 + frames[$1.file]! } + (plan.clips.count - 1) * 50
        }
        #expect(try length(found.amount) == found.length(gap: 50))
        var generator = SplitMix64(seed: 11)
        for _ in 0..<3000 {
            let amount = try Amount(fen: generator.next() % (maximum.fen + 1))
            #expect(try length(amount) <= found.length(gap: 50), "\(amount)")
        }
    }

    @Test("a clip key that splits into words in many ways matches each of them, as the planner matches bytes; a long one costs no more than its length")
    func keysThatSplitManyWays() throws {
        // With the lead word 一一, the key 一一一 is 一一 · 一, 一 · 一一 or
        // 一 · 一 · 一; the key of sixty 一 splits in about 10^12 ways.
        var clips = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "百", "千", "万", "亿", "点", "元", "一一"]
            .enumerated().map { "\"\($1)\": \"w\($0).wav\"" }
        clips += ["\"一一一\": \"triple.wav\"", "\"一百一\": \"run.wav\"", "\"\(String(repeating: "一", count: 60))\": \"long.wav\""]
        let json = "{\"format\": 1, \"language\": \"cmn-Hans\", \"id\": \"t\", \"clips\": {\(clips.joined(separator: ","))}}"
        let voice = Voice(directory: "/nonexistent", manifest: try VoiceManifest(json: Data(json.utf8), source: "t"))
        var frames = Dictionary(uniqueKeysWithValues: (0..<18).map { ("w\($0).wav", 1000 + $0 * 37) })
        frames["triple.wav"] = 5000
        frames["run.wav"] = 4000
        frames["long.wav"] = 90_000
        var digits = [[Int]](repeating: [0], count: 12)
        digits[8] = [0, 1]
        digits[9] = [0, 1, 2]
        digits[10] = [0, 1]
        digits[11] = [0, 1, 9]
        for lead in [[], ["一一"]] {
            let maximum = try Amount(parsing: "1999.99")
            let expected = try #require(try Self.bruteForce(
                voice, frames, options: ReadingOptions(), lead: lead, maximum: maximum, gap: 10, digits: digits))
            let found = try LongestPlan(voice: voice, clipFrames: frames, options: ReadingOptions(), lead: lead)
                .longest(upTo: maximum, gap: 10, digits: digits, fractions: Self.fractions)
            #expect(found.amount == expected.amount, "lead \(lead)")
            #expect(found.length(gap: 10) == expected.length, "lead \(lead)")
        }
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
