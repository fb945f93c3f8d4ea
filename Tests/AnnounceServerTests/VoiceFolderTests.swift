import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// On the server a voice reads only regular files inside its own folder
/// (``VoiceFolder``, behind `Voice(at:)`): symbolic links out of it (a clip,
/// a subfolder, voice.json) and files that would block a reader (a FIFO, a
/// folder) are refused when the voice is loaded.
struct VoiceFolderTests {
    /// A temporary area with a voice folder `voice/` holding `voice.json`
    /// (clips 一 → yi.wav, 二 → sub/er.wav) and those two files, and an
    /// `outside/` folder next to it.
    final class Area {
        let scratch: ScratchFolder
        var root: String { scratch.path }
        var voice: String { root + "/voice" }
        var outside: String { root + "/outside" }

        init() throws {
            scratch = try ScratchFolder("voicefolder")
            try FileManager.default.createDirectory(atPath: root + "/voice/sub", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
            try write(#"{"format": 1, "language": "cmn-Hans", "id": "t", "clips": {"一": "yi.wav", "二": "sub/er.wav"}}"#, to: voice + "/voice.json")
            try write("inside", to: voice + "/yi.wav")
            try write("inside", to: voice + "/sub/er.wav")
            try write("secret", to: outside + "/secret.wav")
            try write(#"{"format": 1, "language": "cmn-Hans", "id": "o", "clips": {"一": "yi.wav"}}"#, to: outside + "/voice.json")
        }

        func write(_ text: String, to path: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }

        func remove(_ relative: String) throws {
            try FileManager.default.removeItem(atPath: voice + "/" + relative)
        }

        func link(_ relative: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: voice + "/" + relative, withDestinationPath: destination)
        }

        func fifo(_ relative: String) throws {
            #expect(mkfifo(voice + "/" + relative, 0o644) == 0)
        }
    }

    /// Loads the voice on another thread and gives up after 20 s, so a
    /// regression that blocks on a FIFO fails instead of hanging the suite.
    /// A hang guard, not a timing assertion.
    static func load(_ path: String) -> Result<Voice, VoiceError>? {
        nonisolated(unsafe) var result: Result<Voice, VoiceError>?
        let done = DispatchSemaphore(value: 0)
        Thread {
            result = Result { () throws(VoiceError) in try Voice(at: path) }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + 20) == .success else {
            Issue.record("loading \(path) blocked for 20 s")
            return nil
        }
        return result
    }

    static func refusal(_ path: String) -> VoiceError? {
        guard case .failure(let error) = load(path) else { return nil }
        return error
    }

    @Test("a plain voice loads, and clips resolve to their real paths")
    func plain() throws {
        let area = try Area()
        let voice = try #require(try Self.load(area.voice)?.get())
        let real = try #require(FileCheck.realPath(area.voice))
        #expect(voice.path(ofClip: "yi.wav") == real + "/yi.wav")
        #expect(voice.path(ofClip: "sub/er.wav") == real + "/sub/er.wav")
    }

    @Test("links that stay inside the folder are followed", arguments: ["clip", "subfolder", "manifest", "folder"])
    func insideLinks(kind: String) throws {
        let area = try Area()
        var path = area.voice
        switch kind {
        case "clip":
            try area.remove("yi.wav")
            try area.link("yi.wav", to: "sub/er.wav")
        case "subfolder":
            try FileManager.default.moveItem(atPath: area.voice + "/sub", toPath: area.voice + "/real-sub")
            try area.link("sub", to: "real-sub")
        case "manifest":
            try FileManager.default.moveItem(atPath: area.voice + "/voice.json", toPath: area.voice + "/manifest.json")
            try area.link("voice.json", to: "manifest.json")
        default:
            // The voice folder itself may be a link: its real path is the folder.
            path = area.root + "/linked-voice"
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: area.voice)
        }
        let voice = try #require(try Self.load(path)?.get())
        let real = try #require(FileCheck.realPath(area.voice))
        #expect(voice.path(ofClip: "yi.wav").hasPrefix(real + "/"))
        #expect(voice.path(ofClip: "sub/er.wav").hasPrefix(real + "/"))
    }

    @Test("a link out of the voice folder is refused", arguments: [
        "clip", "clip by absolute link", "subfolder", "missing clip in a linked subfolder", "manifest", "manifest file given",
    ])
    func outsideLinks(kind: String) throws {
        let area = try Area()
        var path = area.voice
        switch kind {
        case "clip":
            try area.remove("yi.wav")
            try area.link("yi.wav", to: "../outside/secret.wav")
        case "clip by absolute link":
            try area.remove("yi.wav")
            try area.link("yi.wav", to: area.outside + "/secret.wav")
        case "subfolder":
            try area.remove("sub")
            try area.link("sub", to: area.outside)
            try area.write("secret", to: area.outside + "/er.wav")
        case "missing clip in a linked subfolder":
            try area.remove("sub")
            try area.link("sub", to: area.outside)
        case "manifest":
            try area.remove("voice.json")
            try area.link("voice.json", to: area.outside + "/voice.json")
        default:
            try area.remove("voice.json")
            try area.link("voice.json", to: area.outside + "/voice.json")
            path = area.voice + "/voice.json"
        }
        let error = try #require(Self.refusal(path))
        #expect(error.kind == .unusableFile, "\(error)")
        #expect(error.description.contains("outside the voice folder"), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test("a FIFO, a folder or a link to nothing is refused without blocking", arguments: [
        "fifo clip", "fifo manifest", "folder clip", "dangling clip", "fifo given as the manifest",
    ])
    func notRegular(kind: String) throws {
        let area = try Area()
        var path = area.voice
        var expected = "is a FIFO, not a regular file"
        switch kind {
        case "fifo clip":
            try area.remove("yi.wav")
            try area.fifo("yi.wav")
        case "fifo manifest":
            try area.remove("voice.json")
            try area.fifo("voice.json")
        case "fifo given as the manifest":
            try area.remove("voice.json")
            try area.fifo("voice.json")
            path = area.voice + "/voice.json"
        case "folder clip":
            try area.remove("yi.wav")
            try FileManager.default.createDirectory(atPath: area.voice + "/yi.wav", withIntermediateDirectories: false)
            expected = "is a folder, not a regular file"
        default:
            try area.remove("yi.wav")
            try area.link("yi.wav", to: "nothing.wav")
            expected = "is a symbolic link to nothing"
        }
        let error = try #require(Self.refusal(path))
        #expect(error.description.contains(expected), "\(error)")
        #expect([.unusableFile, .unreadableManifest].contains(error.kind))
    }

    @Test("clip names that are canonically equivalent are different files")
    func equivalentNames() throws {
        let area = try Area()
        try area.write("precomposed", to: area.voice + "/\u{E9}.wav")
        try area.write("decomposed", to: area.voice + "/e\u{301}.wav")
        try area.write(
            "{\"format\": 1, \"language\": \"cmn-Hans\", \"id\": \"t\", \"clips\": {\"一\": \"\u{E9}.wav\", \"二\": \"e\u{301}.wav\"}}",
            to: area.voice + "/voice.json")
        let voice = try #require(try Self.load(area.voice)?.get())
        let one = voice.path(ofClip: try #require(voice.manifest.clips["一"]))
        let two = voice.path(ofClip: try #require(voice.manifest.clips["二"]))
        #expect(try String(contentsOfFile: one, encoding: .utf8) == "precomposed")
        #expect(try String(contentsOfFile: two, encoding: .utf8) == "decomposed")
    }

    @Test("paths with a newline or tab are escaped in the message")
    func escapedPaths() throws {
        let area = try Area()
        let odd = area.root + "/odd\n\tvoice"
        try FileManager.default.moveItem(atPath: area.voice, toPath: odd)
        #expect(mkfifo(odd + "/sub/er2.wav", 0o644) == 0)
        try area.write(#"{"format": 1, "language": "cmn-Hans", "id": "t", "clips": {"一": "yi.wav", "二": "sub/er2.wav"}}"#, to: odd + "/voice.json")
        let error = try #require(Self.refusal(odd))
        #expect(error.description.contains("odd\\n\\tvoice/voice.json: clip '二' (sub/er2.wav) is a FIFO"), "\(error)")
        #expect(!error.description.contains("\n") && !error.description.contains("\t"))
        let missing = try #require(Self.refusal(area.root + "/no\nsuch"))
        #expect(missing.description == "no voice at '\(area.root)/no\\nsuch': no such folder")
    }

    @Test("a missing clip file is left for the reader to report")
    func missingClip() throws {
        let area = try Area()
        try area.remove("sub/er.wav")
        let voice = try #require(try Self.load(area.voice)?.get())
        let real = try #require(FileCheck.realPath(area.voice))
        #expect(voice.path(ofClip: "sub/er.wav") == real + "/sub/er.wav")
    }

    @Test("a missing voice folder or manifest is a clear notFound")
    func missingVoice() throws {
        let area = try Area()
        let directory = area.root + "/none"
        #expect(throws: VoiceError(.notFound, "no voice at '\(directory)': no such folder")) { try Voice(at: directory) }
        try area.remove("voice.json")
        #expect(throws: VoiceError(.notFound, "no voice at '\(area.voice)': voice.json not found")) { try Voice(at: area.voice) }
    }

    @Test("the server's folder and the phone's bundle load the bundled voice alike")
    func bothStores() throws {
        let server = try Voice(at: RepositoryPaths.bundledVoice.path)
        let phone = try Voice(store: VoiceBundle(folder: RepositoryPaths.bundledVoice))
        #expect(server.manifest == phone.manifest)
        for file in server.manifest.clips.values {
            #expect(FileCheck.realPath(server.path(ofClip: file)) == FileCheck.realPath(phone.path(ofClip: file)), "\(file)")
        }
    }

    @Test("containment compares bytes, not canonically equivalent text")
    func containment() {
        #expect(FileCheck.isInside("/a/b/c", folder: "/a/b"))
        #expect(FileCheck.isInside("/a/b", folder: "/a/b"))
        #expect(!FileCheck.isInside("/a/bc", folder: "/a/b"))
        #expect(!FileCheck.isInside("/a/e\u{301}/x", folder: "/a/\u{E9}"))
        #expect(FileCheck.isInside("/x", folder: "/"))
    }
}
