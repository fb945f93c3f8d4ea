import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// The Hong Kong Cantonese voice from the command line: found by name,
/// traditional text with its units, its own presets, another language's
/// preset refused in one line, and `voice check` passing.
@Suite struct HongKongCommandTests {
    @Test("--voice cantonese-hk says traditional text with 港元, and 蚊/毫/仙 in the currency style")
    func explain() throws {
        let result = try CommandRunner.run(["explain", "--voice", "cantonese-hk", "123.45", "2"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.first == "123.45\t到賬一百二十三點四五港元", "\(result)")
        #expect(result.stdout.contains("2\t到賬兩港元"), "\(result)")
        let currency = try CommandRunner.run(["explain", "--voice", "cantonese-hk", "--style", "currency", "--prefix", "octopus", "10.05"])
        #expect(currency.status == 0 && currency.stdoutLines.first == "10.05\t八達通收款十蚊零五仙", "\(currency)")
    }

    @Test("rendering with the Hong Kong voice writes its sound and exits 0")
    func render() throws {
        let scratch = try ScratchFolder("hongkong")
        defer { scratch.remove() }
        let result = try CommandRunner.run(["--voice", "cantonese-hk", "--prefix", "alipayhk", "123.45"], currentDirectory: scratch.url)
        #expect(result.status == 0, "\(result)")
        let name = try #require(result.stdoutLines.first.map { ($0 as NSString).lastPathComponent })
        #expect(name.hasPrefix("announce-123.45-") && name.hasSuffix(".caf"))
    }

    @Test("a Mandarin preset with the Hong Kong voice, and a Hong Kong one with the default voice: one line, exit 64, nothing written", arguments: [
        (["--voice", "cantonese-hk", "--prefix", "alipay"], "prefix 'alipay' is not a preset of Cantonese (Hong Kong) (alipayhk, wechathk, octopus, fps, none)"),
        (["--prefix", "octopus"], "prefix 'octopus' is not a preset of Mandarin (alipay, wechat, collect, none)"),
        (["--voice", "cantonese-hk", "--template", "退款{amount}元"], "must say 港元 right after {amount}"),
    ])
    func otherLanguagesPreset(arguments: [String], expected: String) throws {
        let scratch = try ScratchFolder("hongkong")
        defer { scratch.remove() }
        let result = try CommandRunner.run(arguments + ["1"], currentDirectory: scratch.url)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains(expected), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("Library").path))
    }

    @Test("voice check passes the bundled Hong Kong voice: every preset says, every worst case fits the budget")
    func voiceCheck() throws {
        let result = try CommandRunner.run(["voice", "check", RepositoryPaths.file("Clips/cantonese-hk").path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("yue-Hant-HK") && result.stdoutLines.last == "usable", "\(result)")
        #expect(!result.stdout.contains(" over ") && !result.stdout.contains("warning") && !result.stderr.contains("warning"), "\(result)")
        #expect(result.stdout.contains("prefixes: default 到賬 yes, alipayhk 支付寶到賬 yes, wechathk 微信收款 yes, octopus 八達通收款 yes, fps 轉數快 yes"), "\(result)")
    }
}
