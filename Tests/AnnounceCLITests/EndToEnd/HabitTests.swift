import AnnounceTestSupport
import Foundation
import Testing

/// What a user types out of habit works: choices in any case, a language's
/// name for its voice, 元 after the amount; a slip of the keyboard is
/// answered with the nearest valid spelling.
@Suite struct HabitTests {
    /// The explain JSON of the arguments, which must succeed.
    static func explained(_ arguments: [String]) throws -> String {
        let result = try CommandRunner.run(["explain", "--json"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result)")
        return result.stdout
    }

    @Test("every choice is taken in any case, and says what its lower-case spelling says")
    func anyCase() throws {
        let pairs: [([String], [String])] = [
            (["--style", "Currency", "1.20"], ["--style", "currency", "1.20"]),
            (["--style", "DECIMAL", "1.20"], ["--style", "decimal", "1.20"]),
            (["--variant", "Liang", "2"], ["--variant", "liang", "2"]),
            (["--prefix", "Alipay", "2"], ["--prefix", "alipay", "2"]),
            (["--prefix", "WeChat", "2"], ["--prefix", "wechat", "2"]),
            (["--template", "Refund", "2"], ["--template", "refund", "2"]),
            (["--voice", "Cantonese", "2"], ["--voice", "cantonese", "2"]),
        ]
        for (typed, canonical) in pairs {
            #expect(try Self.explained(typed) == Self.explained(canonical), "\(typed)")
        }
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let upper = try CommandRunner.run(["render", "--format", "WAV", "--encoding", "PCM16", "--out", scratch.url.path, "1"])
        let lower = try CommandRunner.run(["render", "--format", "wav", "--encoding", "pcm16", "--out", scratch.url.path, "1"])
        #expect(upper.status == 0 && upper.stdout == lower.stdout, "\(upper)")
        let script = try CommandRunner.run(["voice", "script", "--language", "Cantonese", "--format", "JSON", "--units", "Words"])
        let lowerScript = try CommandRunner.run(["voice", "script", "--language", "cantonese", "--format", "json"])
        #expect(script.status == 0 && script.stdout == lowerScript.stdout)
        let push = try CommandRunner.run(["check-push", "--service", "JPush", "-"], stdin: #"{"aps": {"alert": "x"}}"#)
        #expect(!push.stderr.contains("--service"), "\(push)")
    }

    @Test("a language's name or tag finds the bundled voice that speaks it")
    func voiceByLanguage() throws {
        #expect(try Self.explained(["--voice", "mandarin", "2"]) == Self.explained(["2"]))
        #expect(try Self.explained(["--voice", "Mandarin", "2"]) == Self.explained(["--voice", "default", "2"]))
        #expect(try Self.explained(["--voice", "yue-Hans", "2"]) == Self.explained(["--voice", "cantonese", "2"]))
        let batch = try CommandRunner.run(["batch", "--dry-run"], stdin: #"{"amount": "2", "voice": "Mandarin"}"#)
        #expect(batch.status == 0 && batch.stdout.contains("到账二元"), "\(batch)")
    }

    @Test("a trailing 元 is taken as a leading ¥ is")
    func trailingYuan() throws {
        let plain = try Self.explained(["12"])
        for typed in ["12元", "¥12元", " 12元 ", "１２元"] {
            let result = try CommandRunner.run(["explain", "--json", typed])
            #expect(result.status == 0 && result.stdout.replacingOccurrences(of: "\"amount\":\"\(typed)\"", with: "\"amount\":\"12\"") == plain, "\(typed): \(result)")
        }
        for refused in ["元", "12元元", "元12", "12 元"] {
            #expect(try CommandRunner.run(["explain", refused]).status == 65, "\(refused)")
        }
        let batch = try CommandRunner.run(["batch", "--dry-run"], stdin: "12元\n" + #"{"amount": "12元"}"#)
        #expect(batch.status == 0 && batch.stdoutLines.allSatisfy { $0.contains("\"yuan\":\"12\"") }, "\(batch)")
    }

    @Test("a mistyped option or choice is answered with the nearest valid one, in one line, exit 64")
    func nearest() throws {
        let cases: [([String], String)] = [
            (["--formt", "wav", "1"], "Unknown option '--formt'. Did you mean '--format'?"),
            (["render", "--sampel-rate", "8000", "1"], "Did you mean '--sample-rate'?"),
            (["explain", "--jsn", "1"], "Did you mean '--json'?"),
            (["batch", "--dryrun"], "Did you mean '--dry-run'?"),
            (["--style", "curency", "1"], "Did you mean 'currency'?"),
            (["--format", "wvv", "1"], "Did you mean 'wav'?"),
            (["--variant", "lang", "2"], "(did you mean 'liang'?)"),
            (["--voice", "cantonse", "1"], "did you mean 'cantonese'?"),
            (["--voice", "mandrin", "1"], "did you mean 'mandarin'?"),
            (["--template", "refnd", "1"], "did you mean 'refund'?"),
            (["voice", "script", "--language", "cantonse"], "did you mean 'cantonese'?"),
            (["check-push", "--service", "jpsh", "-"], "did you mean 'jpush'?"),
        ]
        for (arguments, expected) in cases {
            let result = try CommandRunner.run(arguments, stdin: "")
            #expect(result.status == 64 || result.status == 66, "\(arguments): \(result)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(expected), "\(arguments): \(result)")
        }
        // Nothing near: no guess.
        let far = try CommandRunner.run(["--zzzzzz", "1"])
        #expect(far.status == 64 && !far.stderr.contains("Did you mean"), "\(far)")
    }
}
