@testable import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// What an atomic write refuses, in the words it says it, and what it leaves.
@Suite struct AtomicFileTests {
    static func write(_ path: String) -> String? {
        let written = [UInt8]("sound".utf8).withUnsafeBytes { bytes in
            Result { () throws(AudioError) in try AtomicFile.write(bytes, to: path, durable: true) }
        }
        guard case .failure(let error) = written else { return nil }
        return error.description
    }

    @Test("a path that names no file, a folder or a FIFO at the name: one line each, nothing written or left")
    func refusals() throws {
        let scratch = try ScratchFolder("atomic-refusals")
        let folder = scratch.url.path
        try FileManager.default.createDirectory(atPath: folder + "/taken.caf", withIntermediateDirectories: false)
        #expect(mkfifo(folder + "/pipe.caf", 0o644) == 0)
        #expect(Self.write(folder + "/") == "cannot write \(folder)/: the path names no file")
        #expect(Self.write(folder + "/..") == "cannot write \(folder)/..: the path names no file")
        #expect(Self.write(folder + "/taken.caf") == "cannot write \(folder)/taken.caf: it is a folder")
        #expect(Self.write(folder + "/pipe.caf") == "cannot write \(folder)/pipe.caf: it exists and is not a regular file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["pipe.caf", "taken.caf"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/taken.caf").isEmpty)
    }

    @Test("a missing folder's error names the path and the system's reason, and a durable write lands whole")
    func missingFolderAndDurable() throws {
        let scratch = try ScratchFolder("atomic-write")
        let folder = scratch.url.path
        #expect(Self.write(folder + "/none/a.caf") == "cannot write \(folder)/none/a.caf: No such file or directory")
        #expect(Self.write(folder + "/a.caf") == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/a.caf")) == Data("sound".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.caf"])
    }
}
