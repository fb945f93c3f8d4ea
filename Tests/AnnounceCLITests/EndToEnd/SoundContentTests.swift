import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// Never the wrong sound: a file is served only when it is proven to be the announcement.
@Suite struct SoundContentTests {
    @Test("a batch render line is the render --json line plus line, id, cached and announce-id")
    func batchLineEqualsRenderLine() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        // --at fixes announce-at, which is otherwise each line's own "now".
        let render = try CommandRunner.run(["render", "--json", "--prefix", "alipay", "--at", "1767225600", "--out", root.path, "123.45"])
        let batch = try CommandRunner.run(["batch", "--prefix", "alipay", "--at", "1767225600", "--out", root.path],
                                          stdin: "{\"amount\": \"123.45\", \"id\": \"a\"}\n")
        #expect(render.status == 0 && batch.status == 0)
        try #require(batch.stdoutLines.count > 0)
        var line = BatchCommandTests.json(batch.stdoutLines[0])
        #expect(line["line"] as? Int == 1 && line["id"] as? String == "a" && line["cached"] as? Bool == true)
        #expect(line["announce-id"] as? String == "a")
        for key in ["line", "id", "cached", "announce-id"] { line[key] = nil }
        try #require(render.stdoutLines.count > 0)
        let expected = BatchCommandTests.json(render.stdoutLines[0])
        #expect(NSDictionary(dictionary: line).isEqual(to: expected))
    }

    @Test("a given name cannot take another amount's content name; a cached answer is that content")
    func nameCannotShadowContent() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let one = try CommandRunner.run(["render", "--json", "--out", root.path, "1"])
        try #require(one.stdoutLines.count > 0)
        let name = try #require(BatchCommandTests.json(one.stdoutLines[0])["sound"] as? String)
        let batch = try CommandRunner.run(
            ["batch", "--out", root.path], stdin: "{\"amount\":\"2\",\"name\":\"\(name)\"}\n{\"amount\":\"1\"}\n")
        let lines = batch.stdoutLines.map(BatchCommandTests.json)
        #expect(batch.status == 65)
        try #require(lines.count > 1)
        #expect((lines[0]["error"] as? String)?.contains("content-derived") == true)
        #expect(lines[1]["cached"] as? Bool == true && lines[1]["text"] as? String == "到账一元")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lines[1]["file"] as? String ?? "")).count == lines[1]["bytes"] as? Int)
    }

    @Test("a file cut short under a final name is rendered again, never cached")
    func truncatedFileRepaired() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let first = try CommandRunner.run(["batch", "--out", root.path], stdin: "123.45\n")
        try #require(first.stdoutLines.count > 0)
        let file = URL(fileURLWithPath: try #require(BatchCommandTests.json(first.stdoutLines[0])["file"] as? String))
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 1000).write(to: file)
        let second = try CommandRunner.run(["batch", "--out", root.path, "--fsync"], stdin: "123.45\n")
        #expect(second.status == 0)
        try #require(second.stdoutLines.count > 0)
        #expect(BatchCommandTests.json(second.stdoutLines[0])["cached"] as? Bool == false)
        #expect(try Data(contentsOf: file) == whole)
    }
}
