import AnnounceTestSupport
import Foundation
import Testing

/// A voice folder with a FIFO where a clip or voice.json should be, or a
/// symbolic link out of the folder, is refused by every command with one
/// line and exit 66, without blocking.
struct VoiceFolderCommandTests {
    static let commands: [(name: String, arguments: @Sendable (String, String) -> [String], stdin: String)] = [
        ("voice check", { voice, _ in ["voice", "check", voice] }, ""),
        ("explain", { voice, _ in ["explain", "--voice", voice, "2"] }, ""),
        ("render", { voice, out in ["render", "--voice", voice, "--out", out, "2"] }, ""),
        ("batch", { voice, out in ["batch", "--voice", voice, "--out", out, "-"] }, "2\n"),
        ("batch --dry-run", { voice, out in ["batch", "--dry-run", "--voice", voice, "--out", out, "-"] }, "2\n"),
    ]

    @Test("a FIFO as a clip or as voice.json, or a link out of the folder, is refused by every command", arguments: [
        "fifo clip", "fifo manifest", "clip linked out", "subfolder linked out", "manifest linked out",
    ])
    func refused(kind: String) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let voice = try VoiceCommandTests.copyOfBundledVoice(in: scratch)
        let area = scratch.url
        let outside = area.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let expected: String
        switch kind {
        case "fifo clip":
            try FileManager.default.removeItem(at: voice.appendingPathComponent("er4.wav"))
            #expect(mkfifo(voice.appendingPathComponent("er4.wav").path, 0o644) == 0)
            expected = "clip '二' (er4.wav) is a FIFO, not a regular file"
        case "fifo manifest":
            try FileManager.default.removeItem(at: voice.appendingPathComponent("voice.json"))
            #expect(mkfifo(voice.appendingPathComponent("voice.json").path, 0o644) == 0)
            expected = "voice.json: is a FIFO, not a regular file"
        case "clip linked out":
            try FileManager.default.moveItem(at: voice.appendingPathComponent("er4.wav"), to: outside.appendingPathComponent("er4.wav"))
            try FileManager.default.createSymbolicLink(
                at: voice.appendingPathComponent("er4.wav"), withDestinationURL: outside.appendingPathComponent("er4.wav"))
            expected = "clip '二' (er4.wav) is \(outside.path)/er4.wav, outside the voice folder"
        case "subfolder linked out":
            try FileManager.default.moveItem(at: voice.appendingPathComponent("er4.wav"), to: outside.appendingPathComponent("er4.wav"))
            try FileManager.default.createSymbolicLink(at: voice.appendingPathComponent("sub"), withDestinationURL: outside)
            try VoiceCommandTests.editManifest(voice) { manifest in
                var clips = manifest["clips"] as? [String: Any] ?? [:]
                clips["二"] = "sub/er4.wav"
                manifest["clips"] = clips
            }
            expected = "clip '二' (sub/er4.wav) is \(outside.path)/er4.wav, outside the voice folder"
        default:
            try FileManager.default.moveItem(
                at: voice.appendingPathComponent("voice.json"), to: outside.appendingPathComponent("voice.json"))
            try FileManager.default.createSymbolicLink(
                at: voice.appendingPathComponent("voice.json"), withDestinationURL: outside.appendingPathComponent("voice.json"))
            expected = "voice.json: is \(outside.path)/voice.json, outside the voice folder"
        }
        for command in Self.commands {
            let out = area.appendingPathComponent("out-\(command.name.replacingOccurrences(of: " ", with: "-"))")
            // A regression that blocks on a FIFO fails this command after
            // 30 s instead of hanging the suite (a hang guard, not a timing).
            let result: CommandResult
            do {
                result = try CommandRunner.run(command.arguments(voice.path, out.path), stdin: command.stdin, timeout: 30)
            } catch let blocked as ProcessRunner.TimedOut {
                Issue.record("\(command.name): \(blocked)")
                continue
            }
            #expect(result.status == 66, "\(command.name): \(result.stderr)")
            #expect(result.stderrLines.count == 1, "\(command.name): \(result.stderr)")
            #expect(result.stderr.contains(expected), "\(command.name): \(result.stderr)")
            let sounds = (try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("Library/Sounds").path)) ?? []
            #expect(sounds.isEmpty, "\(command.name) wrote \(sounds)")
        }
    }
}
