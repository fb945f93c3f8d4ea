@testable import AnnounceExtensionLogic
import AnnounceWire
import AnnounceTestSupport
import Foundation
import Testing

/// The fallback sound goes where iOS looks for it from the extension: the
/// App Group's `Library/Sounds`, copied from the bundle, atomically, under a
/// name made from its content, and never deleted by cleanup.
@Suite struct FallbackSoundTests {
    let scratch: ScratchFolder
    let folder: AppGroupSounds
    let base = "payment-fallback.wav"
    /// The committed fallback's content name (32-bit FNV-1a of its bytes).
    let name = "payment-fallback-3fca2219.wav"
    static let bundled = RepositoryPaths.file("docs/ios/payment-fallback.wav")

    init() throws {
        scratch = try ScratchFolder("fallback")
        folder = AppGroupSounds(directory: scratch.url("Group/Library/Sounds"))
        try folder.create()
    }

    @Test func theBundledSoundIsCopiedOnceThenLeftAlone() throws {
        #expect(try FallbackSound.install(bundled: Self.bundled, named: base, in: folder) == .init(name: name, installation: .installed))
        #expect(try Data(contentsOf: folder.url(of: name)) == Data(contentsOf: Self.bundled))
        let inode = try FileManager.default.attributesOfItem(atPath: folder.url(of: name).path)[.systemFileNumber] as? Int
        #expect(try FallbackSound.install(bundled: Self.bundled, named: base, in: folder) == .init(name: name, installation: .present))
        #expect(try FileManager.default.attributesOfItem(atPath: folder.url(of: name).path)[.systemFileNumber] as? Int == inode)
        #expect(try scratch.contents().count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path) == [name])
    }

    @Test func aDamagedCopyUnderTheNameIsReplaced() throws {
        try Data("RIFF\0\0\0\0WAVEold".utf8).write(to: folder.url(of: name))
        #expect(try FallbackSound.install(bundled: Self.bundled, named: base, in: folder) == .init(name: name, installation: .installed))
        #expect(try Data(contentsOf: folder.url(of: name)) == Data(contentsOf: Self.bundled))
    }

    @Test func theNameIsMadeFromTheContent() throws {
        let bytes = try Data(contentsOf: Self.bundled)
        #expect(FallbackSound.contentName(of: bytes, base: base) == name)
        #expect(FallbackSound.installedName(of: Self.bundled, base: base) == name)
        var changed = bytes
        changed[changed.count - 1] ^= 1
        let other = try #require(FallbackSound.contentName(of: changed, base: base))
        #expect(other != name && FallbackSound.isContentName(other, of: base))
        #expect(FallbackSound.contentName(of: bytes, base: "sounds/x.wav") == nil)
        #expect(FallbackSound.digest(Data()) == "811c9dc5")
        #expect(!FallbackSound.isContentName("payment-fallback.wav", of: base))
        #expect(!FallbackSound.isContentName("payment-fallback-25C446A8.wav", of: base))
        #expect(!FallbackSound.isContentName("payment-fallback-25c446a.wav", of: base))
    }

    @Test func aNewSoundGetsANewNameAndTheOldCopyGoesOnceItIsTenMinutesOld() throws {
        // The copy an earlier app version installed, under its own content name.
        let earlier = "payment-fallback-0badf00d.wav"
        let now = Date()
        try Data(contentsOf: Self.bundled).dropLast(2).write(to: folder.url(of: earlier))
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-300)], ofItemAtPath: folder.url(of: earlier).path)
        // Installed beside it: iOS never hears new bytes under a name it has cached.
        #expect(try FallbackSound.install(bundled: Self.bundled, named: base, in: folder, now: now).name == name)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path)) == [name, earlier])
        // 11 minutes later nothing names it any more: it goes; a plain sound of another name stays.
        try Data("RIFF\0\0\0\0WAVEpay".utf8).write(to: folder.url(of: "pay.wav"))
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-3600)], ofItemAtPath: folder.url(of: "pay.wav").path)
        #expect(try FallbackSound.install(bundled: Self.bundled, named: base, in: folder, now: now.addingTimeInterval(360)).installation == .present)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path)) == [name, "pay.wav"])
    }

    @Test func aLinkUnderTheNameIsReplacedAndItsTargetLeftAlone() throws {
        let target = scratch.url("elsewhere.wav")
        try Data("keep".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: folder.url(of: name), withDestinationURL: target)
        #expect(try FallbackSound.install(bundled: Self.bundled, named: base, in: folder) == .init(name: name, installation: .installed))
        #expect(folder.hasFile(named: name))
        #expect(try Data(contentsOf: target) == Data("keep".utf8))
    }

    @Test func aFolderUnderTheNameIsRefusedAndLeftAlone() throws {
        try FileManager.default.createDirectory(at: folder.url(of: name), withIntermediateDirectories: false)
        #expect(throws: (any Error).self) { try FallbackSound.install(bundled: Self.bundled, named: base, in: folder) }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.url(of: name).path, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path) == [name])
    }

    @Test func aMissingOrWrongBundledSoundInstallsNothing() throws {
        #expect(throws: FallbackSound.Failure.noBundledSound) {
            try FallbackSound.install(bundled: scratch.url("missing.wav"), named: base, in: folder)
        }
        let page = scratch.url("page.wav")
        try Data("<html></html>".utf8).write(to: page)
        #expect(throws: FallbackSound.Failure.notSound) { try FallbackSound.install(bundled: page, named: base, in: folder) }
        let huge = scratch.url("huge.wav")
        try Data(repeating: 0, count: DownloadCheck.maximumBytes + 1).write(to: huge)
        #expect(throws: FallbackSound.Failure.noBundledSound) { try FallbackSound.install(bundled: huge, named: base, in: folder) }
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
        _ = try FallbackSound.install(bundled: Self.bundled, named: base, in: folder)
        let old = Date().addingTimeInterval(-30 * 24 * 3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.url(of: name).path)
        for number in 1...3 {
            let sound = folder.url(of: "announce-\(number)-0000000a.wav")
            try Data(contentsOf: Self.bundled).write(to: sound)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: sound.path)
        }
        var policy = SoundFolderRule.phone
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
        let folder = AppGroupSounds(directory: mount.url.appendingPathComponent("Library/Sounds"))
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
        let folder = AppGroupSounds(directory: mount.url.appendingPathComponent("Library/Sounds"))
        try folder.create()
        try Data("RIFF\0\0\0\0WAVEold".utf8).write(to: folder.url(of: "payment-fallback-3fca2219.wav"))
        try mount.remountReadOnly()
        #expect(throws: (any Error).self) { try FallbackSound.install(bundled: Self.bundled, named: "payment-fallback.wav", in: folder) }
        #expect(try Data(contentsOf: folder.url(of: "payment-fallback-3fca2219.wav")) == Data("RIFF\0\0\0\0WAVEold".utf8))
        #expect(throws: (any Error).self) {
            try folder.install(as: "announce-1-0000000a.wav", placing: { try Data(contentsOf: Self.bundled).write(to: $0) })
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path) == ["payment-fallback-3fca2219.wav"])
    }
}
