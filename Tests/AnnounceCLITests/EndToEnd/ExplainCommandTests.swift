import Foundation
import Testing

struct ExplainCommandTests {
    @Test("explain prints the phrase and its words")
    func explainText() throws {
        let result = try CommandRunner.run(["explain", "123.45"])
        #expect(result.status == 0)
        try #require(result.stdoutLines.count == 3)
        #expect(result.stdoutLines.prefix(2) == ["123.45\t到账一百二十三点四五元", "  words: 到账 一 百 二 十 三 点 四 五 元"])
        #expect(result.stdoutLines[2].hasPrefix("  clips: 到账 dao4-zhang4.wav "))
        #expect(result.stderr.isEmpty)
    }

    @Test("--json gives exactly one line per amount, in the documented shape")
    func explainJSON() throws {
        let result = try CommandRunner.run(["explain", "--json", "--prefix", "alipay", "¥1,000.50", "10"])
        #expect(result.status == 0)
        try #require(result.stdoutLines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(result.stdoutLines[0].utf8)) as? [String: Any]
        #expect(first?["amount"] as? String == "¥1,000.50")
        #expect(first?["text"] as? String == "支付宝到账一千点五元")
        #expect(first?["words"] as? [String] == ["支付宝到账", "一", "千", "点", "五", "元"])
        #expect(Set(first?.keys.map { $0 } ?? []) == ["amount", "clips", "romanisation", "text", "words", "yuan"])
        // The amount as given, and exactly in yuan.
        #expect(first?["yuan"] as? String == "1000.50")
        let clips = first?["clips"] as? [[String: Any]]
        // 点五 is a third-tone pair the bundled voice records together.
        #expect(clips?.map { $0["words"] as? String } == ["支付宝到账", "一千", "点五", "元"])
        #expect(clips?.first?["file"] as? String == "zhi1-fu4-bao3-dao4-zhang4.wav")
        #expect((clips?.first?["duration"] as? Double ?? 0) > 0.5)
        #expect(result.stdoutLines[1].hasPrefix(#"{"amount":"10","clips":[{"duration":"#))
        #expect(result.stdoutLines[1].hasSuffix(#""text":"支付宝到账十元","words":["支付宝到账","十","元"],"yuan":"10"}"#))
    }

    @Test("reading options reach the reading")
    func options() throws {
        let result = try CommandRunner.run(["explain", "--json", "--style", "currency", "--liang", "--lead-yi",
                                            "--prefix", "none", "--fen", "20050", "1005"])
        #expect(result.status == 0)
        try #require(result.stdoutLines.count == 2)
        #expect(result.stdoutLines[0].hasSuffix(#""text":"两百元五角","words":["两","百","元","五","角"],"yuan":"200.50"}"#))
        #expect(result.stdoutLines[0].contains(#""file":"liang2-bai3.wav","words":"两百""#))
        #expect(result.stdoutLines[1].hasSuffix(#""text":"一十元零五分","words":["一","十","元","零","五","分"],"yuan":"10.05"}"#))
    }

    @Test("each bad amount is one line on stderr, nothing on stdout, exit 65", arguments: [
        ("1.234", "'1.234' has more than 2 decimal places"),
        ("-5", "'-5': negative amounts cannot be announced"),
        ("1e3", "'1e3' is not a decimal amount"),
        ("1000000000000", "'1000000000000' is too large: the largest amount is 999999999999.99 (12 integer digits)"),
        ("1,00", "'1,00' has misplaced thousands separators: use groups of 3 digits, as in 1,234.50"),
        ("", "empty amount: expected digits such as 123.45"),
        ("¥ 12", "'¥ 12' is not a decimal amount"),
    ])
    func badAmount(amount: String, message: String) throws {
        let result = try CommandRunner.run(["explain", amount])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines == ["announce: \(message)"])
    }

    @Test("--stdin streams lines in order; a bad line gives an error object and exit 65")
    func stdinJSON() throws {
        let input = "1\n-3\n\n１２．５\r\n100000000\n"
        let result = try CommandRunner.run(["explain", "--stdin", "--json"], stdin: input)
        #expect(result.status == 65)
        let lines = result.stdoutLines
        try #require(lines.count == 5)
        #expect(lines[0].hasSuffix(#""text":"到账一元","words":["到账","一","元"],"yuan":"1"}"#))
        #expect(lines[1] == #"{"amount":"-3","error":"'-3': negative amounts cannot be announced"}"#)
        #expect(lines[2] == #"{"amount":"","error":"empty amount: expected digits such as 123.45"}"#)
        #expect(lines[3].hasPrefix(#"{"amount":"１２．５","clips":"#) && lines[3].contains(#""text":"到账十二点五元""#))
        #expect(lines[4].contains(#""text":"到账一亿元""#))
    }

    @Test("a long stream goes through, one answer per line")
    func longStream() throws {
        let amounts = (0..<20_000).map { String($0 * 7919 % 100_000_000) }
        let result = try CommandRunner.run(["explain", "--stdin", "--json", "--prefix", "none"],
                                           stdin: amounts.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        let lines = result.stdoutLines
        #expect(lines.count == amounts.count)
        #expect(lines.last?.hasPrefix(#"{"amount":"\#(amounts.last!)""#) == true)
    }

    @Test("usage errors exit 64", arguments: [
        ["explain"], ["explain", "--stdin", "5"], ["explain", "5", "--bogus"], ["explain", "5", "--style", "roman"],
        ["explain", "5", "--prefix", ""], ["explain", "-x"],
    ])
    func usage(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    @Test("-- ends the options, so a negative amount is named as such")
    func doubleDash() throws {
        let result = try CommandRunner.run(["explain", "--", "-5"])
        #expect(result.status == 65)
        #expect(result.stderrLines == ["announce: '-5': negative amounts cannot be announced"])
    }

    @Test("good amounts still print when another is rejected")
    func mixed() throws {
        let result = try CommandRunner.run(["explain", "--json", "5", "5.555", "6"])
        #expect(result.status == 65)
        try #require(result.stdoutLines.count == 3)
        #expect(result.stdoutLines[1] == #"{"amount":"5.555","error":"'5.555' has more than 2 decimal places"}"#)
    }
}
