import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// What prune keeps: a sound still handed out, a temporary file that may be a write in flight.
@Suite struct PruneAgeTests {
    @Test("a reused sound's age restarts, so prune keeps a sound still handed out")
    func reuseTouches() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let first = try CommandRunner.run(["batch", "--out", root.path], stdin: "10\n")
        try #require(first.stdoutLines.count > 0)
        let file = try #require(BatchCommandTests.json(first.stdoutLines[0])["file"] as? String)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -8 * 86_400)], ofItemAtPath: file)
        let again = try CommandRunner.run(["batch", "--out", root.path], stdin: "10\n")
        try #require(again.stdoutLines.count > 0)
        #expect(BatchCommandTests.json(again.stdoutLines[0])["cached"] as? Bool == true)
        let prune = try CommandRunner.run(["prune", "--out", root.path, "--older-than", "7d"])
        #expect(prune.status == 0 && FileManager.default.fileExists(atPath: file))
    }

    @Test("prune leaves temporary files younger than an hour, whatever the age asked")
    func youngTemporaryFilesKept() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let sounds = root.appendingPathComponent("Library/Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        let young = sounds.appendingPathComponent(".announce-1-1.tmp")
        let old = sounds.appendingPathComponent(".announce-1-2.tmp")
        try Data().write(to: young)
        try Data().write(to: old)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -600)], ofItemAtPath: young.path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: old.path)
        let prune = try CommandRunner.run(["prune", "--out", root.path, "--older-than", "1s"])
        #expect(prune.status == 0)
        #expect(FileManager.default.fileExists(atPath: young.path) && !FileManager.default.fileExists(atPath: old.path))
    }
}
