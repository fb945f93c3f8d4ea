import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import Foundation
import Testing

/// Planning messages with a voice, and the up-front check of a template's words.
struct VoiceMessageTests {
    static func voice(adding extra: [String: String] = [:], removing: [String] = []) throws -> Voice {
        var clips = VoiceTests.singleWords.merging(extra) { $1 }
        for word in removing { clips[word] = nil }
        return Voice(directory: "/v", manifest: try VoiceTests.manifest(clips))
    }

    static let messageWords = ["退款": "tuikuan.wav", "笔": "bi.wav", "共计": "gongji.wav", "收款成功": "ok.wav"]

    @Test("a summary plans no clip across its pauses and marks the lead and the clip before each pause")
    func summaryPlan() throws {
        // 笔共计 would be a run across the comma: it must not be used there.
        let voice = try Self.voice(adding: Self.messageWords.merging(["笔共计": "x.wav", "三笔": "sanbi.wav"]) { $1 })
        let message = try Message(
            template: .summary, amount: try Amount(parsing: "10"), count: try Count(3), prefix: try Prefix("alipay"))
        let plan = try voice.plan(message)
        #expect(plan.clips.map(\.text) == ["支付宝到账", "三笔", "共计", "十", "元"])
        #expect(plan.clips.map(\.isPrefix) == [true, false, false, false, false])
        #expect(plan.clips.map(\.pauseAfter) == [true, true, false, false, false])
    }

    @Test("the payment preset plans the longest runs of its words, the lead first, with the pause after it")
    func paymentPlan() throws {
        let voice = try Self.voice(adding: ["一百": "yibai.wav", "十元": "shiyuan.wav"])
        for amount in ["110", "123.45", "10"] {
            let prefix = try Prefix("alipay")
            let parsed = try Amount(parsing: amount)
            let message = try Message(template: .payment, amount: parsed, prefix: prefix)
            let phrasePlan = try voice.plan(words: prefix.words + parsed.reading().words, prefixCount: prefix.words.count).clips
            let messagePlan = try voice.plan(message).clips
            #expect(messagePlan.map(\.words) == phrasePlan.map(\.words))
            #expect(messagePlan.map(\.isPrefix) == phrasePlan.map(\.isPrefix))
            #expect(messagePlan.map(\.pauseAfter) == [true] + Array(repeating: false, count: phrasePlan.count - 1))
        }
    }

    @Test("a missing word names the word, the voice and the template before any audio")
    func missingWord() throws {
        let voice = try Self.voice(adding: Self.messageWords, removing: ["共计"])
        let expected = VoiceError(
            .missingClip(word: "共计"), "voice 'test' (/v) has no clip for '共计', needed by template 'summary'")
        #expect(throws: expected) { try voice.requireClips(template: .summary, prefix: .standard, options: ReadingOptions()) }
        let message = try Message(template: .summary, amount: try Amount(parsing: "1"), count: try Count(2))
        #expect(throws: expected) { try voice.plan(message) }
        try voice.requireClips(template: .refund, prefix: .standard, options: ReadingOptions())
        try voice.requireClips(template: .received, prefix: try Prefix("美团"), options: ReadingOptions())
        #expect(throws: VoiceError.self) {
            try voice.requireClips(template: .payment, prefix: try Prefix("美团"), options: ReadingOptions())
        }
        try voice.requireClips(template: try Template("{prefix}退款"), prefix: .standard, options: ReadingOptions())
        #expect(throws: VoiceError(
            .missingClip(word: "优惠"), "voice 'test' (/v) has no clip for '优惠', needed by template '优惠{amount}元'"
        )) { try voice.requireClips(template: try Template("优惠{amount}元"), prefix: .standard, options: ReadingOptions()) }
    }

    @Test("a count needs 两 even when the amount's options do not")
    func countNeedsLiang() throws {
        let voice = try Self.voice(adding: Self.messageWords, removing: ["两"])
        try voice.requireClips(template: .refund, prefix: .standard, options: ReadingOptions())
        #expect(throws: VoiceError(
            .missingClip(word: "两"), "voice 'test' (/v) has no clip for '两', needed by template 'summary'"
        )) { try voice.requireClips(template: .summary, prefix: .standard, options: ReadingOptions()) }
    }
}
