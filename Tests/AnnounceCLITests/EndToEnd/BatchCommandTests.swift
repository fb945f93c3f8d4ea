import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// `announce batch` and `announce prune` end to end.
struct BatchCommandTests {
    static func json(_ line: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
    }

    @Test("one batch speaks several voices: an item names its voice, each says it as render --voice does")
    func severalVoices() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let input = """
            {"amount": "2.20", "id": "m", "style": "currency"}
            {"amount": "2.20", "id": "c", "voice": "Cantonese", "style": "currency"}
            {"amount": "7", "id": "f", "voice": "yue"}
            {"amount": "7", "id": "x", "voice": "klingon"}
            {"amount": "7", "id": "p", "voice": "/etc"}
            {"amount": "7", "id": "n", "voice": 5}
            """
        let out = scratch.url.appendingPathComponent("out").path
        let result = try CommandRunner.run(
            ["batch", "--out", out, "--voice-folder", "yue=\(RepositoryPaths.file("Clips/cantonese").path)"], stdin: input)
        let lines = result.stdoutLines.map(Self.json)
        #expect(lines.count == 6)
        let mandarin = try CommandRunner.run(["render", "--style", "currency", "--out", out, "2.20"])
        let cantonese = try CommandRunner.run(["render", "--voice", "cantonese", "--style", "currency", "--out", out, "2.20"])
        let sound = { (line: [String: Any]) in ((line["aps"] as? [String: Any])?["sound"] as? String) ?? "" }
        #expect(mandarin.stdoutLines.first?.hasSuffix("/" + sound(lines[0])) == true)
        #expect(cantonese.stdoutLines.first?.hasSuffix("/" + sound(lines[1])) == true)
        #expect(sound(lines[0]) != sound(lines[1]) && !sound(lines[2]).isEmpty)
        #expect((lines[3]["error"] as? String)?.contains("no voice 'klingon' for this batch (it knows: \((["yue"] + bundledVoiceNames()).joined(separator: ", ")))") == true)
        #expect((lines[4]["error"] as? String)?.hasPrefix("'voice' must be a voice's name") == true)
        #expect((lines[5]["error"] as? String)?.hasPrefix("'voice' must be a voice's name") == true)
        #expect(lines[3...].map { $0["code"] as? String } == ["unknown-voice", "bad-field", "bad-field"])
        // A voice an item names wrongly is the item's data (65), not the command's voice (66).
        #expect(result.status == 65)
        let bad = try CommandRunner.run(["batch", "--voice-folder", "../x", "--out", out], stdin: "1")
        #expect(bad.status == 64 && bad.stderr.contains("--voice-folder must be NAME=DIR"))
    }

    @Test("mixed good and bad lines: one result per item, in order, exit 65 with a summary")
    func mixed() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let input = """
            123.45

            -5
            {"amount": "10", "id": 7, "prefix": "wechat"}
            {"fen": 12345, "id": "order-9", "style": "currency", "name": "pay.caf"}
            {"amount": 5}
            {"amount": "1", "bogus": true}
            {"amount": "2", "liang": true, "leadYi": "yes"}

            """
        let result = try CommandRunner.run(["batch", "--out", root.path, "--jobs", "2"], stdin: input)
        #expect(result.status == 65)
        #expect(result.stderrLines == ["announce: batch: 4 of 7 items failed"])
        let lines = result.stdoutLines.map(Self.json)
        try #require(lines.count == 7)
        #expect(lines.map { $0["line"] as? Int } == [1, 3, 4, 5, 6, 7, 8])
        #expect(lines[0]["text"] as? String == "到账一百二十三点四五元" && lines[0]["cached"] as? Bool == false)
        #expect(lines[1]["error"] as? String == "'-5': negative amounts cannot be announced")
        #expect(lines[2]["id"] as? Int == 7 && lines[2]["text"] as? String == "微信收款十元")
        #expect(lines[3]["id"] as? String == "order-9" && lines[3]["text"] as? String == "到账一百二十三元四角五分")
        #expect(lines[3]["sound"] as? String == "pay.caf" && lines[3]["amount"] as? String == "12345")
        #expect((lines[4]["error"] as? String)?.contains("must be a string") == true)
        #expect((lines[5]["error"] as? String)?.hasPrefix("unknown field 'bogus'") == true)
        #expect(lines[6]["error"] as? String == "'leadYi' must be true or false")
        for line in lines where line["error"] == nil {
            #expect(FileManager.default.fileExists(atPath: line["file"] as? String ?? ""))
            for key in ["bytes", "duration", "encoding", "format", "sampleRate", "sound", "speed", "words", "clips"] {
                #expect(line[key] != nil, "\(key)")
            }
        }
        #expect(Set(RenderCommandTests.files(in: root)).count == 3)
    }

    /// Every way one item can be wrong, beside good items: each is that
    /// item's error line, with its code, its input as given and its amount
    /// only once read; the batch exits 65, never 64 or 66, for bad data.
    @Test("one of each item error among good items: one error line each with its code, exit 65")
    func everyItemError() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let cases: [(line: String, code: String, amount: String?)] = [
            ("-5", "bad-amount", nil),
            (#"{"fen": -1}"#, "bad-amount", nil),
            (#"{"fen": "12"}"#, "bad-field", nil),
            (#"{"amount": "1", "amout": "2"}"#, "unknown-field", nil),
            (#"{"amount": "1""#, "not-json", nil),
            (#"{"amount": "1", "template": "{bogus}"}"#, "bad-template", nil),
            (#"{"amount": "1", "template": "received"}"#, "bad-message", "1"),
            (#"{"amount": "1", "count": 0, "template": "summary"}"#, "bad-count", "1"),
            (#"{"amount": "1", "prefix": "到\u0007账"}"#, "bad-prefix", "1"),
            (#"{"amount": "1", "name": "../x.caf"}"#, "bad-name", "1"),
            (#"{"amount": "1", "variants": ["lang"]}"#, "bad-variant", "1"),
            (#"{"amount": "10", "variants": ["lead-yi"], "voice": "cantonese"}"#, "bad-variant", "10"),
            (#"{"amount": "1", "voice": "klingon"}"#, "unknown-voice", "1"),
            (#"{"amount": "1", "prefix": "美团"}"#, "not-in-voice", "1"),
            (#"{"amount": "233333333333.33", "style": "currency", "liang": true, "prefix": "alipay"}"#, "over-budget", "233333333333.33"),
            (#"{"amount": "1", "at": -1}"#, "bad-field", "1"),
            (#"{"amounts": ["1", "x"]}"#, "bad-amount", nil),
        ]
        let input = (["1"] + cases.map(\.line) + [#"{"amounts": ["1", "2"], "id": "burst"}"#]).joined(separator: "\n")
        let result = try CommandRunner.run(["batch", "--out", scratch.url.path], stdin: input)
        #expect(result.status == 65)
        let lines = result.stdoutLines.map(Self.json)
        try #require(lines.count == cases.count + 2)
        #expect(lines.first?["error"] == nil && lines.last?["error"] == nil)
        #expect(lines.last?["amounts"] as? [String] == ["1", "2"])
        for (expected, line) in zip(cases, lines.dropFirst()) {
            #expect(line["code"] as? String == expected.code, "\(expected.line): \(line)")
            #expect(line["input"] as? String == expected.line)
            #expect(line["amount"] as? String == expected.amount, "\(expected.line): \(line)")
            #expect((line["error"] as? String)?.isEmpty == false)
        }
        #expect(lines[2]["error"] as? String == "'fen' is -1: negative amounts cannot be announced")
        #expect((lines[11]["error"] as? String)?.contains("did you mean 'liang'?") == true)
        // A burst whose amounts were read keeps them as a list.
        let burst = try CommandRunner.run(["batch", "--dry-run"], stdin: #"{"amounts": ["1", "2"], "count": "x", "id": "b"}"#)
        let line = Self.json(burst.stdoutLines.first ?? "{}")
        #expect(burst.status == 65 && line["amounts"] as? [String] == ["1", "2"] && line["amount"] == nil && line["id"] as? String == "b")
        // The codes of the lines are the documented ones (docs/CLI.md, "Error codes").
        let documented = try String(contentsOf: RepositoryPaths.file("docs/CLI.md"), encoding: .utf8)
        for code in BatchErrorCode.allCases {
            #expect(documented.contains("| `\(code.rawValue)` |"), "\(code.rawValue) is not in docs/CLI.md")
        }
    }

    @Test("order is kept with several jobs")
    func order() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let amounts = (0..<120).map { String(($0 * 7_919_357) % 99_999_999) + "." + String(10 + $0 % 90) }
        let result = try CommandRunner.run(["batch", "--out", root.path, "--jobs", "4", "--format", "wav"],
                                           stdin: amounts.joined(separator: "\n"))
        #expect(result.status == 0)
        let lines = result.stdoutLines.map(Self.json)
        #expect(lines.map { $0["amount"] as? String } == amounts)
        #expect(lines.map { $0["line"] as? Int } == Array(1...120))
    }

    @Test("--dry-run gives the explain JSON, plus line and id, and writes nothing")
    func dryRun() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let amounts = ["0.01", "10", "100001000", "22222.22"]
        let batch = try CommandRunner.run(["batch", "--dry-run", "--out", root.path, "--liang", "--prefix", "alipay"],
                                          stdin: amounts.joined(separator: "\n"))
        let explain = try CommandRunner.run(["explain", "--json", "--liang", "--prefix", "alipay"] + amounts)
        #expect(batch.status == 0 && explain.status == 0)
        for (batchLine, explainLine) in zip(batch.stdoutLines, explain.stdoutLines) {
            var fields = Self.json(batchLine)
            #expect(fields.removeValue(forKey: "line") != nil)
            #expect(NSDictionary(dictionary: fields) == NSDictionary(dictionary: Self.json(explainLine)))
        }
        #expect(batch.stdoutLines.count == amounts.count)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Library").path))
    }

    @Test("a second run renders nothing; --force renders again, to the same bytes")
    func idempotent() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let input = "1\n2.5\n{\"amount\": \"3\", \"name\": \"three.caf\"}\n"
        // --at fixes announce-at, which is otherwise each run's own "now".
        let first = try CommandRunner.run(["batch", "--at", "1767225600", "--out", root.path], stdin: input)
        try #require(first.stdoutLines.count > 0)
        let file = try #require(Self.json(first.stdoutLines[0])["file"] as? String)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let second = try CommandRunner.run(["batch", "--at", "1767225600", "--out", root.path], stdin: input)
        #expect(second.status == 0)
        #expect(second.stdoutLines.map { Self.json($0)["cached"] as? Bool } == [true, true, true])
        // A cached line is proven by rendering the item again: every field but
        // `cached` is what the first run reported.
        #expect(second.stdoutLines.map { $0.replacingOccurrences(of: "\"cached\":true", with: "\"cached\":false") }
            == first.stdoutLines)
        try #require(second.stdoutLines.count > 0)
        #expect(Self.json(second.stdoutLines[0])["duration"] as? Double == Self.json(first.stdoutLines[0])["duration"] as? Double)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: file)
        let forced = try CommandRunner.run(["batch", "--out", root.path, "--force"], stdin: input)
        #expect(forced.stdoutLines.map { Self.json($0)["cached"] as? Bool } == [false, false, false])
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
        let modified = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        #expect((modified?.timeIntervalSince1970 ?? 0) > 0)
    }

    @Test("results stream: an answer comes before the input ends", arguments: [1, 3])
    func streaming(jobs: Int) throws {
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["batch", "--dry-run", "--jobs", String(jobs)]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        #expect(ProcessRunner.write(Data("123.45\n".utf8), to: input.fileHandleForWriting.fileDescriptor))
        let answered = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var received = Data()
        DispatchQueue.global().async {
            while !received.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                received.append(chunk)
            }
            answered.signal()
        }
        #expect(answered.wait(timeout: .now() + 30) == .success)
        #expect(String(decoding: received, as: UTF8.self).hasPrefix(#"{"amount":"123.45""#))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("an output that cannot be written stops the batch: exit 73, the reason, no temporary left")
    func unwritableStops() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let sounds = root.appendingPathComponent("Library/Sounds")
        try FileManager.default.createDirectory(at: sounds.appendingPathComponent("taken.caf"), withIntermediateDirectories: true)
        let input = ["1", #"{"amount": "2", "name": "taken.caf"}"#, "3", "4", "5"].joined(separator: "\n")
        let result = try CommandRunner.run(["batch", "--out", root.path, "--jobs", "1"], stdin: input)
        #expect(result.status == 73)
        #expect(result.stderrLines.last?.hasSuffix("taken.caf: it is a folder") == true, "\(result.stderrLines)")
        let lines = result.stdoutLines.map(Self.json)
        #expect(lines.map { $0["line"] as? Int } == [1, 2], "the batch stops after the item that failed")
        #expect((lines.last?["error"] as? String)?.hasSuffix("it is a folder") == true)
        #expect(RenderCommandTests.files(in: root).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test("a long stream goes through with every line answered")
    func longStream() throws {
        let count = 20_000
        let input = (0..<count).map { String($0 * 37 % 1_000_000) }.joined(separator: "\n")
        let result = try CommandRunner.run(["batch", "--dry-run", "--jobs", "2"], stdin: input)
        #expect(result.status == 0)
        try #require(result.stdoutLines.count == count)
        #expect(Self.json(result.stdoutLines[count - 1])["line"] as? Int == count)
    }

    @Test("two batches writing the same files into one folder leave only whole, correct files")
    func concurrentBatches() throws {
        let sharedScratch = try ScratchFolder(), referenceScratch = try ScratchFolder()
        defer { sharedScratch.remove(); referenceScratch.remove() }
        let shared = sharedScratch.url, reference = referenceScratch.url
        let input = (1...40).map { "\($0 * 1_234_567 % 99_999_999).\($0 % 90 + 10)" }.joined(separator: "\n")
        _ = try CommandRunner.run(["batch", "--out", reference.path, "--format", "wav"], stdin: input)
        let group = DispatchGroup()
        nonisolated(unsafe) var statuses: [Int32] = [0, 0, 0]
        for index in 0..<3 {
            DispatchQueue.global().async(group: group) {
                statuses[index] = (try? CommandRunner.run(
                    ["batch", "--force", "--jobs", "2", "--out", shared.path, "--format", "wav"], stdin: input))?.status ?? -1
            }
        }
        group.wait()
        #expect(statuses == [0, 0, 0])
        let names = RenderCommandTests.files(in: shared)
        #expect(names == RenderCommandTests.files(in: reference))
        #expect(names.count == 40 && !names.contains { $0.hasSuffix(".tmp") })
        for name in names {
            let written = try Data(contentsOf: shared.appendingPathComponent("Library/Sounds/\(name)"))
            let expected = try Data(contentsOf: reference.appendingPathComponent("Library/Sounds/\(name)"))
            #expect(written == expected, "\(name)")
        }
    }

    @Test("odd input and any id survive the JSON round trip exactly")
    func jsonEscaping() throws {
        let odd = "a\"b\\c\u{01}d\te/f\u{7F}é中\u{1F600}"
        let explain = try CommandRunner.run(["explain", "--stdin", "--json"], stdin: odd + "\n")
        #expect(explain.status == 65)
        try #require(explain.stdoutLines.count > 0)
        #expect(Self.json(explain.stdoutLines[0])["amount"] as? String == odd)
        let id = #"{"z": [1, 2.5, -3e-7, true, null, "x\"y"], "a": {"b": "c"}, "n": 12345678901}"#
        let batch = try CommandRunner.run(["batch", "--dry-run"], stdin: #"{"amount": "5", "id": \#(id)}"# + "\n")
        #expect(batch.status == 0)
        try #require(batch.stdoutLines.count > 0)
        let echoed = Self.json(batch.stdoutLines[0])["id"] as? [String: Any]
        let expected = try JSONSerialization.jsonObject(with: Data(id.utf8)) as? [String: Any]
        #expect(echoed.map { NSDictionary(dictionary: $0) } == expected.map { NSDictionary(dictionary: $0) })
        // Echoed exactly as written: members in their order, numbers as their text.
        #expect(batch.stdoutLines[0].contains(#""id":{"z":[1,2.5,-3e-7,true,null,"x\"y"],"a":{"b":"c"},"n":12345678901}"#))
    }

    @Test("usage errors exit 64", arguments: [
        ["batch", "--jobs", "0"], ["batch", "--name", "x.caf"], ["batch", "--format", "wav", "--encoding", "ima4"],
    ])
    func usage(arguments: [String]) throws {
        #expect(try CommandRunner.run(arguments, stdin: "5\n").status == 64)
    }

    @Test("a missing input file is one line and exit 66")
    func missingFile() throws {
        let result = try CommandRunner.run(["batch", "/nonexistent/items.txt"])
        #expect(result.status == 66)
        #expect(result.stderrLines == ["announce: cannot read /nonexistent/items.txt: No such file or directory"])
    }
}

struct PruneCommandTests {
    @Test("prune removes only announce's own files older than the age")
    func prune() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let sounds = root.appendingPathComponent("Library/Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        let old = Date().addingTimeInterval(-2 * 86400)
        let files: [(String, Date, Bool)] = [
            ("announce-123.45-0a1b2c3d.caf", old, true),
            ("announce-10-ffffffff.wav", old, true),
            (".announce-4242-7.tmp", old, true),
            ("announce-5-12345678.aiff", Date(), false),  // too young
            ("announce-123.45-0a1b2c3d.mp3", old, false),  // not ours
            ("pay.caf", old, false),  // a --name file
            ("notes.txt", old, false),
            ("announce-1-XYZ.caf", old, false),
        ]
        for (name, date, _) in files {
            let url = sounds.appendingPathComponent(name)
            try Data("x".utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
        }
        try FileManager.default.createDirectory(at: sounds.appendingPathComponent("announce-9-00000000.caf"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sounds.appendingPathComponent("announce-8-00000000.caf").path,
                                                   withDestinationPath: sounds.appendingPathComponent("pay.caf").path)
        let expected = Set(files.filter(\.2).map { sounds.appendingPathComponent($0.0).standardizedFileURL.path })

        let dry = try CommandRunner.run(["prune", "--out", root.path, "--older-than", "1d", "--dry-run"])
        #expect(dry.status == 0)
        #expect(Set(dry.stdoutLines) == expected)
        #expect(dry.stderrLines.first?.hasPrefix("prune: would remove 3 file(s)") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sounds.path).count == files.count + 2)

        let result = try CommandRunner.run(["prune", "--out", root.path, "--older-than", "12h", "--json"])
        #expect(result.status == 0)
        let removed = result.stdoutLines.map { BatchCommandTests.json($0) }
        #expect(Set(removed.compactMap { $0["file"] as? String }) == expected)
        #expect(removed.allSatisfy { $0["removed"] as? Bool == true && ($0["age"] as? Double ?? 0) > 86000 })
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: sounds.path))
        #expect(left == Set(files.filter { !$0.2 }.map(\.0) + ["announce-9-00000000.caf", "announce-8-00000000.caf"]))
    }

    @Test("bad ages are usage errors", arguments: ["", "12", "1x", "-5m", "1.5h", "h"])
    func badAge(age: String) throws {
        #expect(try CommandRunner.run(["prune", "--older-than", age]).status == 64)
    }
}


/// The bundled voices as the command line lists them: the default first,
/// then the others of Clips/ by name.
func bundledVoiceNames() -> [String] {
    let clips = RepositoryPaths.file("Clips")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: clips.path)) ?? []).filter {
        FileManager.default.fileExists(atPath: clips.appendingPathComponent($0).appendingPathComponent("voice.json").path)
    }
    return names.sorted { ($0 == "default" ? 0 : 1, $0) < ($1 == "default" ? 0 : 1, $1) }
}
