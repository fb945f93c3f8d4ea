import AnnounceCommon
import AnnounceLanguage
import AnnounceTestSupport
import Testing

/// Templates filled with amounts, counts and prefixes (docs/MESSAGES.md M1–M4).
struct MessageTests {
    static func message(
        _ template: Template, _ amount: String? = nil, count: Int? = nil, prefix: String = "到账",
        options: ReadingOptions = ReadingOptions()
    ) throws -> Message {
        try Message(
            template: template, amount: try amount.map { try Amount(parsing: $0) }, count: try count.map { try Count($0) },
            prefix: try Prefix(prefix), options: options)
    }

    /// (template, amount, count, prefix, options, text, words joined by blanks with `|` at each pause)
    static let presets: [(Template, String?, Int?, String, ReadingOptions, String, String)] = [
        (.payment, "123.45", nil, "alipay", ReadingOptions(), "支付宝到账一百二十三点四五元", "支付宝到账 | 一 百 二 十 三 点 四 五 元"),
        (.payment, "10", nil, "none", ReadingOptions(), "十元", "十 元"),
        (.refund, "25", nil, "alipay", ReadingOptions(), "退款二十五元", "退款 | 二 十 五 元"),
        (.refund, "0.5", nil, "到账", ReadingOptions(style: .currency), "退款五角", "退款 | 五 角"),
        (.topup, "50", nil, "到账", ReadingOptions(), "会员充值五十元", "会员充值 | 五 十 元"),
        (.topup, "2", nil, "到账", ReadingOptions(liang: true), "会员充值两元", "会员充值 | 两 元"),
        (.summary, "123.45", 3, "alipay", ReadingOptions(), "支付宝到账三笔，共计一百二十三点四五元",
         "支付宝到账 | 三 笔 | 共计 一 百 二 十 三 点 四 五 元"),
        (.summary, "200", 2, "wechat", ReadingOptions(), "微信收款两笔，共计二百元", "微信收款 | 两 笔 | 共计 二 百 元"),
        (.summary, "200", 2, "wechat", ReadingOptions(liang: true), "微信收款两笔，共计两百元", "微信收款 | 两 笔 | 共计 两 百 元"),
        (.summary, "12.5", 22, "none", ReadingOptions(style: .currency), "二十二笔，共计十二元五角", "二 十 二 笔 | 共计 十 二 元 五 角"),
        (.summary, "10", 10, "到账", ReadingOptions(leadYi: true), "到账十笔，共计一十元", "到账 | 十 笔 | 共计 一 十 元"),
        (.summary, "0.01", 200, "到账", ReadingOptions(style: .currency, liang: true, leadYi: true),
         "到账两百笔，共计一分", "到账 | 两 百 笔 | 共计 一 分"),
        (.summary, "9999999.99", 999, "none", ReadingOptions(), "九百九十九笔，共计九百九十九万九千九百九十九点九九元",
         "九 百 九 十 九 笔 | 共计 九 百 九 十 九 万 九 千 九 百 九 十 九 点 九 九 元"),
        (.received, nil, nil, "alipay", ReadingOptions(), "收款成功", "收款成功"),
    ]

    static func shape(_ message: Message) -> String {
        message.words.indices.map { (message.pauses.contains($0) ? "| " : "") + message.words[$0] }
            .joined(separator: " ")
    }

    @Test("each preset's text, words and pauses", arguments: presets.indices)
    func preset(index: Int) throws {
        let (template, amount, count, prefix, options, text, words) = Self.presets[index]
        let message = try Self.message(template, amount, count: count, prefix: prefix, options: options)
        #expect(message.text == text)
        #expect(Self.shape(message) == words)
    }

    @Test("the lead is the prefix and fixed text before the first number; the pause follows it")
    func lead() throws {
        #expect(try Self.message(.refund, "25").leadWords == ["退款"])
        #expect(try Self.message(.summary, "1", count: 2, prefix: "alipay").leadWords == ["支付宝到账"])
        #expect(try Self.message(.summary, "1", count: 2, prefix: "none").leadWordCount == 0)
        #expect(try Self.message(Template("{prefix}退款{amount}元"), "1").leadWords == ["到账", "退款"])
        #expect(try Self.message(.received).leadWordCount == 1)
        #expect(try Self.message(.received).pauses == [])
        let counted = try Self.message(Template("收款{count}笔"), count: 12)
        #expect(Self.shape(counted) == "收款 | 十 二 笔")
        #expect(counted.text == "收款十二笔")
    }

    @Test("a comma at either end or beside the lead's pause is one pause or none")
    func commas() throws {
        let start = try Self.message(Template("，{prefix}，{amount}元，"), "1", prefix: "none")
        #expect(start.text == "一元" && start.pauses == [])
        let beside = try Self.message(Template("{prefix}，{amount}元"), "1", prefix: "alipay")
        #expect(beside.text == "支付宝到账，一元" && beside.pauses == [1])
        let doubled = try Self.message(Template("收款，，{amount}元"), "1")
        #expect(doubled.text == "收款，一元" && doubled.pauses == [1])
    }

    @Test("元 and the currency style: 元 is said once, and currency keeps its 角/分")
    func currencyAndYuan() throws {
        let options = ReadingOptions(style: .currency)
        for template in [Template.payment, .refund, .topup, try Template("{amount}元整")] {
            for amount in ["0", "0.05", "0.5", "2.45", "100.10", "123.45", "1000000.01"] {
                let reading = try Amount(parsing: amount).reading(options).words
                let message = try Self.message(template, amount, options: options)
                #expect(message.words.filter { $0 == "元" }.count <= 1, "\(template) \(amount)")
                #expect(message.words.joined().contains(reading.joined()), "\(template) \(amount)")
                let decimal = try Self.message(template, amount)
                #expect(decimal.words.filter { $0 == "元" }.count == 1, "\(template) \(amount)")
            }
        }
        #expect(try Self.message(Template("{amount}元整"), "0.05", options: options).text == "五分整")
        #expect(try Self.message(Template("{amount}元整"), "0.05").text == "零点零五元整")
    }

    /// docs/MESSAGES.md §1: the 元 rule, decimal and currency.
    static let yuanTable: [(String, String, String, String)] = [
        ("{prefix}{amount}元", "123.45", "到账一百二十三点四五元", "到账一百二十三元四角五分"),
        ("{prefix}{amount}元", "0.05", "到账零点零五元", "到账五分"),
        ("退款{amount}元", "0.5", "退款零点五元", "退款五角"),
        ("退款{amount}元", "100.10", "退款一百点一元", "退款一百元一角"),
        ("{amount}元整", "0.05", "零点零五元整", "五分整"),
        ("{amount} 元", "10", "十元", "十元"),
    ]

    @Test("the 元 after {amount} is the amount's unit in both styles", arguments: yuanTable)
    func yuanRule(template: String, amount: String, decimal: String, currency: String) throws {
        #expect(try Self.message(Template(template), amount).text == decimal)
        #expect(try Self.message(Template(template), amount, options: ReadingOptions(style: .currency)).text == currency)
    }

    @Test("a slot without a value, or a value without a slot, is refused")
    func values() throws {
        #expect(throws: MessageError(template: .refund, problem: .missingAmount)) { try Message(template: .refund) }
        #expect(throws: MessageError(template: .summary, problem: .missingCount)) {
            try Message(template: .summary, amount: try Amount(parsing: "1"))
        }
        #expect(throws: MessageError(template: .received, problem: .unexpectedAmount)) {
            try Message(template: .received, amount: try Amount(parsing: "1"))
        }
        #expect(throws: MessageError(template: .payment, problem: .unexpectedCount)) {
            try Message(template: .payment, amount: try Amount(parsing: "1"), count: try Count(3))
        }
        #expect(MessageError(template: .refund, problem: .missingAmount).description
            == "template 'refund' needs an amount for {amount}")
    }

    @Test("the summary preset is refused up front beyond the count and total that fit the budget")
    func summaryLimits() throws {
        #expect(throws: MessageError(template: .summary, problem: .summaryCountTooLarge(1000))) {
            try Self.message(.summary, "1", count: 1000)
        }
        #expect(throws: MessageError(template: .summary, problem: .summaryTotalTooLarge(try Amount(parsing: "10000000")))) {
            try Self.message(.summary, "10000000", count: 2)
        }
        #expect(MessageError(template: .summary, problem: .summaryCountTooLarge(1000)).description
            == "template 'summary' says at most 999 payments within the 6 s budget, not 1000")
        #expect(MessageError(template: .summary, problem: .summaryTotalTooLarge(try Amount(parsing: "10000000"))).description
            == "template 'summary' says a total of at most 9999999.99 within the 6 s budget, not 10000000")
        // A count template of one's own is bound by the render's budget check, not by these limits.
        #expect(try Self.message(Template("收款{count}笔"), count: 10000).text == "收款一万笔")
        #expect(try Self.message(Template(Template.summary.source), "999999999999.99", count: 9999).count?.value == 9999)
    }

    @Test("vocabulary: prefix, fixed words and the number words each slot needs")
    func vocabulary() {
        let summary = Template.summary.vocabulary(prefix: .standard, options: ReadingOptions(style: .currency))
        #expect(Set(summary) == Set(["到账", "笔", "共计"] + ReadingOptions(style: .currency).vocabulary + Count.vocabulary))
        #expect(summary.count == Set(summary).count)
        #expect(Template.received.vocabulary(prefix: .standard, options: ReadingOptions()) == ["收款成功"])
        #expect(Template.refund.vocabulary(prefix: .standard, options: ReadingOptions()).first == "退款")
        #expect(!Template.refund.vocabulary(prefix: .standard, options: ReadingOptions()).contains("到账"))
    }

    @Test("the payment preset says the prefix words, then the reading", arguments: ReadingOptions.allCombinations)
    func paymentIsPrefixThenReading(options: ReadingOptions) throws {
        var generator = SplitMix64(seed: 0x7061_796D_656E_7421)
        let prefixes = [Prefix.standard] + Prefix.presets.map(\.prefix) + [try Prefix("美团 收款")]
        var failures = 0
        for index in 0..<ReadingPropertyTests.count {
            let amount = try Amount(fen: ReadingPropertyTests.randomFen(using: &generator))
            let prefix = prefixes[index % prefixes.count]
            let reading = amount.reading(options)
            let message = try Message(template: .payment, amount: amount, prefix: prefix, options: options)
            let pauses = prefix.words.isEmpty ? [] : [prefix.words.count]
            let same = message.words == prefix.words + reading.words && message.text == prefix.text + reading.text
                && message.leadWordCount == prefix.words.count && message.pauses == pauses
            if !same {
                failures += 1
                if failures <= 5 { Issue.record("\(amount) \(prefix.text): \(message.text) vs \(prefix.text + reading.text)") }
            }
        }
        #expect(failures == 0)
    }
}
