@testable import AnnounceExtensionLogic
import AnnounceWire
import Foundation
import Testing

@Suite struct DownloadAndAttachmentTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("download-" + UUID().uuidString)

    func file(_ name: String, _ bytes: [UInt8]) throws -> URL {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let url = root.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    static func header(_ start: String, _ form: String, size: Int = 64) -> [UInt8] {
        Array(start.utf8) + [0, 0, 0, 0] + Array(form.utf8) + [UInt8](repeating: 0, count: size - 12)
    }

    @Test func aDownloadMustBeWholeAndOfItsType() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let caf = try file("a.caf", Array("caff".utf8) + [UInt8](repeating: 0, count: 60))
        let name = "announce-1-0000000a.caf"
        #expect(throws: Never.self) { try DownloadCheck.check(caf, status: 200, expectedLength: 64, for: name) }
        #expect(throws: Never.self) { try DownloadCheck.check(caf, status: 200, expectedLength: -1, for: name) }
        #expect(throws: DownloadCheck.Failure.status(404)) { try DownloadCheck.check(caf, status: 404, expectedLength: 64, for: name) }
        #expect(throws: DownloadCheck.Failure.size(64)) { try DownloadCheck.check(caf, status: 200, expectedLength: 65, for: name) }
        #expect(throws: DownloadCheck.Failure.notSound) { try DownloadCheck.check(caf, status: 200, expectedLength: 64, for: "announce-1-0000000a.wav") }
        let page = try file("b.caf", Array("<html></html>".utf8))
        #expect(throws: DownloadCheck.Failure.notSound) { try DownloadCheck.check(page, status: 200, expectedLength: 13, for: name) }
        let empty = try file("c.caf", [])
        #expect(throws: DownloadCheck.Failure.size(0)) { try DownloadCheck.check(empty, status: 200, expectedLength: 0, for: name) }
        let aifc = try file("d.aiff", Self.header("FORM", "AIFC"))
        #expect(DownloadCheck.fileType(of: aifc, named: "announce-1-0000000a.aiff")?.typeIdentifier == "public.aifc-audio")
        let wav = try file("e.wav", Self.header("RIFF", "WAVE"))
        #expect(DownloadCheck.fileType(of: wav, named: "announce-1-0000000a.wav")?.typeIdentifier == "com.microsoft.waveform-audio")
        #expect(DownloadCheck.fileType(of: wav, named: "announce-1-0000000a.WAV") == nil)
        #expect(DownloadCheck.fileType(of: wav, named: "announce-1-0000000a.aiff") == nil)
    }

    @Test func theAttachmentIsACopyOfAWAVOrAIFFUnderFiveMegabytes() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let wav = try file("announce-1-0000000a.wav", Self.header("RIFF", "WAVE"))
        let copy = try #require(try ReplayAttachment.copy(of: wav, under: root.appendingPathComponent("tmp")))
        #expect(copy != wav)
        #expect(copy.lastPathComponent == wav.lastPathComponent)
        #expect(try Data(contentsOf: copy) == Data(contentsOf: wav))
        // iOS moves the attachment away: the sound stays where iOS plays it from.
        try FileManager.default.removeItem(at: copy)
        #expect(FileManager.default.fileExists(atPath: wav.path))
        ReplayAttachment.discard(copy)
        #expect(!FileManager.default.fileExists(atPath: copy.deletingLastPathComponent().path))

        #expect(ReplayAttachment.typeHint(for: wav) == "com.microsoft.waveform-audio")
        let aiff = try file("announce-1-0000000a.aiff", Self.header("FORM", "AIFF"))
        #expect(ReplayAttachment.typeHint(for: aiff) == "public.aiff-audio")
        let aifc = try file("announce-2-0000000a.aiff", Self.header("FORM", "AIFC"))
        #expect(try ReplayAttachment.copy(of: aifc, under: root) == nil)
        let caf = try file("announce-1-0000000a.caf", Array("caff".utf8) + [UInt8](repeating: 0, count: 60))
        #expect(try ReplayAttachment.copy(of: caf, under: root) == nil)
        let big = try file("announce-3-0000000a.wav", Self.header("RIFF", "WAVE", size: ReplayAttachment.maximumBytes + 1))
        #expect(try ReplayAttachment.copy(of: big, under: root) == nil)
    }
}
