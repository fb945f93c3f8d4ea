import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// A voice's language from the command line: the Cantonese voice by name,
/// and each way a language can be wrong, refused in one line with its
/// documented status and nothing written.
@Suite struct LanguageCommandTests {
    /// A copy of the Cantonese voice in `folder` with its manifest's
    /// `language` replaced by `value` (JSON text), or removed when nil.
    static func voice(in folder: URL, language value: String?) throws -> String {
        let voice = folder.appendingPathComponent("voice")
        try FileManager.default.copyItem(at: RepositoryPaths.file("Clips/cantonese"), to: voice)
        let manifest = voice.appendingPathComponent("voice.json")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text = text.replacingOccurrences(of: #""language" : "yue-Hans","#, with: value.map { #""language" : \#($0),"# } ?? "")
        try Data(text.utf8).write(to: manifest)
        return voice.path
    }

    @Test("a manifest's language that is missing, not a string, malformed or unknown: one line, exit 66, nothing written", arguments: [
        (nil, "'language' is missing"), ("5", "'language' must be a string"), (#""粤语""#, "'language' '粤语' is not a language tag"),
        (#""yue-Hant""#, "'language' 'yue-Hant' is not a language announce speaks"),
    ] as [(String?, String)])
    func badLanguage(value: String?, expected: String) throws {
        let scratch = try ScratchFolder("language")
        defer { scratch.remove() }
        let voice = try Self.voice(in: scratch.url, language: value)
        let result = try CommandRunner.run(["--voice", voice, "123.45"], currentDirectory: scratch.url)
        #expect(result.status == 66)
        #expect(result.stderrLines.count == 1 && result.stderr.contains(expected), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("Library").path))
    }

    @Test("a clip rule of another language in a Cantonese manifest is refused")
    func foreignRule() throws {
        let scratch = try ScratchFolder("language")
        defer { scratch.remove() }
        let voice = try Self.voice(in: scratch.url, language: #""yue-Hans""#)
        let manifest = URL(fileURLWithPath: voice).appendingPathComponent("voice.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: "\"file\" : \"baak3.wav\",\n      \"when\" : [\n\n      ]", with: "\"file\" : \"baak3.wav\",\n      \"when\" : [\"third-pairs\"]")
        try Data(text.utf8).write(to: manifest)
        let result = try CommandRunner.run(["voice", "check", voice])
        #expect(result.status == 66)
        #expect(result.stderr.contains("unknown rule 'third-pairs' (Cantonese has no clip rules)"), "\(result)")
    }

    @Test("the Cantonese voice by name: 两 before units, no 一十, the same name from a folder path")
    func byName() throws {
        let scratch = try ScratchFolder("language")
        defer { scratch.remove() }
        let byName = try CommandRunner.run(["--voice", "cantonese", "--prefix", "alipay", "--json", "--at", "1767225600", "200"], currentDirectory: scratch.url)
        #expect(byName.status == 0, "\(byName)")
        #expect(byName.stdout.contains("支付宝到账两百元") && byName.stdout.contains(#""liang":true"#))
        let byPath = try CommandRunner.run(
            ["--voice", RepositoryPaths.file("Clips/cantonese").path, "--prefix", "alipay", "--json", "--at", "1767225600", "200"],
            currentDirectory: scratch.url)
        #expect(byPath.stdout == byName.stdout)
        let refused = try CommandRunner.run(["--voice", "cantonese", "--lead-yi", "10"], currentDirectory: scratch.url)
        #expect(refused.status == 64 && refused.stderrLines.count == 1, "\(refused)")
        let batch = try CommandRunner.run(["batch", "--voice", "cantonese", "--lead-yi", "--dry-run"], stdin: "10\n", currentDirectory: scratch.url)
        #expect(batch.status == 64 && batch.stderrLines.count == 1, "\(batch)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("Library/Sounds/announce-10-").path))
    }

    @Test("a Cantonese script's TTS command cannot name pinyin")
    func ttsPlaceholder() throws {
        let scratch = try ScratchFolder("language")
        defer { scratch.remove() }
        let script = try CommandRunner.run(["voice", "script", "--language", "cantonese", "--format", "json", "--template", "payment", "--prefix", "none"])
        #expect(script.status == 0)
        let path = scratch.url.appendingPathComponent("script.json")
        try Data(script.stdout.utf8).write(to: path)
        #expect(script.stdout.contains(#""language" : "yue-Hans""#) && script.stdout.contains(#""romanisation" : "jat1""#))
        let result = try CommandRunner.run(
            ["voice", "build", "--script", path.path, "--tts", "true {pinyin} {out}", "--out", scratch.url.appendingPathComponent("v").path, "--id", "v"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("the script is Cantonese: its items have no {pinyin}; use {jyutping} or {romanisation}"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("v").path))
    }

    @Test("--romanisation gives a word's syllables in the script's language; --pinyin and --jyutping are its older spellings, each for its language")
    func romanisationOption() throws {
        let base = ["voice", "script", "--format", "json", "--template", "payment", "--prefix", "美团收款"]
        for (language, option, syllables) in [
            ("mandarin", "--romanisation", "mei3 tuan2 shou1 kuan3"), ("mandarin", "--pinyin", "mei3 tuan2 shou1 kuan3"),
            ("cantonese", "--romanisation", "mei5 tyun4 sau1 fun2"), ("cantonese", "--jyutping", "mei5 tyun4 sau1 fun2"),
        ] {
            let result = try CommandRunner.run(base + ["--language", language, option, "美团收款=\(syllables)"])
            #expect(result.status == 0, "\(language) \(option): \(result)")
            #expect(result.stdout.contains("\"romanisation\" : \"\(syllables)\""), "\(language) \(option)")
        }
        let other = try CommandRunner.run(base + ["--language", "cantonese", "--pinyin", "美团收款=mei3 tuan2 shou1 kuan3"])
        #expect(other.status == 64 && other.stderr == "announce: --pinyin is for another language: a Cantonese script takes --jyutping\n", "\(other)")
        let malformed = try CommandRunner.run(base + ["--romanisation", "美团收款"])
        #expect(malformed.status == 64 && malformed.stderr.contains("--romanisation '美团收款' must be WORD=SYLLABLES, e.g. 美团=mei3 tuan2"), "\(malformed)")
    }

    @Test("a Cantonese pack says 两 from render --pack and refuses 一十; a Mandarin pack leaves a Cantonese push to the server's file")
    func packs() throws {
        let scratch = try ScratchFolder("language")
        defer { scratch.remove() }
        let export = try CommandRunner.run(["voice", "export", "cantonese", "-o", "yue.announcepack"], currentDirectory: scratch.url)
        #expect(export.status == 0, "\(export)")
        let said = try CommandRunner.run(["render", "--pack", "yue.announcepack", "--json", "200"], currentDirectory: scratch.url)
        #expect(said.status == 0 && said.stdout.contains(#""text":"到账两百元""#), "\(said)")
        let refused = try CommandRunner.run(["render", "--pack", "yue.announcepack", "--lead-yi", "10"], currentDirectory: scratch.url)
        #expect(refused.status == 64 && refused.stderrLines.count == 1, "\(refused)")
        let line = try CommandRunner.run(
            ["--voice", "cantonese", "--prefix", "alipay", "--json", "--at", "1767225600", "200"], currentDirectory: scratch.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.stdout.utf8)) as? [String: Any])
        #expect((object["announce-message"] as? [String: Any])?["language"] as? String == "yue-Hans")
        let push: [String: Any] = ["aps": object["aps"]!, "announce-message": object["announce-message"]!, "announce-at": 1_767_225_600]
        try JSONSerialization.data(withJSONObject: push).write(to: scratch.url.appendingPathComponent("push.json"))
        let own = try CommandRunner.run(
            ["check-push", "--pack", "yue.announcepack", "--now", "1767225630", "push.json"], currentDirectory: scratch.url)
        #expect(own.status == 0 && own.stdout.contains("says: 支付宝到账两百元") && own.stdout.contains("route: rendered"), "\(own)")
        let pack = try BundledPack.write(into: scratch)
        let other = try CommandRunner.run(["check-push", "--pack", pack, "--now", "1767225630", "push.json"], currentDirectory: scratch.url)
        #expect(other.stdout.contains("route: fallback"), "\(other)")
        #expect(other.stdout.contains("the message was made for a voice of another language than the pack's"), "\(other)")
    }
}

/// Cantonese says 两 before 角 and 分 (两角, 两分, 两角二分), on the server and,
/// from the same push, on the phone, under the same sound name.
@Suite struct CantoneseSubunitTests {
    @Test("explain --json shows each word's romanisation: Jyutping for a Cantonese voice, pinyin for Mandarin")
    func romanisation() throws {
        let yue = try CommandRunner.run(["explain", "--json", "--voice", "cantonese", "--style", "currency", "0.22"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(yue.stdout.utf8)) as? [String: Any])
        #expect(object["words"] as? [String] == ["到账", "两", "角", "二", "分"])
        #expect(object["romanisation"] as? [String] == ["dou3 zoeng3", "loeng5", "gok3", "ji6", "fan1"])
        let cmn = try CommandRunner.run(["explain", "--json", "10"])
        let mandarin = try #require(try JSONSerialization.jsonObject(with: Data(cmn.stdout.utf8)) as? [String: Any])
        #expect(mandarin["romanisation"] as? [String] == ["dao4 zhang4", "shi2", "yuan2"])
    }

    @Test("the server's 两角 is the phone's 两角, under one name")
    func serverAndPhoneAgree() throws {
        let scratch = try ScratchFolder("yue-subunits")
        defer { scratch.remove() }
        let pack = scratch.url("yue.announcepack").path
        #expect(try CommandRunner.run(["voice", "export", "--voice", "cantonese", "-o", pack]).status == 0)
        for (amount, said) in [("0.2", "到账两角"), ("0.02", "到账两分"), ("22222222.22", "到账两千二百二十二万二千二百二十二元两角二分")] {
            let rendered = try CommandRunner.run(
                ["render", "--voice", "cantonese", "--style", "currency", "--json", "--id", "c", "--at", "1767225600",
                 "--out", scratch.url.path, amount])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(rendered.stdout.utf8)) as? [String: Any])
            let aps = try #require(object["aps"] as? [String: Any])
            #expect((aps["alert"] as? [String: Any])?["body"] as? String == said)
            var push = object.filter { ["aps", "announce-message", "announce-id", "announce-at"].contains($0.key) }
            push["aps"] = aps
            let file = scratch.url("push.json")
            try JSONSerialization.data(withJSONObject: push).write(to: file)
            let phone = try CommandRunner.run(["check-push", "--pack", pack, "--now", "1767225610", file.path])
            #expect(phone.stdoutLines.prefix(3) == ["route: rendered", "sound: \(aps["sound"] as? String ?? "")", "says: \(said)"], "\(phone.stdout)")
        }
    }
}
