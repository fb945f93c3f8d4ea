import AnnounceCommon
import AnnounceLanguage
import Testing

/// Every example of docs/READING.md, per variant. The amount text is
/// parsed with the strict parser, so these also pin the input domain.
struct ReadingTableTests {
    static let decimal: [(String, String)] = [
        // R1 groups
        ("100000000", "一亿元"),
        // R2 within a group
        ("1100", "一千一百元"), ("1111", "一千一百一十一元"), ("110", "一百一十元"),
        ("1100000", "一百一十万元"), ("210000", "二十一万元"),
        // R3 leading 十
        ("10", "十元"), ("11", "十一元"), ("12.5", "十二点五元"), ("100000", "十万元"),
        ("105000", "十万五千元"), ("150000", "十五万元"), ("1000000000", "十亿元"),
        ("10010", "一万零一十元"), ("100010", "十万零一十元"),
        // R4a trailing zeros of a group
        ("20", "二十元"), ("1000", "一千元"), ("10001000", "一千万一千元"), ("1001000", "一百万一千元"),
        // R4b zeros inside a group
        ("101", "一百零一元"), ("1001", "一千零一元"), ("1010", "一千零一十元"), ("1050", "一千零五十元"),
        // R4c zeros between groups
        ("10001", "一万零一元"), ("100100", "十万零一百元"), ("1000050", "一百万零五十元"),
        ("10000100", "一千万零一百元"), ("100010000", "一亿零一万元"), ("100001000", "一亿零一千元"),
        ("1000000001", "十亿零一元"),
        // R4: no 零 before a full lower group (the PBOC cheque rule is for writing)
        ("109000", "十万九千元"), ("1903000", "一百九十万三千元"),
        // R5 trailing fractional zeros
        ("1.10", "一点一元"), ("100.10", "一百点一元"), ("1.00", "一元"), ("2.0", "二元"),
        ("0.10", "零点一元"), ("0.00", "零元"), ("0.0", "零元"),
        // R6 fraction digits
        ("0.01", "零点零一元"), ("0.05", "零点零五元"), ("10.05", "十点零五元"),
        ("1000000.01", "一百万点零一元"), ("123.45", "一百二十三点四五元"), ("0.5", "零点五元"),
        ("10000.11", "一万点一一元"),
        // R7
        ("0", "零元"),
        // R8 二, not 两
        ("2", "二元"), ("200", "二百元"), ("2000", "二千元"), ("20000000", "二千万元"),
        ("22222.22", "二万二千二百二十二点二二元"),
        // §3: where LinkSDK's integer test drops a 零, the spec keeps it
        ("1091", "一千零九十一元"), ("30916", "三万零九百一十六元"),
        // the largest amount
        ("999999999999.99", "九千九百九十九亿九千九百九十九万九千九百九十九点九九元"),
    ]

    static let currency: [(String, String)] = [
        ("12.5", "十二元五角"), ("10.05", "十元零五分"), ("0.01", "一分"), ("0.5", "五角"), ("0.05", "五分"),
        ("100.10", "一百元一角"), ("1.00", "一元"), ("1000000.01", "一百万元零一分"),
        ("123.45", "一百二十三元四角五分"), ("0", "零元"), ("0.00", "零元"),
    ]

    static let liang: [(String, String)] = [
        ("200", "两百元"), ("2000", "两千元"), ("20000", "两万元"), ("20000000", "两千万元"),
        ("200000000", "两亿元"), ("22222.22", "两万二千二百二十二点二二元"), ("200.5", "两百点五元"),
        ("2", "两元"), ("2.00", "两元"), ("2.5", "二点五元"), ("12", "十二元"), ("20", "二十元"),
        ("1200", "一千二百元"), ("0.2", "零点二元"),
    ]

    static let leadYi: [(String, String)] = [
        ("10", "一十元"), ("15", "一十五元"), ("100000", "一十万元"), ("10.05", "一十点零五元"),
        ("110", "一百一十元"), ("10010", "一万零一十元"),
    ]

    /// `--style currency --lead-yi` reproduces LinkSDK's column of docs/READING.md §5.
    static let linkSDK: [(String, String)] = [
        ("0.01", "一分"), ("2", "二元"), ("10", "一十元"), ("12.5", "一十二元五角"), ("200", "二百元"),
        ("10010", "一万零一十元"), ("100000", "一十万元"), ("100000000", "一亿元"), ("1.10", "一元一角"),
        ("1.00", "一元"), ("10.05", "一十元零五分"), ("20000000", "二千万元"),
        ("22222.22", "二万二千二百二十二元二角二分"), ("100001000", "一亿零一千元"),
    ]

    static let combined: [(String, ReadingOptions, String)] = [
        ("12", ReadingOptions(liang: true, leadYi: true), "一十二元"),
        ("2", ReadingOptions(liang: true, leadYi: true), "两元"),
        ("2", ReadingOptions(style: .currency, liang: true), "两元"),
        // V2: with 元角分 the integer part stands directly before 元, so a
        // whole 2 is 两 whatever follows; in the decimal style 点 follows it.
        ("2.45", ReadingOptions(style: .currency, liang: true), "两元四角五分"),
        ("2.01", ReadingOptions(style: .currency, liang: true), "两元零一分"),
        ("2.00", ReadingOptions(style: .currency, liang: true), "两元"),
        ("2.2", ReadingOptions(style: .currency, liang: true), "两元二角"),
        ("2.45", ReadingOptions(style: .currency, liang: true, leadYi: true), "两元四角五分"),
        ("2.45", ReadingOptions(liang: true), "二点四五元"),
        ("2.45", ReadingOptions(style: .currency), "二元四角五分"),
        ("0.2", ReadingOptions(style: .currency, liang: true), "二角"),
        ("0.02", ReadingOptions(style: .currency, liang: true), "二分"),
        ("20000", ReadingOptions(style: .currency, liang: true), "两万元"),
        ("20000.02", ReadingOptions(style: .currency, liang: true), "两万元零二分"),
        ("12.45", ReadingOptions(style: .currency, liang: true), "十二元四角五分"),
        ("22.5", ReadingOptions(style: .currency, liang: true), "二十二元五角"),
        ("200.5", ReadingOptions(style: .currency, liang: true), "两百元五角"),
        ("0.22", ReadingOptions(style: .currency, liang: true), "二角二分"),
        ("22222.22", ReadingOptions(style: .currency, liang: true), "两万二千二百二十二元二角二分"),
        ("12.2", ReadingOptions(style: .currency, liang: true, leadYi: true), "一十二元二角"),
        ("200000", ReadingOptions(liang: true), "二十万元"),
        ("2000000000", ReadingOptions(liang: true, leadYi: true), "二十亿元"),
        ("200000000000", ReadingOptions(liang: true), "两千亿元"),
        ("100000", ReadingOptions(style: .currency, leadYi: true), "一十万元"),
    ]

    @Test("decimal reading (R1–R8)", arguments: decimal)
    func decimalReading(amount: String, expected: String) throws {
        #expect(try Amount(parsing: amount).reading().text == expected)
    }

    @Test("currency reading (V1)", arguments: currency)
    func currencyReading(amount: String, expected: String) throws {
        #expect(try Amount(parsing: amount).reading(ReadingOptions(style: .currency)).text == expected)
    }

    @Test("两 (V2)", arguments: liang)
    func liangReading(amount: String, expected: String) throws {
        #expect(try Amount(parsing: amount).reading(ReadingOptions(liang: true)).text == expected)
    }

    @Test("leading 一十 (V3)", arguments: leadYi)
    func leadYiReading(amount: String, expected: String) throws {
        #expect(try Amount(parsing: amount).reading(ReadingOptions(leadYi: true)).text == expected)
    }

    @Test("currency + 一十 equals LinkSDK (§5)", arguments: linkSDK)
    func linkSDKReading(amount: String, expected: String) throws {
        let options = ReadingOptions(style: .currency, leadYi: true)
        #expect(try Amount(parsing: amount).reading(options).text == expected)
    }

    @Test("combinations of variants", arguments: combined)
    func combinedReading(amount: String, options: ReadingOptions, expected: String) throws {
        #expect(try Amount(parsing: amount).reading(options).text == expected)
    }

    @Test("a reading is one word per character, and the payment message puts the prefix first")
    func wordsAndMessage() throws {
        let amount = try Amount(parsing: "123.45")
        #expect(amount.reading().words == ["一", "百", "二", "十", "三", "点", "四", "五", "元"])
        let message = try Message(template: .payment, amount: amount, prefix: try Prefix("alipay"))
        #expect(message.words.first == "支付宝到账")
        #expect(message.text == "支付宝到账一百二十三点四五元")
        #expect(try Message(template: .payment, amount: amount).text == "到账一百二十三点四五元")
        #expect(try Message(template: .payment, amount: amount, prefix: try Prefix("none")).words == amount.reading().words)
        #expect(try Prefix("美团 收款").words == ["美团", "收款"])
    }

    @Test("bad prefixes are refused", arguments: ["", "   ", "a\u{7}b", String(repeating: "长", count: 41)])
    func badPrefix(argument: String) {
        #expect(throws: PrefixError.self) { try Prefix(argument) }
    }
}
