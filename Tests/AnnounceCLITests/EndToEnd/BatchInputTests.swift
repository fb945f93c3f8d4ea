import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// Batch input is read strictly, item by item, and lines stay lines.
@Suite struct BatchInputTests {
    @Test("duplicate keys, trailing commas and invalid UTF-8 are refused, item by item")
    func strictItems() throws {
        var input = Data("{\"amount\":\"1\",\"amount\":\"2\"}\n{\"amount\":\"1\",}\n".utf8)
        input.append(contentsOf: Array("{\"amount\":\"1\",\"id\":\"a".utf8) + [0xFF] + Array("b\"}\n3\n".utf8))
        let result = try CommandRunner.run(["batch", "--dry-run"], stdinData: input)
        #expect(result.status == 65)
        let lines = result.stdoutLines.map(BatchCommandTests.json)
        try #require(lines.count == 4)
        #expect((lines[0]["error"] as? String)?.contains("duplicate") == true)
        #expect((lines[1]["error"] as? String)?.contains("invalid JSON") == true)
        #expect((lines[2]["error"] as? String)?.contains("UTF-8") == true)
        #expect(lines[3]["text"] as? String == "到账三元")
    }

    @Test("a numeric id is echoed exactly as written")
    func exactIDs() throws {
        let result = try CommandRunner.run(
            ["batch", "--dry-run"], stdin: "{\"amount\":\"1\",\"id\":1234567890123456789}\n{\"amount\":\"1\",\"id\":-0.5e3}\n")
        #expect(result.status == 0)
        try #require(result.stdoutLines.count > 1)
        #expect(result.stdoutLines[0].contains("\"id\":1234567890123456789,"))
        #expect(result.stdoutLines[1].contains("\"id\":-0.5e3,"))
    }

    @Test("dry run checks per-item names as a real run does")
    func dryRunChecksNames() throws {
        let input = "{\"amount\":\"1\",\"name\":\"../x.caf\"}\n{\"amount\":\"1\",\"name\":\"x.wav\"}\n"
        let dry = try CommandRunner.run(["batch", "--dry-run"], stdin: input)
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let real = try CommandRunner.run(["batch", "--out", root.path], stdin: input)
        #expect(dry.status == 65 && real.status == 65)
        #expect(dry.stdoutLines.map { BatchCommandTests.json($0)["error"] as? String } == real.stdoutLines.map { BatchCommandTests.json($0)["error"] as? String })
        #expect(dry.stdoutLines.allSatisfy { BatchCommandTests.json($0)["error"] != nil })
    }

    @Test("a line over 64 KiB is answered with an error and the batch goes on")
    func longLine() throws {
        let input = String(repeating: " ", count: 100_000) + "5\n1\n"
        let result = try CommandRunner.run(["batch", "--dry-run"], stdin: input)
        #expect(result.status == 65)
        let lines = result.stdoutLines.map(BatchCommandTests.json)
        try #require(lines.count == 2)
        #expect((lines[0]["error"] as? String)?.contains("over the limit of 65536") == true)
        #expect(lines[1]["text"] as? String == "到账一元")
    }

    @Test("U+2028, U+2029 and U+0085 are escaped, so every reader sees one line")
    func separatorsEscaped() throws {
        let result = try CommandRunner.run(["explain", "--stdin", "--json"], stdin: "x\u{2028}y\u{2029}z\u{85}\n")
        try #require(result.stdoutLines.count == 1)
        #expect(result.stdoutLines[0].hasPrefix(#"{"amount":"x\u2028y\u2029z\u0085","error":"#))
    }

    @Test("a line of exactly 64 KiB is taken, with \\n or \\r\\n; one byte more is refused")
    func lineLimitWithCRLF() throws {
        let line = String(repeating: " ", count: LineReader.maximumLength - 1) + "5"
        for ending in ["\n", "\r\n"] {
            let result = try CommandRunner.run(["batch", "--dry-run"], stdin: line + ending + " " + line + ending)
            let lines = result.stdoutLines.map(BatchCommandTests.json)
            #expect(lines.count == 2)
            #expect(lines.first?["text"] as? String == "到账五元")
            #expect((lines.last?["error"] as? String)?.contains("65537 bytes long") == true)
        }
    }
}
