import AnnounceTestSupport
import Foundation
import Testing

/// `voice build --tts` through a cloud speech service (scripts/tts/speak):
/// the build asks for the licence of the service's audio instead of writing
/// a voice without one. The adapters themselves, against their stand-ins, are
/// tested by scripts/tts/test_tts.py.
struct TTSAdapterTests {
    static let speak = RepositoryPaths.file("scripts/tts/speak").path

    @Test("voice build --tts through scripts/tts/speak without --license (or with a blank one) is one line and 64, before anything runs or is made")
    func licenceRequired() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let out = scratch.url("voice")
        for command in [
            "scripts/tts/speak azure --voice zh-CN-XiaoxiaoNeural {text} {romanisation} {out}",
            "'\(Self.speak)' tencent --voice 101001 {text} {pinyin} {out}",
            "ANNOUNCE_TTS_CACHE=/tmp/c ./scripts/tts/speak baidu --voice 0 {text} {romanisation} {out}",
        ] {
            for license in [[], ["--license", " "]] {
                let result = try CommandRunner.run(
                    ["voice", "build", "--script", "/nonexistent.json", "--tts", command, "--out", out.path, "--id", "shop"] + license)
                #expect(result.status == 64, "\(command) \(license): \(result.stderr)")
                #expect(result.stderrLines.count == 1, "\(result.stderr)")
                #expect(result.stderrLines.first?.contains("--license") == true, "\(result.stderr)")
                #expect(result.stdout.isEmpty)
                #expect(!FileManager.default.fileExists(atPath: out.path))
            }
        }
    }

    @Test("with --license, or with a command that is not a cloud service, the licence rule lets the build go on")
    func licenceGiven() throws {
        for (command, license) in [
            ("scripts/tts/speak azure --voice zh-CN-XiaoxiaoNeural {text} {romanisation} {out}", ["--license", "Azure AI Speech, contract 42"]),
            ("scripts/voice/espeak-tts.sh {pinyin} {out}", []),
            ("my-speak-wrapper {text} {out}", []),
        ] {
            let result = try CommandRunner.run(
                ["voice", "build", "--script", "/nonexistent.json", "--tts", command, "--out", "/nonexistent/v", "--id", "shop"] + license)
            // The missing script is what stops it now: 66, not the licence's 64.
            #expect(result.status == 66, "\(command): \(result.stderr)")
            #expect(result.stderrLines == ["announce: /nonexistent.json: the script cannot be read"], "\(result.stderr)")
        }
    }
}
