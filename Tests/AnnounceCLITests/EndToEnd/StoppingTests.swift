import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// A batch stopped from outside (a closed pipe, a signal) leaves no temporary file.
@Suite struct StoppingTests {
    /// The temporary files left in `root/Library/Sounds`.
    static func leftovers(in root: URL) -> [String] {
        RenderCommandTests.files(in: root).filter { $0.hasSuffix(".tmp") }
    }

    @Test("a closed output stops the batch quietly with exit 74 and leaves no temporary file")
    func closedOutput() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let items = root.appendingPathComponent("items.txt")
        try (1...20_000).map { "\($0).5" }.joined(separator: "\n").write(to: items, atomically: true, encoding: .utf8)
        let script = "\"\(CommandRunner.executable.path)\" batch --jobs 2 --out \"\(root.path)\" \"\(items.path)\" | head -1 >/dev/null; echo ${PIPESTATUS[0]}"
        let result = try CommandRunner.run(["-c", script], shell: true)
        #expect(result.stdout == "74\n")
        #expect(result.stderr.isEmpty)
        #expect(Self.leftovers(in: root).isEmpty)
    }

    @Test("SIGTERM and SIGINT mid-batch leave no temporary file", arguments: [15, 2])
    func signalsRemoveTemporaryFiles(signal: Int32) throws {
        for attempt in 0..<5 {
            let scratch = try ScratchFolder()
            defer { scratch.remove() }
            let root = scratch.url
            let items = root.appendingPathComponent("items.txt")
            try (1...200_000).map { "\($0).\(attempt)5" }.joined(separator: "\n").write(to: items, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = CommandRunner.executable
            process.arguments = ["batch", "--jobs", "2", "--out", root.path, items.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Kill it while it writes: wait until files appear.
            let sounds = root.appendingPathComponent("Library/Sounds")
            for _ in 0..<500 where ((try? FileManager.default.contentsOfDirectory(atPath: sounds.path))?.count ?? 0) < 50 {
                usleep(2_000)
            }
            kill(process.processIdentifier, signal)
            // A hang guard, not a timing: a process that does not end in 30 s is a failure.
            for _ in 0..<3000 where process.isRunning { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                Issue.record("announce did not end within 30 s of signal \(signal)")
            }
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
            #expect(Self.leftovers(in: root).isEmpty)
        }
    }
}
