import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// Faults end to end: one line naming the problem and the documented exit code.
@Suite struct FailureTests {
    @Test("a corrupt clip is exit 66 in render and in batch, with the same message")
    func corruptClipSameEverywhere() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let voice = try VoiceCommandTests.copyOfBundledVoice(in: scratch)
        let root = try scratch.folder("out")
        try Data("RIFF\u{0}\u{0}garbage".utf8).write(to: voice.appendingPathComponent("wu3.wav"))
        let render = try CommandRunner.run(["render", "--voice", voice.path, "--out", root.path, "5"])
        let batch = try CommandRunner.run(["batch", "--voice", voice.path, "--out", root.path, "--jobs", "2"],
                                          stdin: "5\n1\n5.5\n")
        #expect(render.status == 66 && batch.status == 66)
        let lines = batch.stdoutLines.map(BatchCommandTests.json)
        #expect(lines.map { $0["error"] != nil } == [true, false, true])
        let message = try #require(render.stderrLines.first).replacingOccurrences(of: "announce: ", with: "")
        try #require(lines.count > 2)
        #expect(lines[0]["error"] as? String == message && lines[2]["error"] as? String == message)
        #expect(!message.hasSuffix("No Error."))
    }

    @Test("usage errors: --budget below a frame or in hex, exit 64", arguments: [
        ["--budget", "0.0005"], ["--budget", "0x10"], ["--budget", "1e1"], ["--budget", "inf"], ["--max-speed", "0x1"],
    ])
    func budgetUsage(arguments: [String]) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let result = try CommandRunner.run(["render", "--out", root.path] + arguments + ["5"])
        #expect(result.status == 64)
        #expect(RenderCommandTests.files(in: root).isEmpty)
    }

    @Test("batch on a folder: exit 66, one line")
    func batchOnFolder() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let result = try CommandRunner.run(["batch", "--out", root.path, root.path])
        #expect(result.status == 66)
        #expect(result.stderrLines == ["announce: cannot read \(root.path): it is a folder"])
    }

    @Test("standard output that cannot be written: exit 74 with one line; a closed pipe: 74 quietly; unreadable input: 66")
    func outputAndInputFailures() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let binary = CommandRunner.executable.path
        let full = try CommandRunner.run(["-c", "\"\(binary)\" render --out \"\(root.path)\" 1 > /dev/full"], shell: true)
        #expect(full.status == 74 && full.stderr == "announce: cannot write standard output: No space left on device\n")
        let closed = try CommandRunner.run(
            ["-c", "seq 1 200000 | \"\(binary)\" explain --stdin --json | head -1 > /dev/null; echo ${PIPESTATUS[1]}"], shell: true)
        #expect(closed.stdout == "74\n" && closed.stderr.isEmpty)
        let folder = try CommandRunner.run(["-c", "\"\(binary)\" batch --dry-run < \"\(root.path)\""], shell: true)
        #expect(folder.status == 66 && folder.stderr.contains("cannot read the input"))
        #expect(RenderCommandTests.files(in: root).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }
}
