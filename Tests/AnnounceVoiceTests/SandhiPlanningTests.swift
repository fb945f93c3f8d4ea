import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceTestSupport
import Foundation
import Testing

/// The planner uses a run recorded with tone sandhi only where that sandhi is right.
struct SandhiPlanningTests {
    /// A voice with every single word, the preset prefixes and every sandhi run the scripts record.
    static let fullVoice: Voice = {
        var clips = VoiceTests.singleWords
        for style in ReadingStyle.allCases {
            for run in Language.mandarin.runsRecordedTogether(for: ReadingOptions(style: style, liang: true)) { clips[run] = "\(run).wav" }
        }
        return Voice(directory: "/v", manifest: try! VoiceTests.manifest(clips))
    }()

    static func plan(_ amount: String, _ voice: Voice = fullVoice, options: ReadingOptions = ReadingOptions()) throws -> [String] {
        let message = try Message(template: .payment, amount: try Amount(parsing: amount), prefix: .standard, options: options)
        return try voice.plan(message).clips.dropFirst().map(\.text)
    }

    @Test("sandhi runs apply only in their context", arguments: [
        ("10000", "一万 元"),
        ("110000", "十 一 万 元"),
        ("210000", "二 十 一 万 元"),
        ("1010000", "一百 零 一 万 元"),
        ("100010000", "一亿 零 一万 元"),
        ("1100000000", "十 一 亿 元"),
        ("10010000", "一千 零 一 万 元"),
        ("1100", "一千 一百 元"),
        ("100001000", "一亿 零 一千 元"),
        ("150", "一百五 十 元"),
        ("190", "一百九 十 元"),
        ("100.5", "一百 点五 元"),
        ("100.55", "一百点 五五 元"),
        ("500", "五百 元"),
        ("550", "五 百五 十 元"),
        ("999", "九 百九 十 九 元"),
        ("5.5", "五 点五 元"),
        ("5.55", "五点 五五 元"),
        ("0.59", "零 点 五九 元"),
        ("0.95", "零 点 九五 元"),
        ("0.99", "零 点 九九 元"),
        ("0.5", "零 点五 元"),
        ("0.9", "零 点九 元"),
        ("9", "九 元"),
        ("9.1", "九点 一 元"),
        ("500.55", "五 百点 五五 元"),
        ("900.5", "九百 点五 元"),
    ])
    func contexts(amount: String, expected: String) throws {
        #expect(try Self.plan(amount).joined(separator: " ") == expected)
    }

    @Test("currency runs apply only in their context", arguments: [
        ("0.55", "五 角五 分"),
        ("0.5", "五角"),
        ("0.95", "九 角五 分"),
        ("5.99", "五 元 九 角九 分"),
        ("200", "两百 元"),
        ("250", "两 百五 十 元"),
    ])
    func currencyContexts(amount: String, expected: String) throws {
        let options = ReadingOptions(style: .currency, liang: true)
        #expect(try Self.plan(amount, options: options).joined(separator: " ") == expected)
    }

    @Test("a voice without the sandhi runs still plans every reading with single words")
    func withoutRuns() throws {
        let voice = Voice(directory: "/v", manifest: try VoiceTests.manifest(VoiceTests.singleWords))
        #expect(try Self.plan("110000", voice) == ["十", "一", "万", "元"])
        #expect(try Self.plan("5.55", voice) == ["五", "点", "五", "五", "元"])
    }

    @Test("manifest rules: stated, listed, defaulted by key, or switched off with an empty list")
    func manifestRules() throws {
        let json = #"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一": "a.wav", "万": "b.wav", "十": "c.wav", "元": "d.wav", "#
            + #""一万": {"file": "e.wav", "when": "leads-group"}, "五百": {"file": "f.wav", "when": []}, "#
            + #""九百": "g.wav", "一亿": {"file": "h.wav", "when": ["leads-group", "third-pairs"]}}}"#
        let manifest = try VoiceManifest(json: Data(json.utf8), source: "voice.json")
        #expect(manifest.clips["一万"] == "e.wav")
        #expect(manifest.rules["一万"] == [.leadsGroup])
        #expect(manifest.rules["五百"] == nil)
        #expect(manifest.rules["九百"] == [.thirdPairs])
        #expect(manifest.rules["一亿"] == [.leadsGroup, .thirdPairs])
        let voice = Voice(directory: "/v", manifest: manifest)
        let message = try Message(template: .payment, amount: try Amount(parsing: "110000"), prefix: try Prefix("none"))
        #expect(try voice.plan(message).clips.map(\.text) == ["十", "一", "万", "元"])
    }

    @Test("bad rules in a manifest are one clear line", arguments: [
        (#"{"一万": {"file": "a.wav", "when": "sometimes"}}"#, "clip '一万': unknown rule 'sometimes'"),
        (#"{"一万": {"file": "a.wav", "when": 3}}"#, "'when' must be a rule name or a list of them, not a number"),
        (#"{"一万": {"when": "leads-group"}}"#, "clip '一万': 'file' must name a file"),
        (#"{"一万": {"file": "a.wav", "rule": "x"}}"#, "unknown field 'rule'"),
        (#"{"一万": {"file": "../a.wav"}}"#, "must be a file inside the voice folder"),
    ])
    func badRules(clips: String, expected: String) {
        let json = #"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": "# + clips + "}"
        #expect {
            try VoiceManifest(json: Data(json.utf8), source: "v.json")
        } throws: { error in
            let message = (error as? VoiceError)?.description ?? ""
            return message.hasPrefix("v.json: ") && message.contains(expected) && !message.contains("\n")
        }
    }

    /// The tones each planned clip is said with, as its recording has them.
    static func spokenTones(_ clips: [ClipPlan.Clip]) -> [Int] {
        clips.flatMap { clip in
            let syllables = Pinyin.syllables(of: clip.text) ?? []
            let spoken = clip.words.count > 1 ? Pinyin.spoken(syllables) : syllables
            return spoken.map { $0.last?.wholeNumberValue ?? 0 }
        }
    }

    @Test("over many amounts: no 一万/一亿 where 一 is a units digit, no third tone said before a third tone",
          arguments: ReadingOptions.allCombinations)
    func property(options: ReadingOptions) throws {
        var generator = SplitMix64(seed: 9)
        var amounts = (0..<3000).map { _ in generator.next() % 100_000_000_000 }
        amounts += (0..<2000).map { _ in generator.next() % 1_000_000 }
        amounts += [5, 55, 555, 55555, 505, 9_999_999_999, 100_000_000, 10_010_000, 1_010_000_00, 59, 95, 99, 555_555_55]
        var usedRuns = Set<String>()
        for fen in amounts {
            let amount = try Amount(fenText: String(fen))
            let plan = try Self.fullVoice.plan(try Message(template: .payment, amount: amount, prefix: try Prefix("none"), options: options))
            #expect(plan.clips.flatMap(\.words) == amount.reading(options).words)
            let yuan = fen / 100
            for clip in plan.clips where clip.words.count > 1 {
                usedRuns.insert(clip.text)
                // The group an 一万 or 一亿 stands for must be exactly 1.
                if clip.text == "一万" { #expect(yuan / 10_000 % 10_000 == 1, "\(fen): \(plan.clips.map(\.text))") }
                if clip.text == "一亿" { #expect(yuan / 100_000_000 == 1, "\(fen): \(plan.clips.map(\.text))") }
            }
            let tones = Self.spokenTones(plan.clips)
            let clash = zip(tones, tones.dropFirst()).contains { $0 == 3 && $1 == 3 }
            #expect(!clash, "\(fen): \(plan.clips.map(\.text)) \(tones)")
        }
        #expect(usedRuns.count >= 10)
    }
}

extension SandhiPlanningTests {
    @Test("without the pair one word later, a third-tone run is still used: skipping would add a clash", arguments: [
        ("999", "九百 九 十 九 元"),
        ("5.5", "五点 五 元"),
        ("150", "一百 五 十 元"),
        ("10000", "一万 元"),
        ("110000", "十 一 万 元"),
    ])
    func fallback(amount: String, expected: String) throws {
        var clips = VoiceTests.singleWords
        for run in ["一百", "一千", "一万", "一亿", "五百", "九百", "五点", "九点"] { clips[run] = "\(run).wav" }
        let voice = Voice(directory: "/v", manifest: try VoiceTests.manifest(clips))
        #expect(try Self.plan(amount, voice).joined(separator: " ") == expected)
    }
}
