import AnnounceAudio
import Foundation
import Testing

/// Wrong sounds, files outside the folder, leftovers and exit codes, end to end.
@Suite struct ReliabilityTests {
    static func json(_ line: String) -> [String: Any] { BatchCommandTests.json(line) }

    static func leftovers(in root: URL) -> [String] {
        RenderCommandTests.files(in: root).filter { $0.hasSuffix(".tmp") }
    }

    @Test("a batch render line is the render --json line plus line, id, cached and announce-id")
    func batchLineEqualsRenderLine() throws {
        let root = try RenderCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        // --at fixes announce-at, which is otherwise each line's own "now".
        let render = try CommandRunner.run(["render", "--json", "--prefix", "alipay", "--at", "1767225600", "--out", root.path, "123.45"])
        let batch = try CommandRunner.run(["batch", "--prefix", "alipay", "--at", "1767225600", "--out", root.path],
                                          stdin: "{\"amount\": \"123.45\", \"id\": \"a\"}\n")
        #expect(render.status == 0 && batch.status == 0)
        var line = Self.json(batch.stdoutLines[0])
        #expect(line["line"] as? Int == 1 && line["id"] as? String == "a" && line["cached"] as? Bool == true)
        #expect(line["announce-id"] as? String == "a")
        for key in ["line", "id", "cached", "announce-id"] { line[key] = nil }
        let expected = Self.json(render.stdoutLines[0])
        #expect(NSDictionary(dictionary: line).isEqual(to: expected))
    }

    @Test("a given name cannot take another amount's content name; a cached answer is that content")
    func nameCannotShadowContent() throws {
        let root = try RenderCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let one = try CommandRunner.run(["render", "--json", "--out", root.path, "1"])
        let name = try #require(Self.json(one.stdoutLines[0])["sound"] as? String)
        let batch = try CommandRunner.run(
            ["batch", "--out", root.path], stdin: "{\"amount\":\"2\",\"name\":\"\(name)\"}\n{\"amount\":\"1\"}\n")
        let lines = batch.stdoutLines.map(Self.json)
        #expect(batch.status == 65)
        #expect((lines[0]["error"] as? String)?.contains("content-derived") == true)
        #expect(lines[1]["cached"] as? Bool == true && lines[1]["text"] as? String == "到账一元")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lines[1]["file"] as? String ?? "")).count == lines[1]["bytes"] as? Int)
    }

    @Test("a file cut short under a final name is rendered again, never cached")
    func truncatedFileRepaired() throws {
        let root = try RenderCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try CommandRunner.run(["batch", "--out", root.path], stdin: "123.45\n")
        let file = URL(fileURLWithPath: try #require(Self.json(first.stdoutLines[0])["file"] as? String))
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 1000).write(to: file)
        let second = try CommandRunner.run(["batch", "--out", root.path, "--fsync"], stdin: "123.45\n")
        #expect(second.status == 0)
        #expect(Self.json(second.stdoutLines[0])["cached"] as? Bool == false)
        #expect(try Data(contentsOf: file) == whole)
    }

    @Test("a corrupt clip is exit 66 in render and in batch, with the same message")
    func corruptClipSameEverywhere() throws {
        let voice = try VoiceCommandTests.copyOfBundledVoice()
        let root = try RenderCommandTests.scratch()
        defer {
            try? FileManager.default.removeItem(at: voice.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: root)
        }
        try Data("RIFF\u{0}\u{0}garbage".utf8).write(to: voice.appendingPathComponent("wu3.wav"))
        let render = try CommandRunner.run(["render", "--voice", voice.path, "--out", root.path, "5"])
        let batch = try CommandRunner.run(["batch", "--voice", voice.path, "--out", root.path, "--jobs", "2"],
                                          stdin: "5\n1\n5.5\n")
        #expect(render.status == 66 && batch.status == 66)
        let lines = batch.stdoutLines.map(Self.json)
        #expect(lines.map { $0["error"] != nil } == [true, false, true])
        let message = try #require(render.stderrLines.first).replacingOccurrences(of: "announce: ", with: "")
        #expect(lines[0]["error"] as? String == message && lines[2]["error"] as? String == message)
        #expect(!message.hasSuffix("No Error."))
    }

    @Test("usage errors: --budget below a frame or in hex, exit 64", arguments: [
        ["--budget", "0.0005"], ["--budget", "0x10"], ["--budget", "1e1"], ["--budget", "inf"], ["--max-speed", "0x1"],
    ])
    func budgetUsage(arguments: [String]) throws {
        let root = try RenderCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CommandRunner.run(["render", "--out", root.path] + arguments + ["5"])
        #expect(result.status == 64)
        #expect(RenderCommandTests.files(in: root).isEmpty)
    }

    @Test("batch on a folder: exit 66, one line")
    func batchOnFolder() throws {
        let root = try RenderCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CommandRunner.run(["batch", "--out", root.path, root.path])
        #expect(result.status == 66)
        #expect(result.stderrLines == ["announce: cannot read \(root.path): it is a folder"])
    }

    @Test("dry run checks per-item names as a real run does")
    func dryRunChecksNames() throws {
        let input = "{\"amount\":\"1\",\"name\":\"../x.caf\"}\n{\"amount\":\"1\",\"name\":\"x.wav\"}\n"
        let dry = try CommandRunner.run(["batch", "--dry-run"], stdin: input)
        let root = try RenderCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let real = try CommandRunner.run(["batch", "--out", root.path], stdin: input)
        #expect(dry.status == 65 && real.status == 65)
        #expect(dry.stdoutLines.map { Self.json($0)["error"] as? String } == real.stdoutLines.map { Self.json($0)["error"] as? String })
        #expect(dry.stdoutLines.allSatisfy { Self.json($0)["error"] != nil })
    }

    @Test("a line over 64 KiB is answered with an error and the batch goes on")
    func longLine() throws {
        let input = String(repeating: " ", count: 100_000) + "5\n1\n"
        let result = try CommandRunner.run(["batch", "--dry-run"], stdin: input)
        #expect(result.status == 65)
        let lines = result.stdoutLines.map(Self.json)
        #expect(lines.count == 2)
        #expect((lines[0]["error"] as? String)?.contains("over the limit of 65536") == true)
        #expect(lines[1]["text"] as? String == "到账一元")
    }

    @Test("a closed output stops the batch quietly with exit 74 and leaves no temporary file")
    func closedOutput() throws {
        let root = try RenderCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let items = root.appendingPathComponent("items.txt")
        try (1...20_000).map { "\($0).5" }.joined(separator: "\n").write(to: items, atomically: true, encoding: .utf8)
        let script = "\"\(CommandRunner.executable.path)\" batch --jobs 2 --out \"\(root.path)\" \"\(items.path)\" | head -1 >/dev/null; echo ${PIPESTATUS[0]}"
        let result = try CommandRunner.run(["-c", script], shell: true)
        #expect(result.stdout == "74\n")
        #expect(result.stderr.isEmpty)
        #expect(Self.leftovers(in: root).isEmpty)
    }

    @Test("SIGTERM and SIGINT mid-batch leave no temporary file", arguments: [15, 2])
    func signalsRemoveTemporaryFiles(signal: Int32) throws {
        for attempt in 0..<5 {
            let root = try RenderCommandTests.scratch()
            defer { try? FileManager.default.removeItem(at: root) }
            let items = root.appendingPathComponent("items.txt")
            try (1...200_000).map { "\($0).\(attempt)5" }.joined(separator: "\n").write(to: items, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = CommandRunner.executable
            process.arguments = ["batch", "--jobs", "2", "--out", root.path, items.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Kill it while it writes: wait until files appear.
            let sounds = root.appendingPathComponent("Library/Sounds")
            for _ in 0..<500 where ((try? FileManager.default.contentsOfDirectory(atPath: sounds.path))?.count ?? 0) < 50 {
                usleep(2_000)
            }
            kill(process.processIdentifier, signal)
            // A hang guard, not a timing: a process that does not end in 30 s is a failure.
            for _ in 0..<3000 where process.isRunning { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                Issue.record("announce did not end within 30 s of signal \(signal)")
            }
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
            #expect(Self.leftovers(in: root).isEmpty)
        }
    }
}

/// The push payload in the output.
@Suite struct PushPayloadTests {
    @Test("render --json and batch lines carry aps; --sound-url-base adds the URL; the longest payload is far below 4096 bytes")
    func apsInOutput() throws {
        let root = try RenderCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = "https://sounds.example.com/a/"
        let render = try CommandRunner.run(["render", "--json", "--prefix", "alipay", "--sound-url-base", base,
                                            "--out", root.path, "123.45"])
        let batch = try CommandRunner.run(["batch", "--prefix", "alipay", "--sound-url-base", base, "--out", root.path],
                                          stdin: "123.45\n")
        for line in [render.stdoutLines[0], batch.stdoutLines[0]] {
            let object = BatchCommandTests.json(line)
            let sound = try #require(object["sound"] as? String)
            let aps = try #require(object["aps"] as? [String: Any])
            #expect(aps["sound"] as? String == sound && aps["mutable-content"] as? Int == 1)
            let alert = try #require(aps["alert"] as? [String: Any])
            #expect(alert["body"] as? String == "支付宝到账一百二十三点四五元" && alert["title"] as? String == "收款通知")
            #expect(object["announce-sound-url"] as? String == "https://sounds.example.com/a/" + sound)
        }
        // The longest phrase: a long custom prefix, the 12-digit maximum in the currency reading.
        let payload = PushPayload(
            body: String(repeating: "收", count: 40) + "九千九百九十九亿九千九百九十九万九千九百九十九元九角九分",
            sound: "announce-999999999999.99-0123abcd.aiff")
            .payload(url: "https://" + String(repeating: "x", count: 500))
        #expect(payload.utf8.count < PushPayload.apnsLimit / 4)
        #expect((try? JSONSerialization.jsonObject(with: Data(payload.utf8))) != nil)
    }

    @Test("bad URL bases are usage errors", arguments: ["ftp://x", "https://", "https://a b", "https://x/?q", "x"])
    func badBase(base: String) throws {
        let result = try CommandRunner.run(["render", "--json", "--sound-url-base", base, "--out", "/nonexistent", "1"])
        #expect(result.status == 64)
    }
}

/// Batch input is read strictly.
@Suite struct BatchInputTests {
    @Test("duplicate keys, trailing commas and invalid UTF-8 are refused, item by item")
    func strictItems() throws {
        var input = Data("{\"amount\":\"1\",\"amount\":\"2\"}\n{\"amount\":\"1\",}\n".utf8)
        input.append(contentsOf: Array("{\"amount\":\"1\",\"id\":\"a".utf8) + [0xFF] + Array("b\"}\n3\n".utf8))
        let result = try CommandRunner.run(["batch", "--dry-run"], stdinData: input)
        #expect(result.status == 65)
        let lines = result.stdoutLines.map(BatchCommandTests.json)
        #expect(lines.count == 4)
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
        #expect(result.stdoutLines[0].contains("\"id\":1234567890123456789,"))
        #expect(result.stdoutLines[1].contains("\"id\":-0.5e3,"))
    }
}

/// What the review of the library move found, end to end.
@Suite struct OutputAndAgeTests {
    @Test("a reused sound's age restarts, so prune keeps a sound still handed out")
    func reuseTouches() throws {
        let root = try RenderCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try CommandRunner.run(["batch", "--out", root.path], stdin: "10\n")
        let file = try #require(BatchCommandTests.json(first.stdoutLines[0])["file"] as? String)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -8 * 86_400)], ofItemAtPath: file)
        let again = try CommandRunner.run(["batch", "--out", root.path], stdin: "10\n")
        #expect(BatchCommandTests.json(again.stdoutLines[0])["cached"] as? Bool == true)
        let prune = try CommandRunner.run(["prune", "--out", root.path, "--older-than", "7d"])
        #expect(prune.status == 0 && FileManager.default.fileExists(atPath: file))
    }

    @Test("prune leaves temporary files younger than an hour, whatever the age asked")
    func youngTemporaryFilesKept() throws {
        let root = try RenderCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let sounds = root.appendingPathComponent("Library/Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        let young = sounds.appendingPathComponent(".announce-1-1.tmp")
        let old = sounds.appendingPathComponent(".announce-1-2.tmp")
        try Data().write(to: young)
        try Data().write(to: old)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -600)], ofItemAtPath: young.path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: old.path)
        let prune = try CommandRunner.run(["prune", "--out", root.path, "--older-than", "1s"])
        #expect(prune.status == 0)
        #expect(FileManager.default.fileExists(atPath: young.path) && !FileManager.default.fileExists(atPath: old.path))
    }

    @Test("standard output that cannot be written: exit 74 with one line; a closed pipe: 74 quietly; unreadable input: 66")
    func outputAndInputFailures() throws {
        let root = try RenderCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let binary = CommandRunner.executable.path
        let full = try CommandRunner.run(["-c", "\"\(binary)\" render --out \"\(root.path)\" 1 > /dev/full"], shell: true)
        #expect(full.status == 74 && full.stderr == "announce: cannot write standard output: No space left on device\n")
        let closed = try CommandRunner.run(
            ["-c", "seq 1 200000 | \"\(binary)\" explain --stdin --json | head -1 > /dev/null; echo ${PIPESTATUS[1]}"], shell: true)
        #expect(closed.stdout == "74\n" && closed.stderr.isEmpty)
        let folder = try CommandRunner.run(["-c", "\"\(binary)\" batch --dry-run < \"\(root.path)\""], shell: true)
        #expect(folder.status == 66 && folder.stderr.contains("cannot read the input"))
        #expect(RenderCommandTests.files(in: root).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }
}

/// Lines stay lines.
@Suite struct LineTests {
    @Test("U+2028, U+2029 and U+0085 are escaped, so every reader sees one line")
    func separatorsEscaped() throws {
        let result = try CommandRunner.run(["explain", "--stdin", "--json"], stdin: "x\u{2028}y\u{2029}z\u{85}\n")
        #expect(result.stdoutLines.count == 1)
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

/// Writing stays inside the real folder, as prune does.
@Suite struct WriteFolderTests {
    @Test("render and batch refuse a symbolic link at Library or Library/Sounds: exit 73, nothing written there")
    func refuseLinkedFolders() throws {
        for linked in ["Library", "Library/Sounds"] {
            let root = try RenderCommandTests.scratch()
            defer { try? FileManager.default.removeItem(at: root) }
            let elsewhere = root.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("Sounds"), withIntermediateDirectories: true)
            let container = root.appendingPathComponent("container")
            try FileManager.default.createDirectory(at: container.appendingPathComponent("Library"), withIntermediateDirectories: true)
            if linked == "Library" {
                try FileManager.default.removeItem(at: container.appendingPathComponent("Library"))
                try FileManager.default.createSymbolicLink(at: container.appendingPathComponent("Library"), withDestinationURL: elsewhere)
            } else {
                try FileManager.default.createSymbolicLink(
                    at: container.appendingPathComponent("Library/Sounds"), withDestinationURL: elsewhere.appendingPathComponent("Sounds"))
            }
            let render = try CommandRunner.run(["render", "--out", container.path, "5"])
            let batch = try CommandRunner.run(["batch", "--out", container.path], stdin: "5\n")
            #expect(render.status == 73 && batch.status == 73, "\(linked)")
            #expect(render.stderr.contains("is a symbolic link"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.appendingPathComponent("Sounds").path).isEmpty)
        }
    }
}
