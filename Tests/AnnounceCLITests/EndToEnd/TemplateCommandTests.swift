import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

private let badTemplateCases: [([String], Int32)] = [
    (["--template", "{amount}"], 64), (["--template", "{amount}元{amount}元"], 64), (["--template", "{nope}元"], 64),
    (["--template", "退款{amount"], 64), (["--template", ""], 64),
    (["--template", String(repeating: "退", count: 65) + "{amount}元"], 64),
    (["--template", "summary", "--count", "0"], 65), (["--template", "summary", "--count=-3"], 65),
    (["--template", "summary", "--count", "10001"], 65), (["--template", "summary", "--count", "x"], 65),
]

private let presetCases: [[String]] = [
    ["--template", "payment", "99999999.99"], ["--template", "refund", "99999999.99"],
    ["--template", "topup", "99999999.99"], ["--template", "summary", "--count", "999", "9999999.99"],
    ["--template", "received"],
]

/// Templates, counts and bursts, end to end with the bundled voice.
@Suite struct TemplateCommandTests {
    static func json(_ line: String) -> [String: Any] { BatchCommandTests.json(line) }

    @Test("render --template refund 25 and --together write files that say exactly that")
    func refundAndBurst() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let refund = try CommandRunner.run(["render", "--json", "--template", "refund", "--out", root.path, "25"])
        #expect(refund.status == 0)
        try #require(refund.stdoutLines.count > 0)
        let line = Self.json(refund.stdoutLines[0])
        #expect(line["text"] as? String == "退款二十五元" && line["template"] as? String == "refund")
        let burst = try CommandRunner.run(
            ["render", "--json", "--together", "12.50", "3", "107.95", "--prefix", "alipay", "--out", root.path])
        #expect(burst.status == 0)
        try #require(burst.stdoutLines.count > 0)
        let summary = Self.json(burst.stdoutLines[0])
        #expect(summary["text"] as? String == "支付宝到账三笔，共计一百二十三点四五元")
        #expect(summary["amount"] as? String == "123.45" && summary["count"] as? Int == 3)
        #expect(summary["amounts"] as? [String] == ["12.50", "3", "107.95"] && summary["template"] as? String == "summary")
        for object in [line, summary] {
            let info = try SoundFile.info(path: object["file"] as? String ?? "")
            #expect(info.duration > 1 && info.duration <= 6)
        }
        let single = try CommandRunner.run(["render", "--json", "--together", "5", "--out", root.path])
        try #require(single.stdoutLines.count > 0)
        #expect(Self.json(single.stdoutLines[0])["text"] as? String == "到账五元")
    }

    @Test("every preset, in render and explain, fits the budget with every prefix preset", arguments: presetCases)
    func presets(arguments: [String]) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        var names = Set<String>()
        for prefix in ["到账", "alipay", "wechat", "collect"] {
            let render = try CommandRunner.run(["render", "--json", "--prefix", prefix, "--style", "currency", "--liang",
                                                "--out", root.path] + arguments)
            #expect(render.status == 0, "\(prefix) \(arguments): \(render.stderr)")
            let object = Self.json(render.stdoutLines.first ?? "")
            #expect((object["duration"] as? Double ?? 99) <= 6)
            names.insert(object["sound"] as? String ?? "")
            let explain = try CommandRunner.run(["explain", "--json", "--prefix", prefix, "--style", "currency", "--liang"] + arguments)
            #expect(explain.status == 0 && Self.json(explain.stdoutLines.first ?? "")["text"] as? String == object["text"] as? String)
        }
        // Only the payment and summary sentences say the prefix.
        let saysPrefix = arguments.contains("payment") || arguments.contains("summary")
        #expect(names.count == (saysPrefix ? 4 : 1))
    }

    @Test("names differ between presets for the same amount")
    func namesDiffer() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        var names = Set<String>()
        for template in ["payment", "refund", "topup"] {
            let result = try CommandRunner.run(["render", "--json", "--template", template, "--out", scratch.path, "8"])
            names.insert(Self.json(result.stdoutLines.first ?? "")["sound"] as? String ?? "")
        }
        #expect(names.count == 3)
    }

    @Test("batch items with templates, counts and amounts")
    func batchItems() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let input = """
            {"amount": "25", "template": "refund"}
            {"amount": "100", "template": "summary", "count": 12}
            {"amounts": ["12.50", "3", "107.95"], "prefix": "alipay", "id": 1}
            {"template": "received"}
            {"amount": "1", "template": "summary", "count": 0}
            {"amount": "1", "template": "{bogus}"}
            {"amounts": []}

            """
        let result = try CommandRunner.run(["batch", "--out", root.path], stdin: input)
        #expect(result.status == 65)
        let lines = result.stdoutLines.map(Self.json)
        #expect(lines.map { $0["text"] as? String } == [
            "退款二十五元", "到账十二笔，共计一百元", "支付宝到账三笔，共计一百二十三点四五元", "收款成功", nil, nil, nil,
        ])
        try #require(lines.count > 6)
        #expect(lines[1]["count"] as? Int == 12 && lines[2]["amounts"] as? [String] == ["12.50", "3", "107.95"])
        #expect(lines[4]["error"] != nil && lines[5]["error"] != nil && lines[6]["error"] != nil)
    }

    @Test("bad templates exit 64; bad counts exit 65", arguments: badTemplateCases)
    func badTemplates(arguments: [String], status: Int32) throws {
        let result = try CommandRunner.run(["explain"] + arguments + ["5"])
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines.count >= 1)
    }
}
