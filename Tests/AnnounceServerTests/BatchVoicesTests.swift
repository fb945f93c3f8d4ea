import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// A batch item may name its voice: each voice is loaded once per batch,
/// however many items and threads name it, and says its items in its own
/// language.
@Suite struct BatchVoicesTests {
    @Test("each named voice is loaded once, and its items are its own")
    func eachVoiceLoadedOnce() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let folder = SoundsFolder(root: scratch.url.path)
        try folder.create()
        let loads = LockedState<[String: Int]>([:])
        let cantonese = RepositoryPaths.file("Clips/cantonese").path
        let pipeline = BatchPipeline(
            announcer: try SoundsFolderTests.announcer(), folder: folder, options: .init(jobs: 4, at: 1_767_225_600),
            voices: { name in
                loads.withLock { $0[name, default: 0] += 1 }
                guard name == "yue" else { throw VoiceError(.notFound, "no voice '\(name)'") }
                return try Voice(at: cantonese)
            })
        let results = (0..<40).map { index in
            pipeline.process(Array(#"{"amount": "2", "voice": "\#(index % 2 == 0 ? "YUE" : "yue")"}"#.utf8), line: index + 1)
        }
        #expect(loads.withLock { $0 } == ["yue": 1])
        let said = Set(results.compactMap(\.pushPayload).map { $0.contains("到账两元") })
        #expect(said == [true])
        let own = pipeline.process(Array(#"{"amount": "2"}"#.utf8), line: 41)
        #expect(own.pushPayload?.contains("到账二元") == true)
        let unknown = pipeline.process(Array(#"{"amount": "2", "voice": "klingon"}"#.utf8), line: 42)
        #expect(unknown.failure == .rejectedInput && unknown.report.code == .unknownVoice && unknown.report.error == "no voice 'klingon'")
    }
}
