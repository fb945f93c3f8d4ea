@testable import AnnounceExtensionLogic
import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// The extension's first route: the bundled device voice pack says the push's
/// message into the App Group's Library/Sounds, the server's file where the
/// samples are the server's; anything it cannot say goes on to the server's
/// file and the fallback, never to another amount.
@Suite struct PackRenderingTests {
    /// The bundled voice, as the server renders it and as its pack does.
    static let announcer = try! Announcer(voice: try! Voice(at: RepositoryPaths.bundledVoice.path))
    static let packFile: URL = {
        let folder = try! ScratchFolder("pack")
        let url = folder.url("default.announcepack")
        let pack = try! PackExport(announcer: announcer, manifestPath: RepositoryPaths.bundledVoice.appendingPathComponent("voice.json").path).make()
        try! Data(pack.encoded()).write(to: url)
        // The folder lives as long as the tests: the pack is mapped.
        _ = Unmanaged.passRetained(folder)
        return url
    }()
    static let rendering: PackRendering = try! PackRendering.load(packFile).get()

    /// The push for `message`, as iOS hands it to the extension.
    static func push(_ message: Message) throws -> PushFields {
        let payload = PushPayload(body: message.text, sound: "announce-1-00000000.caf").payload(url: nil, message: PushMessage(message))
        return PushFields(userInfo: try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any]))
    }

    static func folder(_ scratch: ScratchFolder) throws -> AppGroupSounds {
        let folder = AppGroupSounds(directory: scratch.url("Group/Library/Sounds"))
        try folder.create()
        return folder
    }

    /// A folder in `scratch` with `amount`'s announcement rendered into it once, and the sound's name.
    static func announcedOnce(_ amount: String, in scratch: ScratchFolder) throws -> (folder: AppGroupSounds, message: Message, name: String) {
        let folder = try Self.folder(scratch)
        let message = try Message(amount: try Amount(parsing: amount))
        let outcome = Self.rendering.announce(try Self.push(message), in: folder)
        var name: String?
        if case .announced(let announced) = outcome { name = announced }
        return (folder, message, try #require(name, "not announced: \(outcome)"))
    }

    static func files(_ folder: AppGroupSounds) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.directory.path).sorted()
    }

    @Test("the phone's file is the server's file: same name, same bytes", arguments: ["0.01", "123.45", "20000", "99999999.99"])
    func serversFile(amount: String) throws {
        let scratch = try ScratchFolder("pack-route")
        let folder = try Self.folder(scratch)
        let server = try Self.announcer.with(Announcer.Options(prefix: try Prefix("alipay")))
        let message = try server.message(amount: try Amount(parsing: amount), count: nil)
        let outcome = Self.rendering.announce(try Self.push(message), in: folder)
        try FileManager.default.createDirectory(at: scratch.url("server"), withIntermediateDirectories: true)
        let written = try server.render(try server.plan(message)).write(toDirectory: scratch.url("server").path)
        #expect(outcome == .announced(written.name))
        #expect(try Data(contentsOf: folder.url(of: written.name)) == Data(contentsOf: URL(fileURLWithPath: written.path)))
        #expect(try Self.files(folder) == [written.name])
    }

    @Test("a file already there is used only when it holds exactly these bytes; another under the name is replaced")
    func reuse() throws {
        let scratch = try ScratchFolder("pack-reuse")
        let (folder, message, name) = try Self.announcedOnce("12.5", in: scratch)
        let right = try Data(contentsOf: folder.url(of: name))
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.url(of: name).path)
        #expect(Self.rendering.announce(try Self.push(message), in: folder) == .announced(name))
        let touched = try FileManager.default.attributesOfItem(atPath: folder.url(of: name).path)[.modificationDate] as? Date
        #expect(touched.map { $0 > old } == true)
        // Another amount's bytes under this name (a damaged or planted file).
        try Data("RIFF\0\0\0\0WAVEother".utf8).write(to: folder.url(of: name))
        #expect(Self.rendering.announce(try Self.push(message), in: folder) == .announced(name))
        #expect(try Data(contentsOf: folder.url(of: name)) == right)
    }

    @Test("a FIFO, a link or a longer file at the name is replaced: never read, followed or served")
    func oddFilesAtTheName() throws {
        let scratch = try ScratchFolder("pack-odd")
        let (folder, message, name) = try Self.announcedOnce("7.5", in: scratch)
        let path = folder.url(of: name).path
        let right = try Data(contentsOf: folder.url(of: name))
        let decoy = scratch.url.appendingPathComponent("decoy.caf")
        try right.write(to: decoy)
        let decoyTime = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: decoyTime], ofItemAtPath: decoy.path)
        for odd in ["fifo", "link", "longer"] {
            try FileManager.default.removeItem(atPath: path)
            switch odd {
            case "fifo": #expect(mkfifo(path, 0o644) == 0)
            case "link": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: decoy.path)
            default: try (right + Data([0])).write(to: folder.url(of: name))
            }
            #expect(Self.rendering.announce(try Self.push(message), in: folder) == .announced(name), "\(odd)")
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeRegular, "\(odd)")
            #expect(try Data(contentsOf: folder.url(of: name)) == right, "\(odd)")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: decoy.path)[.modificationDate] as? Date == decoyTime)
        #expect(try Data(contentsOf: decoy) == right)
    }

    @Test("what the pack cannot say is refused, nothing is written, and the log line names no amount", arguments: [
        #"{"amount": "5", "prefix": "美团 收款"}"#,  // a prefix the voice has no clip for
        #"{"amount": "5", "template": "{prefix}退款{amount}元整"}"#,  // a template word without a clip
        #"{"amount": "100000000"}"#,  // over the pack's maximum
        #"{"amount": 5}"#, #"{"amount": "5", "liang": "yes"}"#, #"{}"#, #"[]"#, #"null"#,
    ])
    func cannotSay(_ json: String) throws {
        let scratch = try ScratchFolder("pack-refused")
        let folder = try Self.folder(scratch)
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let outcome = Self.rendering.announce(PushFields(userInfo: [PushMessage.key: value]), in: folder)
        guard case .cannotSay(let reason) = outcome else {
            Issue.record("\(json): \(outcome)")
            return
        }
        #expect(!reason.contains("100000000") && !reason.contains("五"))
        #expect(try Self.files(folder).isEmpty)
    }

    @Test("a push without a message goes on to the server's file")
    func noMessage() throws {
        let scratch = try ScratchFolder("pack-none")
        let folder = try Self.folder(scratch)
        #expect(Self.rendering.announce(PushFields(userInfo: [:]), in: folder) == .cannotSay("the push has no announce-message"))
    }

    @Test("a pack missing from the bundle, cut short, altered or from another engine is not loaded")
    func badPacks() throws {
        let scratch = try ScratchFolder("pack-bad")
        #expect(throws: PackError.self) { try PackRendering.load(nil).get() }
        #expect(throws: PackError.self) { try PackRendering.load(scratch.url("missing.announcepack")).get() }
        let bytes = try Data(contentsOf: Self.packFile)
        var altered = bytes
        altered[altered.count / 2] ^= 0x40
        var other = bytes
        other[20] &+= 1
        for (name, data) in [("cut", bytes.prefix(bytes.count / 3)), ("altered", altered), ("other", other), ("empty", Data())] {
            let url = scratch.url("\(name).announcepack")
            try Data(data).write(to: url)
            #expect(throws: PackError.self) { try PackRendering.load(url).get() }
        }
    }
}

/// A full or read-only App Group container (and a locked phone before its
/// first unlock, which refuses writes the same way): nothing written, the
/// route refused so the extension goes on.
@Suite(.serialized, .enabled(if: ScratchMount.isAvailable, "needs root and mount(8) for a tmpfs"))
struct PackRenderingContainerTests {
    /// Renders a payment into a fresh tmpfs of `kilobytes`, read-only when
    /// `readOnly`: the route must be refused and the folder left empty.
    func refused(kilobytes: Int, readOnly: Bool) throws {
        let mount = try ScratchMount(kilobytes: kilobytes)
        defer { mount.unmount() }
        let folder = AppGroupSounds(directory: mount.url.appendingPathComponent("Library/Sounds"))
        try folder.create()
        if readOnly { try mount.remountReadOnly() }
        let message = try Message(amount: try Amount(parsing: "88.88"))
        let outcome = PackRenderingTests.rendering.announce(try PackRenderingTests.push(message), in: folder)
        guard case .cannotSay = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path).isEmpty)
    }

    @Test func aFullContainerGetsNoFileAndNoPart() throws {
        try refused(kilobytes: 16, readOnly: false)
    }

    @Test func aReadOnlyContainerGetsNoFile() throws {
        try refused(kilobytes: 512, readOnly: true)
    }
}
