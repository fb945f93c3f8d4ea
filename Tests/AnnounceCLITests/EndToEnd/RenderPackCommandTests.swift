import AnnounceTestSupport
import Foundation
import Testing

/// `announce render --pack`: the phone's renderer from a device voice pack,
/// reported line for line (no push fields, no clips; a sped-up tier's
/// speed), refusals with their texts and exit statuses.
@Suite struct RenderPackCommandTests {
    let scratch: ScratchFolder
    let pack: String

    init() throws {
        scratch = try ScratchFolder("render-pack")
        pack = try BundledPack.write(into: scratch)
    }

    func render(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
        try CommandRunner.run(["render", "--pack", pack, "--json", "--out", scratch.path] + arguments, stdin: stdin)
    }

    /// `line` with `<sounds>` standing for the scratch folder's sounds folder.
    func expected(_ line: String) -> String {
        line.replacingOccurrences(of: "<sounds>", with: scratch.path + "/Library/Sounds")
    }

    @Test("each amount's line: the file's fields, the message's, a rejected amount's error, status 65 for it")
    func payments() throws {
        let result = try render(["--prefix", "alipay", "123.45", "23333333.33", "abc", "0.05"])
        #expect(result.status == 65)
        #expect(result.stderr.isEmpty)
        #expect(result.stdoutLines == [
            #"{"amount":"123.45","bytes":110970,"duration":3.34,"encoding":"pcm16","file":"<sounds>/announce-123.45-e6f65a95.caf","format":"caf","sampleRate":16000,"sound":"announce-123.45-e6f65a95.caf","speed":1,"text":"支付宝到账一百二十三点四五元","words":["支付宝到账","一","百","二","十","三","点","四","五","元"],"yuan":"123.45"}"#,
            #"{"amount":"23333333.33","bytes":196082,"duration":6,"encoding":"pcm16","file":"<sounds>/announce-23333333.33-10e60897.caf","format":"caf","sampleRate":16000,"sound":"announce-23333333.33-10e60897.caf","speed":1,"text":"支付宝到账二千三百三十三万三千三百三十三点三三元","words":["支付宝到账","二","千","三","百","三","十","三","万","三","千","三","百","三","十","三","点","三","三","元"],"yuan":"23333333.33"}"#,
            #"{"amount":"abc","error":"'abc' is not a decimal amount"}"#,
            #"{"amount":"0.05","bytes":87620,"duration":2.61,"encoding":"pcm16","file":"<sounds>/announce-0.05-188e7cf9.caf","format":"caf","sampleRate":16000,"sound":"announce-0.05-188e7cf9.caf","speed":1,"text":"支付宝到账零点零五元","words":["支付宝到账","零","点","零","五","元"],"yuan":"0.05"}"#,
        ].map(expected))
        let bytes = try FileManager.default.attributesOfItem(atPath: expected("<sounds>/announce-123.45-e6f65a95.caf"))[.size] as? Int
        #expect(bytes == 110970)
    }

    @Test("the pack's sped-up tier: its speed and a name of its own")
    func spedUpTier() throws {
        let result = try render(["--prefix", "alipay", "--style", "currency", "--liang", "23333333.33"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines == [expected(
            #"{"amount":"23333333.33","bytes":196090,"duration":6,"encoding":"pcm16","file":"<sounds>/announce-23333333.33-39808459.caf","format":"caf","sampleRate":16000,"sound":"announce-23333333.33-39808459.caf","speed":1.07,"text":"支付宝到账两千三百三十三万三千三百三十三元三角三分","words":["支付宝到账","两","千","三","百","三","十","三","万","三","千","三","百","三","十","三","元","三","角","三","分"],"yuan":"23333333.33"}"#)])
    }

    @Test("a template with a count, a burst, standard input, a given name")
    func messages() throws {
        let counted = try render(["--template", "到账{count}笔，共计{amount}元", "--count", "3", "88"])
        #expect(counted.status == 0, "\(counted.stderr)")
        #expect(counted.stdoutLines == [expected(
            #"{"amount":"88","bytes":86128,"count":3,"duration":2.564,"encoding":"pcm16","file":"<sounds>/announce-88-f4cd1114.caf","format":"caf","sampleRate":16000,"sound":"announce-88-f4cd1114.caf","speed":1,"template":"到账{count}笔，共计{amount}元","text":"到账三笔，共计八十八元","words":["到账","三","笔","共计","八","十","八","元"],"yuan":"88"}"#)])
        let burst = try render(["--together", "1", "2.5"])
        #expect(burst.status == 0, "\(burst.stderr)")
        #expect(burst.stdoutLines == [expected(
            #"{"amount":"3.50","amounts":["1","2.5"],"bytes":90584,"count":2,"duration":2.703,"encoding":"pcm16","file":"<sounds>/announce-3.50-39dea0ba.caf","format":"caf","sampleRate":16000,"sound":"announce-3.50-39dea0ba.caf","speed":1,"template":"summary","text":"到账两笔，共计三点五元","words":["到账","两","笔","共计","三","点","五","元"],"yuan":"3.50"}"#)])
        let lines = try render(["--stdin"], stdin: "1.5\n2\n")
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(lines.stdoutLines == [
            #"{"amount":"1.5","bytes":51612,"duration":1.485,"encoding":"pcm16","file":"<sounds>/announce-1.50-01875483.caf","format":"caf","sampleRate":16000,"sound":"announce-1.50-01875483.caf","speed":1,"text":"到账一点五元","words":["到账","一","点","五","元"],"yuan":"1.50"}"#,
            #"{"amount":"2","bytes":36162,"duration":1.002,"encoding":"pcm16","file":"<sounds>/announce-2-55b97372.caf","format":"caf","sampleRate":16000,"sound":"announce-2-55b97372.caf","speed":1,"text":"到账二元","words":["到账","二","元"],"yuan":"2"}"#,
        ].map(expected))
        let named = try render(["--name", "mine.caf", "7"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdoutLines == [expected(
            #"{"amount":"7","bytes":38336,"duration":1.07,"encoding":"pcm16","file":"<sounds>/mine.caf","format":"caf","sampleRate":16000,"sound":"mine.caf","speed":1,"text":"到账七元","words":["到账","七","元"],"yuan":"7"}"#)])
    }

    @Test("refusals: above the pack's maximum (65), a name of another format or a path (64), nothing written")
    func refusals() throws {
        let over = try render(["999999999999"])
        #expect(over.status == 65)
        #expect(over.stdoutLines == [
            #"{"amount":"999999999999","error":"999999999999 is more than the pack's voice 'default' is made to say (maximum 99999999.99)"}"#
        ])
        let wrongExtension = try CommandRunner.run(["render", "--pack", pack, "--out", scratch.path, "--name", "x.wav", "1"])
        #expect(wrongExtension.status == 64)
        #expect(wrongExtension.stderrLines == [#"announce: sound name "x.wav" must end in .caf (lower case) for caf files"#])
        let path = try CommandRunner.run(["render", "--pack", pack, "--out", scratch.path, "--name", "../x.caf", "1"])
        #expect(path.status == 64)
        #expect(path.stderrLines == [#"announce: sound name "../x.caf" must be a file name, not a path"#])
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/Library/Sounds/x.wav"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/x.caf"))
    }
}
