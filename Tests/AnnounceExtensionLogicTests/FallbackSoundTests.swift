@testable import AnnounceExtensionLogic
import AnnounceTestSupport
import Foundation
import Testing

/// The fallback sound goes where iOS looks for it from the extension: the
/// App Group's `Library/Sounds`, copied from the bundle, atomically, and
/// never deleted by cleanup.
@Suite struct FallbackSoundTests {
    let scratch: ScratchFolder
    let folder: SoundFolder
    let name = "payment-fallback.wav"
    static let bundled = RepositoryPaths.file("docs/ios/payment-fallback.wav")

    init() throws {
        scratch = try ScratchFolder("fallback")
        folder = SoundFolder(directory: scratch.url("Group/Library/Sounds"))
        try folder.create()
    }

    @Test func theBundledSoundIsCopiedOnceThenLeftAlone() throws {
        #expect(try FallbackSound.install(bundled: Self.bundled, named: name, in: folder) == .installed)
        #expect(try Data(contentsOf: folder.url(of: name)) == Data(contentsOf: Self.bundled))
        let inode = try FileManager.default.attributesOfItem(atPath: folder.url(of: name).path)[.systemFileNumber] as? Int
        #expect(try FallbackSound.install(bundled: Self.bundled, named: name, in: folder) == .present)
        #expect(try FileManager.default.attributesOfItem(atPath: folder.url(of: name).path)[.systemFileNumber] as? Int == inode)
        #expect(try scratch.contents().count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path) == [name])
    }

    @Test func aDifferentSoundUnderTheNameIsReplaced() throws {
        // An older app version's fallback, or a damaged copy.
        try Data("RIFF\0\0\0\0WAVEold".utf8).write(to: folder.url(of: name))
        #expect(try FallbackSound.install(bundled: Self.bundled, named: name, in: folder) == .installed)
        #expect(try Data(contentsOf: folder.url(of: name)) == Data(contentsOf: Self.bundled))
    }

    @Test func aLinkUnderTheNameIsReplacedAndItsTargetLeftAlone() throws {
        let target = scratch.url("elsewhere.wav")
        try Data("keep".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: folder.url(of: name), withDestinationURL: target)
        #expect(try FallbackSound.install(bundled: Self.bundled, named: name, in: folder) == .installed)
        #expect(folder.hasFile(named: name))
        #expect(try Data(contentsOf: target) == Data("keep".utf8))
    }

    @Test func aFolderUnderTheNameIsRefusedAndLeftAlone() throws {
        try FileManager.default.createDirectory(at: folder.url(of: name), withIntermediateDirectories: false)
        #expect(throws: (any Error).self) { try FallbackSound.install(bundled: Self.bundled, named: name, in: folder) }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.url(of: name).path, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path) == [name])
    }

    @Test func aMissingOrWrongBundledSoundInstallsNothing() throws {
        #expect(throws: FallbackSound.Failure.noBundledSound) {
            try FallbackSound.install(bundled: scratch.url("missing.wav"), named: name, in: folder)
        }
        let page = scratch.url("page.wav")
        try Data("<html></html>".utf8).write(to: page)
        #expect(throws: FallbackSound.Failure.notSound) { try FallbackSound.install(bundled: page, named: name, in: folder) }
        let huge = scratch.url("huge.wav")
        try Data(repeating: 0, count: DownloadCheck.maximumBytes + 1).write(to: huge)
        #expect(throws: FallbackSound.Failure.noBundledSound) { try FallbackSound.install(bundled: huge, named: name, in: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path).isEmpty)
    }

    @Test(arguments: ["announce-1-0000000a.wav", "../payment-fallback.wav", "sounds/fallback.wav", ".hidden.wav", "fallback.mp3", ""])
    func onlyAPlainNameIsInstalled(refused: String) throws {
        // announce's own names are deleted by cleanup; anything else is no
        // file iOS can play from Library/Sounds.
        #expect(throws: FallbackSound.Failure.refusedName) { try FallbackSound.install(bundled: Self.bundled, named: refused, in: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path).isEmpty)
    }

    @Test func cleanupNeverDeletesTheFallback() throws {
        _ = try FallbackSound.install(bundled: Self.bundled, named: name, in: folder)
        let old = Date().addingTimeInterval(-30 * 24 * 3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.url(of: name).path)
        for number in 1...3 {
            let sound = folder.url(of: "announce-\(number)-0000000a.wav")
            try Data(contentsOf: Self.bundled).write(to: sound)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: sound.path)
        }
        var policy = SoundFolderPolicy()
        policy.maximumCount = 0
        policy.maximumBytes = 0
        #expect(Set(folder.prune(policy)) == ["announce-1-0000000a.wav", "announce-2-0000000a.wav", "announce-3-0000000a.wav"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path) == [name])
    }
}

/// Installing into a tiny file system: a full container, a read-only one.
@Suite(.serialized, .enabled(if: ScratchMount.isAvailable, "needs root and mount(8) for a tmpfs"))
struct SoundInstallFullContainerTests {
    static let bundled = FallbackSoundTests.bundled

    @Test func aFullContainerInstallsNothingAndLeavesNoPart() throws {
        let mount = try ScratchMount(kilobytes: 16)
        defer { mount.unmount() }
        let folder = SoundFolder(directory: mount.url.appendingPathComponent("Library/Sounds"))
        try folder.create()
        // The fallback is 33 kB: it cannot fit.
        #expect(throws: (any Error).self) { try FallbackSound.install(bundled: Self.bundled, named: "payment-fallback.wav", in: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path).isEmpty)
        // A download into a full container: refused, no temporary file, no final name.
        let download = try ScratchFolder("download")
        let sound = download.url("sound.wav")
        try Data(contentsOf: Self.bundled).write(to: sound)
        #expect(throws: (any Error).self) {
            try folder.install(as: "announce-1-0000000a.wav", placing: { try FileManager.default.moveItem(at: sound, to: $0) })
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path).isEmpty)
    }

    @Test func aReadOnlyContainerInstallsNothingAndKeepsWhatIsThere() throws {
        let mount = try ScratchMount(kilobytes: 256)
        defer { mount.unmount() }
        let folder = SoundFolder(directory: mount.url.appendingPathComponent("Library/Sounds"))
        try folder.create()
        try Data("RIFF\0\0\0\0WAVEold".utf8).write(to: folder.url(of: "payment-fallback.wav"))
        try mount.remountReadOnly()
        #expect(throws: (any Error).self) { try FallbackSound.install(bundled: Self.bundled, named: "payment-fallback.wav", in: folder) }
        #expect(try Data(contentsOf: folder.url(of: "payment-fallback.wav")) == Data("RIFF\0\0\0\0WAVEold".utf8))
        #expect(throws: (any Error).self) {
            try folder.install(as: "announce-1-0000000a.wav", placing: { try Data(contentsOf: Self.bundled).write(to: $0) })
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path) == ["payment-fallback.wav"])
    }
}
