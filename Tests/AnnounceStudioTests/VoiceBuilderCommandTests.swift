import AnnounceServer
import AnnounceStudio
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

/// The TTS route: a fake engine, a shell command that copies a tone written by the test.
struct VoiceBuilderCommandTests {
    static func script() throws -> VoiceScript {
        try VoiceScript(options: ReadingOptions(), prefixes: [.standard])
    }

    /// One tone per item, named as the script's file, at 22.05 kHz with
    /// 200 ms of silence either side; the tone lasts 0.1 s per character.
    static func writeTones(_ script: VoiceScript, into folder: ScratchFolder) throws -> String {
        let tones = folder.file("tones")
        try FileManager.default.createDirectory(atPath: tones, withIntermediateDirectories: false)
        for item in script.items {
            let silence = TestAudio.silence(seconds: 0.2, rate: 22_050)
            let tone = TestAudio.tone(200 + Double(item.number) * 10, seconds: 0.1 * Double(item.text.count), amplitude: 0.5, rate: 22_050)
            try SoundFile.write(
                AudioBuffer(sampleRate: 22_050, samples: silence + tone + silence),
                format: OutputFormat(container: .wav, encoding: .pcm16), to: "\(tones)/\(item.file)")
        }
        return tones
    }

    @Test("each item comes from one run of the command, cut by the trimming rule")
    func fakeEngine() async throws {
        let script = try Self.script()
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let tones = try Self.writeTones(script, into: folder)
        // {pinyin} arrives quoted ('yi2 wan4'); the engine finds its tone by it.
        let command = "cp \"\(tones)/$(printf %s {pinyin} | tr ' ' -).wav\" {out} && test -n {text}"
        let builder = VoiceBuilder(script: script, details: .init(id: "tones", license: "CC0-1.0", date: "2026-01-01"))
        let report = try await builder.build(command: command, into: folder.file("voice"))
        // Clips are written at 16 kHz, the bundled voice's rate, whatever the engine's.
        #expect(report.sampleRate == 16_000 && report.items.count == script.items.count)
        for item in report.items {
            let expected = 0.1 * Double(item.text.count)
            // The rule keeps 15 ms before and 30 ms after the sound.
            #expect(abs(item.duration - (expected + 0.045)) < 0.01, "\(item.text): \(item.duration)")
            #expect(item.source == "tts" && item.snr == nil)
        }
        let voice = try Voice(at: folder.file("voice"))
        #expect(VoiceInspection(voice: voice).isUsable)
        #expect(voice.manifest.rules["一万"] == [.leadsGroup])
        let phrase = try Message(amount: try Amount(parsing: "210000"))
        #expect(try voice.plan(phrase).clips.map(\.text) == ["到账", "二", "十", "一", "万", "元"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("voice")).sorted()
            == (script.items.map(\.file) + ["voice.json"]).sorted())
    }

    @Test("a failing command names the item and its exit status, and leaves nothing")
    func failingCommand() async throws {
        let script = try Self.script()
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let tones = try Self.writeTones(script, into: folder)
        let command = "test {text} != 五 || exit 3; cp \"\(tones)/$(printf %s {pinyin} | tr ' ' -).wav\" {out}"
        let builder = VoiceBuilder(script: script, details: .init(id: "tones", date: "2026-01-01"))
        let five = script.items.first { $0.text == "五" }!
        await #expect(throws: VoiceBuildError(.input, "item \(five.number) '五': the TTS command failed with exit status 3")) {
            try await builder.build(command: command, into: folder.file("voice"))
        }
        await #expect(throws: VoiceBuildError.self) { try await builder.build(command: "true {out}", into: folder.file("voice")) }
        #expect(try folder.contents() == ["tones"])
    }

    @Test("placeholders are quoted: a value cannot break out of the command")
    func quoting() async throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        var script = try Self.script()
        script.items = [script.items[0]]
        script.items[0].text = "'; touch \(folder.file("owned")); '"
        let builder = VoiceBuilder(script: script, details: .init(id: "q", date: "2026-01-01"))
        await #expect(throws: VoiceBuildError.self) { try await builder.build(command: "printf %s {text} > /dev/null; false {out}", into: folder.file("voice")) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("owned")))
    }
}
