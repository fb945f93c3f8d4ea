import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// The library alone, as a backend or an app links it: render, reuse, prune, batch.
@Suite struct SoundsFolderTests {
    static func announcer(_ options: Announcer.Options = .init()) throws -> Announcer {
        try Announcer(voice: try Voice(at: AnnouncerTests.voice), options: options)
    }

    @Test("render, reuse the same file, replace a cut or foreign one, prune, batch: with no CLI")
    func libraryRoundTrip() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let folder = SoundsFolder(root: root.path)
        #expect(folder.path == root.path + "/Library/Sounds")
        try folder.create()
        let announcer = try Self.announcer()
        let announcement = try announcer.render(try Amount(parsing: "123.45"))
        let first = try folder.write(announcement, reuse: true)
        #expect(!first.reused && first.name == announcement.soundName)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first.path))
        #expect(bytes.count == first.bytes)
        #expect(try folder.write(announcement, reuse: true).reused)

        // Cut short: never reused, written whole again.
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: first.path))
        let repaired = try folder.write(announcement, reuse: true)
        #expect(!repaired.reused)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first.path)) == bytes)

        // Another amount's sound under this name: replaced, not served.
        let other = try announcer.render(try Amount(parsing: "2"))
        _ = try folder.write(other, name: "pay.caf")
        let named = try folder.write(announcement, name: "pay.caf", reuse: true)
        #expect(!named.reused)
        #expect(try Data(contentsOf: URL(fileURLWithPath: named.path)) == bytes)

        // A link at the final name is replaced by a file, never followed.
        let outside = root.appendingPathComponent("outside.caf")
        try bytes.write(to: outside)
        try FileManager.default.removeItem(atPath: first.path)
        try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: outside.path)
        #expect(try !folder.write(announcement, reuse: true).reused)
        #expect(try FileManager.default.attributesOfItem(atPath: first.path)[.type] as? FileAttributeType == .typeRegular)
        #expect(try Data(contentsOf: outside) == bytes)

        // Prune: only announce's own names, by age.
        let old = Date(timeIntervalSince1970: 1_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: first.path)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: named.path)
        let stale = folder.path(of: ".announce-1-1.tmp")
        try Data().write(to: URL(fileURLWithPath: stale))
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: stale)
        let dry = try folder.prune(olderThan: 3600, dryRun: true)
        #expect(dry.map(\.path) == [stale, first.path] && dry.allSatisfy { !$0.removed })
        let pruned = try folder.prune(olderThan: 3600)
        #expect(pruned.map(\.path) == [stale, first.path] && pruned.allSatisfy(\.removed))
        #expect(FileManager.default.fileExists(atPath: named.path))
        #expect(!FileManager.default.fileExists(atPath: first.path))
        #expect(FileManager.default.fileExists(atPath: outside.path))

        // A small batch, in order, the second run reusing every file.
        let items = root.appendingPathComponent("items.txt")
        try "1\n\n{\"amount\": \"2.5\", \"id\": 7}\n-3\n".write(to: items, atomically: true, encoding: .utf8)
        let pipeline = BatchPipeline(announcer: announcer, folder: folder, options: .init(jobs: 2))
        let results = LockedResults()
        let summary = pipeline.run(lines: try LineReader(path: items.path), emit: { results.append($0) })
        #expect(summary.items == 3 && summary.failures == 1 && summary.worst == .rejectedInput && summary.stoppedBy == nil)
        #expect(results.all.map(\.report.line) == [1, 3, 4])
        #expect(results.all.map(\.report.cached) == [false, false, nil])
        #expect(results.all[1].report.id == .number("7"))
        let again = LockedResults()
        _ = BatchPipeline(announcer: announcer, folder: folder, options: .init(jobs: 1))
            .run(lines: try LineReader(path: items.path), emit: { again.append($0) })
        #expect(again.all.map(\.report.cached) == [true, true, nil])
    }

    @Test("prune acts only inside the real folder: a link at Library or Library/Sounds is refused")
    func pruneRefusesLinks() throws {
        for linked in ["Library", "Library/Sounds"] {
            let scratch = try ScratchFolder()
            defer { scratch.remove() }
            let root = scratch.url
            let elsewhere = root.appendingPathComponent("elsewhere/Sounds")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            let victim = elsewhere.appendingPathComponent("announce-1-0123abcd.caf")
            try Data("x".utf8).write(to: victim)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: victim.path)
            let container = root.appendingPathComponent("container")
            if linked == "Library" {
                try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    at: container.appendingPathComponent("Library"), withDestinationURL: elsewhere.deletingLastPathComponent())
            } else {
                try FileManager.default.createDirectory(
                    at: container.appendingPathComponent("Library"), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    at: container.appendingPathComponent("Library/Sounds"), withDestinationURL: elsewhere)
            }
            #expect(throws: AudioError.self) { try SoundsFolder(root: container.path).prune(olderThan: 1) }
            #expect(FileManager.default.fileExists(atPath: victim.path))
        }
    }

    @Test("user names of announce's own pattern are refused", arguments: [
        "announce-1-0123abcd.caf", "announce-123.45-ffffffff.caf", "ANNOUNCE-1-0123ABCD.CAF",
    ])
    func ownPatternRefused(name: String) {
        #expect(throws: SoundName.Invalid.self) { try SoundName.validate(name, format: .default) }
    }

    @Test("names are made and recognised from one definition", arguments: [
        ("announce-1-0123abcd.caf", SoundName.Kind.sound), ("announce-123.45-0123abcd.aiff", .sound),
        (".announce-42-7.tmp", .temporary), ("announce-1.5-0123abcd.caf", nil), ("announce-1-0123abcd.mp3", nil),
        ("announce-1-0123ABCD.caf", nil), ("announce--0123abcd.caf", nil), ("pay.caf", nil), (".announce-42-.tmp", nil),
    ])
    func recognised(name: String, kind: SoundName.Kind?) {
        #expect(SoundName.kind(of: name) == kind)
    }

    @Test("every made name is recognised")
    func madeNamesRecognised() throws {
        let announcer = try Self.announcer()
        for text in ["0", "0.01", "1", "123.45", "99999999.99", "999999999999.99"] {
            #expect(SoundName.kind(of: try announcer.soundName(for: try Amount(parsing: text))) == .sound)
        }
        #expect(SoundName.kind(of: SoundName.temporaryName(process: 4242, number: 9)) == .temporary)
    }

    @Test("a speed-up is never reported as 1")
    func speedNeverRoundsToOne() throws {
        let announcer = try Self.announcer(.init(prefix: try Prefix("alipay"), reading: ReadingOptions(style: .currency)))
        let announcement = try announcer.render(try Amount(parsing: "55555555.55"))
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let sound = try announcement.write(toRoot: root.path)
        let report = AnnouncementReport(input: "55555555.55", announcement: announcement, sound: sound)
        if announcement.speed > 1 { #expect(report.speed! > 1) } else { #expect(report.speed == 1) }
        // The rounding itself, on factors just above 1.
        for factor in [1.0001, 1.0003, 1.0009, 1.2345] {
            let fake = AnnouncementReport.rounded(speed: factor)
            #expect(fake > 1 && fake >= factor && fake - factor < 0.001)
        }
    }

    @Test("concurrent failing opens each report their own reason")
    func openErrorsDoNotMix() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let garbage = root.appendingPathComponent("garbage.wav")
        try Data("RIFF\u{0}\u{0}garbage, not a wave file at all".utf8).write(to: garbage)
        let missing = root.appendingPathComponent("missing.wav").path
        let mixed = LockedResults()
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            let path = index % 2 == 0 ? garbage.path : missing
            do {
                _ = try SoundFile.info(path: path)
            } catch let error as AudioError {
                let ownReason = index % 2 == 0 ? !error.message.contains("No such file") : error.message.contains("No such file")
                if !ownReason || error.message.hasSuffix("No Error.") { mixed.note(error.message) }
            } catch {
                mixed.note("\(error)")
            }
        }
        #expect(mixed.notes.isEmpty)
    }
}

/// Results collected from several threads.
final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [BatchPipeline.Result] = []
    private var messages: [String] = []

    func append(_ result: BatchPipeline.Result) { lock.withLock { results.append(result) } }
    func note(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [BatchPipeline.Result] { lock.withLock { results } }
    var notes: [String] { lock.withLock { messages } }
}
