import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// What the command line checks before it calls the library, the library
/// checks itself: a backend linking it gets the same guarantees.
@Suite struct LibraryGuardTests {
    @Test("a name that is a path is refused and nothing is written outside the folder")
    func namesAreFileNames() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let folder = SoundsFolder(root: scratch.url("container").path)
        try folder.create()
        let announcement = try SoundsFolderTests.announcer().render(try Amount(parsing: "5"))
        for name in ["../../escaped.caf", "/tmp/escaped.caf", "a/b.caf", "announce-5-0123abcd.caf", "x.wav"] {
            #expect(throws: AudioError.self, "\(name)") { try folder.write(announcement, name: name) }
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.url("escaped.caf").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a symbolic link at Library is refused before any folder is made at its target")
    func linkedLibrary() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let elsewhere = scratch.url("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let root = scratch.url("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Library"), withDestinationURL: elsewhere)
        #expect(throws: AudioError.self) { try SoundsFolder(root: root.path).create() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test("items and options built in code get the push checks a parsed line gets")
    func codeBuiltItems() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let folder = SoundsFolder(root: scratch.url.path)
        try folder.create()
        let announcer = try SoundsFolderTests.announcer()
        let pipeline = BatchPipeline(announcer: announcer, folder: folder)
        let amount = try Amount(parsing: "1")
        let cases: [(BatchItem, String)] = [
            (BatchItem(amount: amount, id: String(repeating: "支", count: 2000)), "longer than"),
            (BatchItem(amount: amount, id: "a\nb"), "control character"),
            (BatchItem(amount: amount, at: -5), "'at'"),
        ]
        for (item, problem) in cases {
            let result = pipeline.process(item)
            #expect(result.failure == .rejectedInput)
            #expect(result.error?.contains(problem) == true, "\(result.error ?? "none")")
        }
        let insecure = BatchPipeline(announcer: announcer, folder: folder, options: .init(soundURLBase: "http://evil.example.com"))
        let refused = insecure.process(BatchItem(amount: amount))
        #expect(refused.failure == .usage && refused.error?.contains("https://") == true)
        let fine = pipeline.process(BatchItem(amount: amount, id: "order-9", at: 1_800_000_000))
        #expect(fine.failure == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    }
}
