import AnnounceTestSupport
import Foundation
import Testing

/// `announce voice check`, and finding the voice, run as a user would.
struct VoiceCommandTests {
    static let bundledVoice = RepositoryPaths.bundledVoice

    /// A copy of the bundled voice, as the folder `voice` in `scratch`.
    static func copyOfBundledVoice(in scratch: ScratchFolder) throws -> URL {
        let copy = scratch.url("voice")
        try FileManager.default.copyItem(at: bundledVoice, to: copy)
        return copy
    }

    static func editManifest(_ voice: URL, _ edit: (inout [String: Any]) -> Void) throws {
        let url = voice.appendingPathComponent("voice.json")
        var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        edit(&manifest)
        try JSONSerialization.data(withJSONObject: manifest).write(to: url)
    }

    @Test("the bundled voice is usable and found without options, from any folder")
    func bundled() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let result = try CommandRunner.run(["voice", "check"], currentDirectory: scratch.url)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("voice default: "))
        #expect(result.stdout.contains("yi4-bai3.wav"))
        #expect(result.stdout.contains("readings: decimal yes, currency (角 分) yes, liang (两) yes"))
        #expect(result.stdoutLines.last == "usable")
        #expect(result.stderr.isEmpty)
    }

    @Test("--json reports every clip with its measurements")
    func json() throws {
        let result = try CommandRunner.run(["voice", "check", "--json", Self.bundledVoice.path])
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 1)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(report?["usable"] as? Bool == true)
        let clips = report?["clips"] as? [[String: Any]] ?? []
        #expect(clips.count >= 34)
        let yi = clips.first { $0["word"] as? String == "一" }
        #expect(yi?["file"] as? String == "yi1.wav" && yi?["sampleRate"] as? Int == 16000)
        #expect((yi?["peak"] as? Double ?? 0) < -1 && (yi?["duration"] as? Double ?? 0) > 0.1)
        let supports = report?["supports"] as? [String: Any]
        #expect(supports?["liang"] as? Bool == true)
        #expect((supports?["prefixes"] as? [String: Bool])?["支付宝到账"] == true)
    }

    @Test("each kind of broken voice fails with one line per problem and exit 66", arguments: [
        "missing file", "corrupt file", "silent clip", "bad json", "missing word", "wrong type",
    ])
    func broken(kind: String) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let voice = try Self.copyOfBundledVoice(in: scratch)
        let expected: String
        switch kind {
        case "missing file":
            try FileManager.default.removeItem(at: voice.appendingPathComponent("san1.wav"))
            expected = "announce: clip '三': \(voice.path)/san1.wav: "
        case "corrupt file":
            try Data("RIFF\u{0}\u{0}garbage".utf8).write(to: voice.appendingPathComponent("wu3.wav"))
            expected = "announce: clip '五': \(voice.path)/wu3.wav: "
        case "silent clip":
            // A real WAV header with every sample zero.
            let url = voice.appendingPathComponent("qi1.wav")
            var bytes = try Data(contentsOf: url)
            bytes.replaceSubrange(44..<bytes.count, with: Data(count: bytes.count - 44))
            try bytes.write(to: url)
            expected = "announce: clip '七' (qi1.wav) is silent"
        case "bad json":
            try Data("{\"format\": 1,".utf8).write(to: voice.appendingPathComponent("voice.json"))
            expected = "announce: \(voice.path)/voice.json: not valid JSON"
        case "missing word":
            try Self.editManifest(voice) { $0["clips"] = ($0["clips"] as? [String: Any])?.filter { $0.key != "元" } }
            expected = "announce: no clip for '元': the default reading needs them"
        default:
            try Self.editManifest(voice) { manifest in
                var clips = manifest["clips"] as? [String: Any] ?? [:]
                clips["一"] = ["yi1.wav"]
                manifest["clips"] = clips
            }
            expected = "announce: \(voice.path)/voice.json: clip '一' must name a file (a string), not an array"
        }
        let result = try CommandRunner.run(["voice", "check", voice.path])
        #expect(result.status == 66)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderrLines.first?.hasPrefix(expected) == true, "\(result.stderr)")
    }

    @Test("a broken manifest exits 66 in render whatever is wrong in it: a rate no output offers, a duplicate key")
    func brokenManifestRender() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let voice = try Self.copyOfBundledVoice(in: scratch)
        try Self.editManifest(voice) { $0["sampleRate"] = 96_000 }
        let rate = try CommandRunner.run(["render", "--voice", voice.path, "--out", voice.path, "5"])
        #expect(rate.status == 66)
        #expect(rate.stderrLines == ["announce: voice 'default': its sample rate 96000 Hz is not offered (8000 to 48000 Hz); give a rate with the options"])
        let manifest = voice.appendingPathComponent("voice.json")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"format\"", with: "\"format\": 1, \"format\"")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let duplicate = try CommandRunner.run(["render", "--voice", voice.path, "--out", voice.path, "5"])
        #expect(duplicate.status == 66)
        #expect(duplicate.stderrLines.count == 1)
        #expect(duplicate.stderrLines.first?.contains("duplicate key 'format'") == true, "\(duplicate.stderr)")
    }

    @Test("voice build refuses a date that is not one, a SOURCE_DATE_EPOCH that is not seconds, and a maximum of 0, with one line and 64")
    func buildDates() throws {
        for (arguments, environment) in [
            (["--date", "2026-13-45"], [String: String]()), (["--date", "abc"], [:]), (["--date", "2026-02-30"], [:]),
            ([], ["SOURCE_DATE_EPOCH": "abc"]), ([], ["SOURCE_DATE_EPOCH": "99999999999999"]),
            (["--maximum-amount", "0"], [:]), (["--maximum-amount", "0.00"], [:]),
        ] {
            let result = try CommandRunner.run(
                ["voice", "build", "--script", "/nonexistent.json", "--tts", "true", "--out", "/nonexistent/v", "--id", "x"] + arguments,
                environment: environment)
            #expect(result.status == 64, "\(arguments) \(environment)")
            #expect(result.stderrLines.count == 1 && result.stderrLines.first?.hasPrefix("announce: ") == true, "\(result.stderr)")
        }
    }

    @Test("ANNOUNCE_VOICE and --voice choose the voice; a missing one is exit 66")
    func choosingTheVoice() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let voice = try Self.copyOfBundledVoice(in: scratch)
        try Self.editManifest(voice) { $0["id"] = "copy" }
        let fromEnvironment = try CommandRunner.run(["voice", "check"], environment: ["ANNOUNCE_VOICE": voice.path])
        #expect(fromEnvironment.stdout.hasPrefix("voice copy: "))
        let fromOption = try CommandRunner.run(["explain", "--voice", voice.path, "5"], environment: ["ANNOUNCE_VOICE": "/nowhere"])
        #expect(fromOption.status == 0)
        let missing = try CommandRunner.run(["explain", "5"], environment: ["ANNOUNCE_VOICE": "/nowhere"])
        #expect(missing.status == 66)
        #expect(missing.stderrLines == ["announce: no voice at '/nowhere': no such folder"])
        #expect(missing.stdout.isEmpty)
    }

    @Test("voice check and voice export name the voice as every command does: --voice NAME|DIR, in any case")
    func voiceOption() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let check = try CommandRunner.run(["voice", "check", "--voice", "Cantonese"])
        #expect(check.status == 0 && check.stdoutLines.first?.hasPrefix("voice cantonese:") == true, "\(check.stderr)")
        let pack = scratch.url("c.announcepack").path
        let export = try CommandRunner.run(["voice", "export", "--voice", "CANTONESE", "-o", pack])
        #expect(export.status == 0 && export.stdout.contains("voice cantonese"), "\(export.stderr)")
        #expect(try CommandRunner.run(["voice", "export", "--voice", "default", "cantonese", "-o", pack]).status == 64)
    }

    @Test("explain refuses, before any output, a prefix or option the voice cannot say")
    func missingClipForOptions() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let voice = try Self.copyOfBundledVoice(in: scratch)
        try Self.editManifest(voice) { $0["clips"] = ($0["clips"] as? [String: Any])?.filter { $0.key != "两" && $0.key != "两百" } }
        let liang = try CommandRunner.run(["explain", "--voice", voice.path, "--liang", "5"])
        #expect(liang.status == 66)
        #expect(liang.stderrLines == ["announce: voice 'default' (\(voice.path)) has no clip for '两'"])
        let prefix = try CommandRunner.run(["explain", "--prefix", "美团", "5"])
        #expect(prefix.status == 66)
        #expect(prefix.stderrLines.first?.contains("has no clip for '美团', the prefix: name a preset (alipay, wechat, collect, none)") == true)
        #expect(prefix.stderrLines.count == 1)
        #expect(prefix.stdout.isEmpty)
    }
}
