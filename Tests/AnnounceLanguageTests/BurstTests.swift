import AnnounceCommon
import AnnounceLanguage
import AnnounceTestSupport
import Testing

/// Several payments in one announcement (docs/MESSAGES.md B1–B4).
struct BurstTests {
    static func amounts(_ texts: [String]) throws -> [Amount] { try texts.map { try Amount(parsing: $0) } }

    @Test("the total is exact in fen and the count is the number of amounts")
    func total() throws {
        let message = try Message.burst(try Self.amounts(["12.50", "3", "107.95"]), prefix: try Prefix("alipay"))
        #expect(message.template == .summary)
        #expect(message.amount?.fen == 12_345 && message.count?.value == 3)
        #expect(message.text == "支付宝到账三笔，共计一百二十三点四五元")
        #expect(try Message.total(of: try Self.amounts(["0.01", "0.02", "0.07"])).description == "0.10")
        // 0.1 + 0.2 in binary floating point is 0.30000000000000004: in fen it is 0.3.
        #expect(try Message.total(of: try Self.amounts(["0.1", "0.2"])).description == "0.30")
        #expect(try Message.burst(try Self.amounts(["0.1", "0.2"]), options: ReadingOptions(style: .currency)).text
            == "到账两笔，共计三角")
    }

    @Test("one amount alone is the ordinary payment sentence")
    func single() throws {
        let amount = try Amount(parsing: "25")
        for options in ReadingOptions.allCombinations {
            let burst = try Message.burst([amount], prefix: try Prefix("wechat"), options: options)
            let prefix = try Prefix("wechat")
            #expect(burst.template == .payment && burst.count == nil)
            #expect(burst.words == prefix.words + amount.reading(options).words)
            #expect(burst.text == prefix.text + amount.reading(options).text)
        }
    }

    @Test("hundreds of amounts add up exactly; totals of thousands too")
    func many() throws {
        var generator = SplitMix64(seed: 0x6275_7273_7421)
        for size in [2, 250, 999] {
            let amounts = try (0..<size).map { _ in try Amount(fen: generator.next() % 1_000_000) }
            let expected = amounts.reduce(UInt64(0)) { $0 + $1.fen }
            let message = try Message.burst(amounts)
            #expect(message.amount?.fen == expected && message.count?.value == size)
            #expect(message.words.prefix(1) == ["到账"])
        }
        let hundreds = try Message.burst(Array(repeating: try Amount(parsing: "0.99"), count: 300))
        #expect(hundreds.text == "到账三百笔，共计二百九十七元")
        let thousands = try (0..<Count.range.upperBound).map { _ in try Amount(fen: generator.next() % 1_000_000_000) }
        #expect(try Message.total(of: thousands).fen == thousands.reduce(UInt64(0)) { $0 + $1.fen })
    }

    @Test("a total above the largest amount is refused with one line, and so is one above the summary's limit")
    func overflow() throws {
        let largest = try Amount(fen: Amount.maximumFen)
        let over = [largest, try Amount(parsing: "0.01")]
        #expect(throws: MessageError(template: .summary, problem: .totalTooLarge(fen: Amount.maximumFen + 1, amounts: 2))) {
            try Message.burst(over)
        }
        #expect(MessageError(template: .summary, problem: .totalTooLarge(fen: Amount.maximumFen + 1, amounts: 2)).description
            == "the total of 2 amounts, 1000000000000, is larger than the largest amount 999999999999.99")
        #expect(try Message.total(of: [largest, try Amount(fen: 0)]) == largest)
        let all = Array(repeating: largest, count: Count.range.upperBound)
        #expect(throws: MessageError(
            template: .summary, problem: .totalTooLarge(fen: Amount.maximumFen * 10_000, amounts: 10_000)
        )) { try Message.total(of: all) }
        let limit = try Amount(fen: Message.summaryMaximumTotalFen)
        #expect(try Message.burst([limit, try Amount(fen: 0)]).amount == limit)
        #expect(throws: MessageError(template: .summary, problem: .summaryTotalTooLarge(try Amount(parsing: "10000000")))) {
            try Message.burst([limit, try Amount(parsing: "0.01")])
        }
    }

    @Test("no amounts, or more than the summary says, are refused")
    func counts() throws {
        #expect(throws: MessageError(template: .summary, problem: .noAmounts)) { try Message.burst([]) }
        #expect(throws: MessageError(template: .summary, problem: .noAmounts)) { try Message.total(of: []) }
        let tooMany = Array(repeating: try Amount(parsing: "1"), count: Message.summaryMaximumCount + 1)
        #expect(throws: MessageError(template: .summary, problem: .summaryCountTooLarge(1000))) { try Message.burst(tooMany) }
        let beyondCounts = Array(repeating: try Amount(parsing: "1"), count: Count.range.upperBound + 1)
        #expect(throws: MessageError(template: .summary, problem: .summaryCountTooLarge(10_001))) {
            try Message.burst(beyondCounts)
        }
        #expect(throws: MessageError(template: .summary, problem: .tooManyAmounts(10_001))) {
            try Message.total(of: beyondCounts)
        }
        #expect(MessageError(template: .summary, problem: .tooManyAmounts(10_001)).description
            == "10001 amounts are too many to announce together: at most 10000")
    }
}
