@testable import AnnounceExtensionLogic
import AnnounceWire
import Foundation
import Testing

@Suite struct SoundFolderRuleTests {
    func entry(_ name: String, age: TimeInterval, bytes: Int = 100_000, regular: Bool = true) -> SoundFolderRule.Entry {
        .init(name: name, isRegularFile: regular, bytes: bytes, age: age)
    }

    func sound(_ number: Int, age: TimeInterval, bytes: Int = 100_000) -> SoundFolderRule.Entry {
        entry("announce-\(number)-0000000a.caf", age: age, bytes: bytes)
    }

    @Test func onlyAnnounceFilesPastTheLifetimeGo() {
        let rule = SoundFolderRule.phone
        let old = 13 * 3600.0
        let entries = [
            sound(1, age: old), sound(2, age: 3600),
            entry("payment-fallback.wav", age: old), entry("pay.caf", age: old),
            entry("announce-3-0000000a.caf", age: old, regular: false),
            entry(".announce-1-2.tmp", age: old), entry(".announce-1-3.tmp", age: 1800),
        ]
        #expect(rule.removals(from: entries) == [".announce-1-2.tmp", "announce-1-0000000a.caf"])
    }

    @Test func aTemporaryFileStaysAnHourWhateverTheLifetime() {
        var rule = SoundFolderRule.phone
        rule.lifetime = 60
        let entries = [entry(".announce-1-2.tmp", age: 3599), entry(".announce-1-3.tmp", age: 3601), sound(1, age: 61)]
        #expect(rule.removals(from: entries) == [".announce-1-3.tmp", "announce-1-0000000a.caf"])
    }

    @Test func theCountBoundRemovesTheLeastRecentlyUsed() {
        var rule = SoundFolderRule.phone
        rule.maximumCount = 3
        let entries = (1...6).map { sound($0, age: TimeInterval(700 + $0 * 100)) }
        // 6 kept by age, 3 allowed: the three oldest (6, 5, 4) go.
        #expect(rule.removals(from: entries.shuffled())
            == ["announce-6-0000000a.caf", "announce-5-0000000a.caf", "announce-4-0000000a.caf"])
    }

    @Test func theSizeBoundCountsBytes() {
        var rule = SoundFolderRule.phone
        rule.maximumBytes = 250_000
        let entries = [sound(1, age: 3000, bytes: 200_000), sound(2, age: 2000), sound(3, age: 1000)]
        #expect(rule.removals(from: entries) == ["announce-1-0000000a.caf"])
    }

    @Test func youngFilesAndTheOneBeingDeliveredAreNeverRemovedForTheBounds() {
        var rule = SoundFolderRule.phone
        rule.maximumCount = 1
        let entries = [sound(1, age: 5000), sound(2, age: 4000), sound(3, age: 599), sound(4, age: 10)]
        #expect(rule.removals(from: entries, keeping: ["announce-1-0000000a.caf"]) == ["announce-2-0000000a.caf"])
    }

    @Test func aFolderOfManyPaymentsStaysWithinTheBounds() {
        let rule = SoundFolderRule.phone
        // A payment every 5 minutes for 10 hours, none reused, the app never opened.
        let entries = (0..<120).map { sound($0, age: TimeInterval($0 * 300), bytes: 400_000) }
        let removed = Set(rule.removals(from: entries))
        let kept = entries.filter { !removed.contains($0.name) }
        #expect(kept.count <= rule.maximumCount ?? 0)
        #expect(kept.reduce(0) { $0 + $1.bytes } <= rule.maximumBytes ?? 0)
        #expect(kept.map(\.name).contains("announce-0-0000000a.caf"))
    }
}

@Suite struct AppGroupSoundsTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("sounds-" + UUID().uuidString)

    @Test func pruneDeletesOnlyWhatThePolicySelectsAndTouchRenewsAFile() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = AppGroupSounds(directory: root.appendingPathComponent("Library/Sounds"))
        try folder.create()
        let now = Date()
        let names = ["announce-1-0000000a.caf", "announce-2-0000000a.caf", "pay.caf", "announce-3-0000000a.caf"]
        for name in names {
            try Data(repeating: 1, count: 10).write(to: folder.url(of: name))
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-13 * 3600)], ofItemAtPath: folder.url(of: name).path)
        }
        try FileManager.default.createDirectory(at: folder.url(of: "announce-4-0000000a.caf"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.url(of: "announce-5-0000000a.caf"), withDestinationURL: folder.url(of: "pay.caf"))
        folder.touch("announce-2-0000000a.caf")
        let removed = folder.prune(.phone, keeping: ["announce-3-0000000a.caf"])
        #expect(removed == ["announce-1-0000000a.caf"])
        #expect(!folder.hasFile(named: "announce-1-0000000a.caf"))
        #expect(folder.hasFile(named: "announce-2-0000000a.caf"))
        #expect(folder.hasFile(named: "announce-3-0000000a.caf"))
        #expect(folder.hasFile(named: "pay.caf"))
        #expect(!folder.hasFile(named: "announce-4-0000000a.caf"))
        #expect(!folder.hasFile(named: "announce-5-0000000a.caf"))
        #expect(FileManager.default.fileExists(atPath: folder.url(of: "announce-5-0000000a.caf").path))
    }

    @Test func installReplacesAFileALinkOrAFIFOAndRefusesAFolderLeavingNoTemporaryFile() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = AppGroupSounds(directory: root.appendingPathComponent("Library/Sounds"))
        try folder.create()
        let decoy = root.appendingPathComponent("decoy.caf")
        try Data("decoy".utf8).write(to: decoy)
        try Data("old".utf8).write(to: folder.url(of: "announce-1-0000000a.caf"))
        try FileManager.default.createSymbolicLink(at: folder.url(of: "announce-2-0000000a.caf"), withDestinationURL: decoy)
        #expect(mkfifo(folder.url(of: "announce-3-0000000a.caf").path, 0o644) == 0)
        for number in 1...3 {
            try folder.install(as: "announce-\(number)-0000000a.caf", placing: { try Data("new".utf8).write(to: $0) })
            #expect(folder.hasFile(named: "announce-\(number)-0000000a.caf"))
            #expect(try Data(contentsOf: folder.url(of: "announce-\(number)-0000000a.caf")) == Data("new".utf8))
        }
        #expect(try Data(contentsOf: decoy) == Data("decoy".utf8))
        try FileManager.default.createDirectory(at: folder.url(of: "announce-4-0000000a.caf"), withIntermediateDirectories: false)
        #expect(throws: AppGroupSounds.InstallFailure.self) {
            try folder.install(as: "announce-4-0000000a.caf", placing: { try Data("new".utf8).write(to: $0) })
        }
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try folder.install(as: "announce-5-0000000a.caf", placing: { try Data("new".utf8).write(to: $0) }, check: { _ in throw Refused() })
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path).sorted()
            == (1...4).map { "announce-\($0)-0000000a.caf" })
    }
}
