import AnnounceTestSupport
import Foundation
import Testing

/// `voice script` coverage, `voice build` from a TTS route and `voice check`'s
/// budget report, run as a user would.
struct VoiceCoverageCommandTests {
    static let bundled = VoiceCommandTests.bundledVoice.path
    /// A TTS "engine" that copies the bundled voice's clip for each item.
    static let copyEngine = "cp \"\(bundled)/$(printf %s {pinyin} | tr ' ' -).wav\" {out}"

    static func folder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announce-coverage-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("the default script covers every preset; a voice built from it into new folders says every preset, prefix and burst")
    func defaultScript() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = try CommandRunner.run(["voice", "script", "--format", "json"])
        #expect(script.status == 0)
        for word in ["两", "笔", "共计", "退款", "会员充值", "收款成功", "角", "分"] {
            #expect(script.stdout.contains("\"text\" : \"\(word)\""), "\(word)")
        }
        try script.stdout.write(to: directory.appendingPathComponent("script.json"), atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("voices/team/brand").path
        let build = try CommandRunner.run(
            ["voice", "build", "--script", directory.appendingPathComponent("script.json").path, "--tts", Self.copyEngine,
             "--out", out, "--id", "brand", "--date", "2026-01-01"])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("summary   支付宝到账  yes"))
        let manifest = try String(contentsOfFile: out + "/voice.json", encoding: .utf8)
        #expect(manifest.contains("\"covers\" : {"))
        let renders: [[String]] = [
            ["--prefix", "alipay", "99999999.99"], ["--together", "1", "2"], ["--template", "refund", "25"],
            ["--template", "topup", "--style", "currency", "0.5"], ["--template", "received"],
            ["--style", "currency", "--liang", "--prefix", "wechat", "23333333.33"], ["--prefix", "none", "--lead-yi", "10"],
        ]
        for arguments in renders {
            let result = try CommandRunner.run(["render", "--voice", out, "--out", directory.path] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }

    @Test("--no-variant NAME leaves a variant out, as its older spelling does; an unknown name is a usage error naming the variants")
    func noVariant() throws {
        let base = ["voice", "script", "--format", "json", "--prefix", "none", "--template", "payment"]
        let named = try CommandRunner.run(base + ["--no-variant", "liang", "--no-variant", "LEAD-YI"])
        let older = try CommandRunner.run(base + ["--no-liang", "--no-lead-yi"])
        let all = try CommandRunner.run(base)
        #expect(named.status == 0 && older.status == 0 && all.status == 0, "\(named.stderr)\(older.stderr)")
        #expect(named.stdout == older.stdout)
        #expect(named.stdout != all.stdout)
        #expect(!named.stdout.contains("\"text\" : \"两\"") && all.stdout.contains("\"text\" : \"两\""))
        let unknown = try CommandRunner.run(base + ["--no-variant", "loud"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "announce: --no-variant 'loud' is not a variant of the reading: liang, lead-yi\n")
    }

    @Test("a script for no prefix builds")
    func prefixNone() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = try CommandRunner.run(["voice", "script", "--format", "json", "--prefix", "none", "--template", "payment", "--style", "decimal", "--no-liang", "--no-lead-yi"])
        #expect(script.status == 0)
        try script.stdout.write(to: directory.appendingPathComponent("script.json"), atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("voice").path
        let build = try CommandRunner.run(
            ["voice", "build", "--script", directory.appendingPathComponent("script.json").path, "--tts", Self.copyEngine,
             "--out", out, "--id", "plain", "--date", "2026-01-01"])
        #expect(build.status == 0, "\(build.stderr)")
        let render = try CommandRunner.run(["render", "--voice", out, "--prefix", "none", "--out", directory.path, "12.5"])
        #expect(render.status == 0)
    }

    @Test("a build refused by its check prints the budget table it measured, then the refusal (exit 66), and writes nothing")
    func refusedShowsBudget() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = try CommandRunner.run(["voice", "script", "--format", "json", "--prefix", "none", "--template", "payment", "--style", "decimal", "--no-liang", "--no-lead-yi"])
        try script.stdout.write(to: directory.appendingPathComponent("script.json"), atomically: true, encoding: .utf8)
        // A slow engine: every item as long as 支付宝到账.
        let slow = "cp \"\(Self.bundled)/zhi1-fu4-bao3-dao4-zhang4.wav\" {out}"
        let out = directory.appendingPathComponent("voice").path
        let build = try CommandRunner.run(
            ["voice", "build", "--script", directory.appendingPathComponent("script.json").path, "--tts", slow, "--out", out, "--id", "slow", "--date", "2026-01-01"])
        #expect(build.status == 66)
        #expect(build.stdout.contains("budget 6.0 s, speed up to 1.35x, amounts up to 99999999.99"), "\(build.stdout)")
        #expect(build.stdout.contains("template  prefix  says  longest  speed  worst case"), "\(build.stdout)")
        #expect(build.stdout.contains("payment   none    yes") && build.stdout.contains(" over "), "\(build.stdout)")
        #expect(build.stderrLines.count == 1 && build.stderr.hasPrefix("announce: the built voice fails its check: payment prefix none, "), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a declared maximum: check stops there, render refuses more with one line (exit 65)")
    func maximum() throws {
        let scratch = try ScratchFolder("coverage")
        let copy = try VoiceCommandTests.copyOfBundledVoice(in: scratch)
        try VoiceCommandTests.editManifest(copy) { $0["maximumAmount"] = "999.99" }
        let check = try CommandRunner.run(["voice", "check", copy.path])
        #expect(check.status == 0)
        #expect(check.stdout.contains("amounts up to 999.99"))
        let ok = try CommandRunner.run(["render", "--voice", copy.path, "--out", copy.deletingLastPathComponent().path, "999.99"])
        #expect(ok.status == 0)
        let refused = try CommandRunner.run(["render", "--voice", copy.path, "--out", copy.deletingLastPathComponent().path, "1000"])
        #expect(refused.status == 65)
        #expect(refused.stderr == "announce: 1000 is more than voice 'default' is made to say: its voice.json declares maximumAmount 999.99\n")
    }

    @Test("the bundled voice's check reports the longest announcement of each preset and prefix, with its speed")
    func bundledBudget() throws {
        let check = try CommandRunner.run(["voice", "check", Self.bundled])
        #expect(check.status == 0)
        #expect(check.stdout.contains("budget 6.0 s, speed up to 1.35x, amounts up to 99999999.99"))
        #expect(check.stdout.contains("template  prefix      says  longest  speed  worst case"))
    }
}
