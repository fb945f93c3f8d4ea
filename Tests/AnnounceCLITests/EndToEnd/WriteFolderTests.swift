import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// Writing stays inside the real folder, as prune does.
@Suite struct WriteFolderTests {
    @Test("render and batch refuse a symbolic link at Library or Library/Sounds: exit 73, nothing written there")
    func refuseLinkedFolders() throws {
        for linked in ["Library", "Library/Sounds"] {
            let scratch = try ScratchFolder()
            defer { scratch.remove() }
            let root = scratch.url
            let elsewhere = root.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("Sounds"), withIntermediateDirectories: true)
            let container = root.appendingPathComponent("container")
            try FileManager.default.createDirectory(at: container.appendingPathComponent("Library"), withIntermediateDirectories: true)
            if linked == "Library" {
                try FileManager.default.removeItem(at: container.appendingPathComponent("Library"))
                try FileManager.default.createSymbolicLink(at: container.appendingPathComponent("Library"), withDestinationURL: elsewhere)
            } else {
                try FileManager.default.createSymbolicLink(
                    at: container.appendingPathComponent("Library/Sounds"), withDestinationURL: elsewhere.appendingPathComponent("Sounds"))
            }
            let render = try CommandRunner.run(["render", "--out", container.path, "5"])
            let batch = try CommandRunner.run(["batch", "--out", container.path], stdin: "5\n")
            #expect(render.status == 73 && batch.status == 73, "\(linked)")
            #expect(render.stderr.contains("is a symbolic link"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.appendingPathComponent("Sounds").path).isEmpty)
        }
    }
}
