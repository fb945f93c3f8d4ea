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

    /// A folder holding every kind of entry prune meets, each with its age
    /// in seconds; `decoy` is a file outside the folder a link points at.
    static func mixedFolder(in root: URL) throws -> (sounds: URL, decoy: URL) {
        let files = FileManager.default
        let sounds = root.appendingPathComponent("Library/Sounds")
        try files.createDirectory(at: sounds, withIntermediateDirectories: true)
        let decoy = root.appendingPathComponent("decoy.caf")
        try Data("decoy".utf8).write(to: decoy)
        func age(_ name: String, _ seconds: TimeInterval) throws {
            try files.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -seconds)],
                                    ofItemAtPath: sounds.appendingPathComponent(name).path)
        }
        for (name, bytes, seconds) in [
            ("announce-10-0000000a.caf", 3, 3 * 86_400.0), ("announce-20-0000000b.wav", 5, 2_000),
            ("announce-30-0000000c.aiff", 7, 600), (".announce-1-1.tmp", 0, 2_400), (".announce-1-2.tmp", 11, 7_200),
            ("doorbell.caf", 13, 3 * 86_400), ("announce-10.caf", 17, 3 * 86_400),
        ] {
            try Data(repeating: 1, count: bytes).write(to: sounds.appendingPathComponent(name))
            try age(name, seconds)
        }
        try files.createDirectory(at: sounds.appendingPathComponent("announce-50-0000000e.caf"), withIntermediateDirectories: false)
        try age("announce-50-0000000e.caf", 3 * 86_400)
        try files.createSymbolicLink(atPath: sounds.appendingPathComponent("announce-40-0000000d.caf").path, withDestinationPath: decoy.path)
        try files.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3 * 86_400)], ofItemAtPath: decoy.path)
        #expect(mkfifo(sounds.appendingPathComponent("announce-60-0000000f.caf").path, 0o644) == 0)
        return (sounds, decoy)
    }

    @Test("prune --json on a mixed folder: only announce's old regular files, sorted by name, each with its size and age")
    func mixedFolderJSON() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let (sounds, decoy) = try Self.mixedFolder(in: scratch.url)
        let expected: [(name: String, bytes: Int, age: Double)] = [
            (".announce-1-2.tmp", 11, 7_200), ("announce-10-0000000a.caf", 3, 3 * 86_400), ("announce-20-0000000b.wav", 5, 2_000),
        ]
        for dryRun in [true, false] {
            let prune = try CommandRunner.run(["prune", "--out", scratch.url.path, "--older-than", "30m", "--json"] + (dryRun ? ["--dry-run"] : []))
            #expect(prune.status == 0, "\(prune)")
            let lines = prune.stdoutLines.map(BatchCommandTests.json)
            #expect(lines.count == expected.count, "\(prune)")
            for (line, file) in zip(lines, expected) {
                #expect(Set(line.keys) == ["age", "bytes", "file", "removed"])
                #expect(line["file"] as? String == sounds.appendingPathComponent(file.name).path)
                #expect(line["bytes"] as? Int == file.bytes)
                #expect(line["removed"] as? Bool == !dryRun)
                let age = try #require(line["age"] as? Double)
                #expect(age >= file.age && age <= file.age + 5, "\(line)")
            }
            let verb = dryRun ? "would remove" : "removed"
            #expect(prune.stderrLines == ["prune: \(verb) 3 file(s), 19 bytes, from \(sounds.path)"])
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: sounds.path).sorted()
        #expect(left == [".announce-1-1.tmp", "announce-10.caf", "announce-30-0000000c.aiff", "announce-40-0000000d.caf",
                         "announce-50-0000000e.caf", "announce-60-0000000f.caf", "doorbell.caf"])
        #expect(try Data(contentsOf: decoy) == Data("decoy".utf8))
    }
}
