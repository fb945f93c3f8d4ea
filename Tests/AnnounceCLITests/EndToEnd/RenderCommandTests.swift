import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// `announce [render]` run as a user would: files on disk, exit codes, messages.
struct RenderCommandTests {
    static func files(in root: URL) -> [String] {
        let sounds = root.appendingPathComponent("Library/Sounds")
        return ((try? FileManager.default.contentsOfDirectory(atPath: sounds.path)) ?? []).sorted()
    }

    @Test("announce AMOUNT writes a playable CAF into ./Library/Sounds and prints its path")
    func defaultRender() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let result = try CommandRunner.run(["123.45"], currentDirectory: root)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let files = Self.files(in: root)
        #expect(files.count == 1)
        let name = try #require(files.first)
        #expect(name.hasPrefix("announce-123.45-") && name.hasSuffix(".caf"))
        let path = root.appendingPathComponent("Library/Sounds/\(name)").standardizedFileURL.path
        #expect(result.stdoutLines == [path])
        let info = try SoundFile.info(path: path)
        #expect(info.container == "CAF" && info.encoding == "PCM_16" && info.channels == 1 && info.sampleRate == 16000)
        #expect(info.duration > 1.5 && info.duration <= 6.0)
    }

    @Test("the same inputs give byte-identical files under the same name")
    func deterministic() throws {
        let firstScratch = try ScratchFolder(), secondScratch = try ScratchFolder()
        defer { firstScratch.remove(); secondScratch.remove() }
        let first = firstScratch.url, second = secondScratch.url
        for root in [first, second] {
            let result = try CommandRunner.run(["render", "--out", root.path, "--prefix", "wechat", "88.8", "100000"])
            #expect(result.status == 0)
        }
        #expect(Self.files(in: first) == Self.files(in: second))
        for name in Self.files(in: first) {
            let a = try Data(contentsOf: first.appendingPathComponent("Library/Sounds/\(name)"))
            let b = try Data(contentsOf: second.appendingPathComponent("Library/Sounds/\(name)"))
            #expect(a == b, "\(name)")
        }
    }

    @Test("every offered format and encoding is written as asked", arguments: [
        ("caf", "pcm16", "CAF", "PCM_16"), ("caf", "ulaw", "CAF", "ULAW"), ("caf", "alaw", "CAF", "ALAW"),
        ("wav", "pcm16", "WAV", "PCM_16"), ("wav", "ulaw", "WAV", "ULAW"), ("wav", "alaw", "WAV", "ALAW"),
        ("aiff", "pcm16", "AIFF", "PCM_16"), ("aiff", "ulaw", "AIFF", "ULAW"), ("aiff", "alaw", "AIFF", "ALAW"),
        ("aiff", "ima4", "AIFF", "IMA_ADPCM"),
    ])
    func formats(format: String, encoding: String, container: String, subtype: String) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let result = try CommandRunner.run(["render", "--json", "--out", root.path, "--format", format, "--encoding", encoding,
                                            "--sample-rate", "22050", "0.5"])
        #expect(result.status == 0)
        let line = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let path = try #require(line?["file"] as? String)
        #expect(line?["format"] as? String == format && line?["encoding"] as? String == encoding)
        #expect(line?["sampleRate"] as? Int == 22050 && line?["speed"] as? Double == 1)
        #expect((line?["sound"] as? String).map { path.hasSuffix("/" + $0) } == true)
        #expect(line?["bytes"] as? Int == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
        #expect(line?["text"] as? String == "到账零点五元")
        let info = try SoundFile.info(path: path)
        #expect(info.container == container && info.encoding == subtype && info.sampleRate == 22050)
        #expect(abs(info.duration - (line?["duration"] as? Double ?? 0)) < 0.01)
    }

    @Test("usage errors exit 64 and write nothing", arguments: [
        ["render", "--format", "wav", "--encoding", "ima4", "5"], ["render", "--format", "mp3", "5"],
        ["render", "--name", "../x.caf", "5"], ["render", "--name", "x.wav", "5"], ["render", "--name", "名.caf", "5"],
        ["render", "--name", "a.caf", "5", "6"], ["render", "--budget", "0", "5"], ["render", "--max-speed", "9", "5"],
        ["render", "--sample-rate", "100", "5"], ["render", "--budget", "nan", "5"],
    ])
    func usage(arguments: [String]) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let result = try CommandRunner.run(arguments + ["--out", root.path])
        #expect(result.status == 64)
        #expect(Self.files(in: root).isEmpty)
    }

    @Test("--name names the file")
    func chosenName() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let result = try CommandRunner.run(["render", "--out", root.path, "--name", "pay.aiff", "--format", "aiff", "7"])
        #expect(result.status == 0)
        #expect(Self.files(in: root) == ["pay.aiff"])
    }

    @Test("an amount over the budget: exit 65, one line saying what it needs, nothing written")
    func overBudget() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let result = try CommandRunner.run(["render", "--out", root.path, "--prefix", "alipay", "--budget", "2.5", "99999999.99"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        let line = try #require(result.stderrLines.first)
        #expect(line.hasPrefix("announce: 99999999.99 needs ") && line.hasSuffix(" s at 1.35x; budget is 2.5 s"))
        #expect(Self.files(in: root).isEmpty)
    }

    @Test("bad amounts are reported and the others still rendered, exit 65")
    func mixedAmounts() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let result = try CommandRunner.run(["render", "--out", root.path, "5", "1.234", "6"])
        #expect(result.status == 65)
        #expect(result.stdoutLines.count == 2)
        #expect(result.stderrLines == ["announce: '1.234' has more than 2 decimal places"])
        #expect(Self.files(in: root).count == 2)
    }

    @Test("an output that cannot be written: exit 73, one line, no file or temporary left")
    func unwritable() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        // A file where the Library folder should be.
        try Data("x".utf8).write(to: root.appendingPathComponent("Library"))
        let blocked = try CommandRunner.run(["render", "--out", root.path, "5"])
        #expect(blocked.status == 73)
        #expect(blocked.stderrLines.count == 1)
        #expect(blocked.stderrLines.first?.hasPrefix("announce: cannot create \(root.path)/Library/Sounds") == true)
        // A file where the sound itself should go (a folder of that name).
        try FileManager.default.removeItem(at: root.appendingPathComponent("Library"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Library/Sounds/x.caf"), withIntermediateDirectories: true)
        let occupied = try CommandRunner.run(["render", "--out", root.path, "--name", "x.caf", "5"])
        #expect(occupied.status == 73)
        #expect(Self.files(in: root) == ["x.caf"])
    }

    @Test("a corrupt clip: exit 66 naming the clip, nothing written")
    func corruptClip() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let voice = try VoiceCommandTests.copyOfBundledVoice(in: scratch)
        let root = try scratch.folder("out")
        try Data("RIFF\u{0}\u{0}garbage".utf8).write(to: voice.appendingPathComponent("wu3.wav"))
        let result = try CommandRunner.run(["render", "--voice", voice.path, "--out", root.path, "5"])
        #expect(result.status == 66)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("wu3.wav"))
        #expect(Self.files(in: root).isEmpty)
    }

    @Test("rendering through standard input streams one JSON line per amount")
    func stdinJSON() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let result = try CommandRunner.run(["render", "--stdin", "--json", "--out", root.path], stdin: "1\nabc\n2.5\n")
        #expect(result.status == 65)
        try #require(result.stdoutLines.count == 3)
        #expect(result.stdoutLines[1] == #"{"amount":"abc","error":"'abc' is not a decimal amount"}"#)
        #expect(Self.files(in: root).count == 2)
    }
}
