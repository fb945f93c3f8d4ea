import AnnounceTestSupport
import Foundation
import Testing

/// `voice check`'s tones and `voice tones`, run as a user would: a clip
/// that says another tone ends with 78 and one line naming it; `--no-tones`
/// accepts the voice as it is.
struct ToneCommandTests {
    static let mandarin = RepositoryPaths.bundledVoice

    /// A copy of the bundled voice with the files of 三 and 四 swapped.
    static func swappedVoice(in scratch: ScratchFolder) throws -> URL {
        let copy = try VoiceCommandTests.copyOfBundledVoice(in: scratch)
        let manager = FileManager.default
        try manager.moveItem(at: copy.appendingPathComponent("san1.wav"), to: copy.appendingPathComponent("swap.wav"))
        try manager.moveItem(at: copy.appendingPathComponent("si4.wav"), to: copy.appendingPathComponent("san1.wav"))
        try manager.moveItem(at: copy.appendingPathComponent("swap.wav"), to: copy.appendingPathComponent("si4.wav"))
        return copy
    }

    @Test("the bundled voices report their tones, none disagreeing")
    func bundled() throws {
        for voice in ["default", "cantonese"] {
            let result = try CommandRunner.run(["voice", "check", voice])
            #expect(result.status == 0, "\(voice): \(result.stderr)")
            let line = try #require(result.stdoutLines.first { $0.hasPrefix("tones: ") }, "\(voice): no tones line")
            #expect(line.contains(" syllables confirmed (the voice's range "), "\(line)")
            #expect(!result.stdout.contains("disagrees:"))
        }
    }

    @Test("a voice with two clips swapped: 78, one line per clip on stderr, still usable; --no-tones accepts it")
    func swapped() throws {
        let scratch = try ScratchFolder("tone-command")
        defer { scratch.remove() }
        let voice = try Self.swappedVoice(in: scratch)
        let result = try CommandRunner.run(["voice", "check", voice.path])
        #expect(result.status == 78)
        #expect(result.stdoutLines.last == "usable")
        #expect(result.stdout.contains("  disagrees: '三' san1.wav: san1 sounds like tone "))
        #expect(result.stderrLines.count == 2, "\(result.stderr)")
        #expect(result.stderrLines.contains { $0.hasPrefix("announce: clip '四' (si4.wav): si4 sounds like tone 1, not 4") }, "\(result.stderr)")

        let json = try CommandRunner.run(["voice", "check", "--json", voice.path])
        #expect(json.status == 78)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let tones = try #require(report?["tones"] as? [String: Any])
        let clips = tones["clips"] as? [[String: Any]] ?? []
        let four = try #require(clips.first { $0["word"] as? String == "四" })
        #expect(four["verdict"] as? String == "disagrees" && four["romanisation"] as? String == "si4")
        let syllable = try #require((four["syllables"] as? [[String: Any]])?.first)
        #expect(syllable["expected"] as? String == "4" && syllable["heard"] as? String == "1")
        #expect((syllable["letters"] as? [Double])?.count == 3)
        #expect((tones["range"] as? [String: Double])?["low"] != nil)

        let accepted = try CommandRunner.run(["voice", "check", "--no-tones", voice.path])
        #expect(accepted.status == 0 && accepted.stderr.isEmpty)
        #expect(!accepted.stdout.contains("tones:"))
    }

    @Test("voice tones: files with their syllables, confirmed or disagreeing, as text and JSON")
    func tones() throws {
        let clips = Self.mandarin.path
        let right = try CommandRunner.run(["voice", "tones", "\(clips)/san1.wav=san1", "\(clips)/si4.wav=si4", "\(clips)/yi4-bai3.wav=yi4 bai3"])
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.stdoutLines.first?.hasPrefix("tones: 4 of 4 syllables confirmed") == true, "\(right.stdout)")
        #expect(right.stdoutLines.contains { $0.hasPrefix("  \(clips)/yi4-bai3.wav  confirmed  yi4 tone 4 [") && $0.contains("]; bai3 tone 3 [") },
                "\(right.stdout)")
        let wrong = try CommandRunner.run(["voice", "tones", "--json", "\(clips)/san1.wav=si4", "\(clips)/si4.wav=san1", "\(clips)/bai3.wav=bai3"])
        #expect(wrong.status == 78)
        let report = try JSONSerialization.jsonObject(with: Data(wrong.stdout.utf8)) as? [String: Any]
        let verdicts = (report?["clips"] as? [[String: Any]] ?? []).map { $0["verdict"] as? String ?? "" }
        #expect(verdicts == ["disagrees", "disagrees", "confirmed"], "\(wrong.stdout)")
        let cantonese = RepositoryPaths.file("Clips/cantonese").path
        let levels = try CommandRunner.run(["voice", "tones", "--language", "cantonese", "\(cantonese)/saam1.wav=saam1", "\(cantonese)/sei3.wav=sei3", "\(cantonese)/ji6.wav=ji6"])
        #expect(levels.status == 0 && levels.stdoutLines.first?.hasPrefix("tones: 3 of 3 syllables confirmed") == true, "\(levels.stdout)")
    }

    @Test("voice tones refuses what it cannot measure, in one line", arguments: [
        (["voice", "tones"], 64, "give at least one file=syllables"),
        (["voice", "tones", "a.wav"], 64, "'a.wav' is not file=syllables"),
        (["voice", "tones", "a.wav=yi"], 64, "'yi' is not a tone-numbered pinyin syllable (tones 1, 2, 3, 4, 5)"),
        (["voice", "tones", "--language", "cantonese", "a.wav=jat7"], 64, "'jat7' is not a tone-numbered jyutping syllable"),
        (["voice", "tones", "a.wav=一1"], 64, "'一1' is not a tone-numbered pinyin syllable"),
        (["voice", "tones", "a.wav=Yi1"], 64, "'Yi1' is not a tone-numbered pinyin syllable"),
        (["voice", "tones", "a.wav=1"], 64, "'1' is not a tone-numbered pinyin syllable"),
        (["voice", "tones", "--language", "klingon", "a.wav=yi1"], 64, "--language "),
        (["voice", "tones", "/nonexistent/a.wav=yi1"], 66, "/nonexistent/a.wav"),
    ] as [([String], Int32, String)])
    func refusals(arguments: [String], status: Int32, message: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
