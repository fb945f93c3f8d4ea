import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// The push fields of the JSON lines (announce-id, announce-at, heldAps,
/// yuan), the rules shared with the iOS extension, and the payload's size.
@Suite struct PushFieldsCommandTests {
    static func json(_ line: String) -> [String: Any] { BatchCommandTests.json(line) }

    @Test("--name accepts exactly the names the extension leaves as sent; content names are the extension's downloads")
    func sharedNameTable() throws {
        let cases = try PushCases.load()
        #expect(cases.names.count >= 20)
        for entry in cases.names {
            let container = OutputFormat.Container.allCases.first { entry.name.hasSuffix("." + $0.rawValue) } ?? .caf
            let format = try OutputFormat(container: container, encoding: .pcm16)
            let accepted = (try? SoundName.validate(entry.name, format: format)) != nil
            #expect(accepted == entry.cliName, "\(entry.name.debugDescription)")
            #expect((SoundName.kind(of: entry.name) == .sound) == (entry.kind == "announcement"), "\(entry.name.debugDescription)")
        }
    }

    @Test("--sound-url-base accepts exactly the table's bases")
    func sharedURLTable() throws {
        for entry in try PushCases.load().urls {
            #expect((PushPayload.validate(base: entry.base) == nil) == entry.cli, "\(entry.base)")
        }
    }

    @Test("a plain http base, a named sound with a URL base, an upper-case extension: one line, exit 64",
          arguments: [
            ["--sound-url-base", "http://sounds.example.com"],
            ["--name", "pay.caf", "--sound-url-base", "https://sounds.example.com"],
            ["--name", "pay.CAF"],
            ["--id", String(repeating: "x", count: 129)],
            ["--id", ""],
            ["--id", "a", "1", "2"],
            ["--at", "100000000000"],
          ])
    func refusedOptions(arguments: [String]) throws {
        let result = try CommandRunner.run(["render", "--json", "--out", "/nonexistent"] + arguments + (arguments.contains("2") ? [] : ["1"]))
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1 && result.stderrLines.first?.hasPrefix("announce: ") == true)
    }

    @Test("render --json: announce-id from --id, announce-at from --at or now, announce-message, heldAps, yuan")
    func renderFields() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let fixed = try CommandRunner.run(["render", "--json", "--prefix", "alipay", "--id", "order-9", "--at", "1767225600",
                                           "--out", root.path, "123.45"])
        #expect(fixed.status == 0)
        let line = fixed.stdoutLines[0]
        #expect(line.hasPrefix(
            #"{"amount":"123.45","announce-at":1767225600,"announce-id":"order-9","announce-message":{"amount":"123.45","prefix":"alipay"},"aps":{"#))
        // The held payment's aps: the banner, no sound, no mutable-content.
        #expect(line.contains(#","heldAps":{"alert":{"body":"支付宝到账一百二十三点四五元","title":"收款通知"}},"#))
        #expect(line.hasSuffix(#","yuan":"123.45"}"#))
        // The same inputs give the same line.
        let again = try CommandRunner.run(["render", "--json", "--prefix", "alipay", "--id", "order-9", "--at", "1767225600",
                                           "--out", root.path, "123.45"])
        #expect(again.stdout == fixed.stdout)

        let before = Int(Date().timeIntervalSince1970)
        let now = try CommandRunner.run(["render", "--json", "--out", root.path, "1"])
        let after = Int(Date().timeIntervalSince1970)
        let object = Self.json(now.stdoutLines[0])
        let at = try #require(object["announce-at"] as? Int)
        #expect(at >= before && at <= after)
        #expect(object["announce-id"] == nil)
    }

    @Test("yuan is the exact amount in yuan whatever the input form")
    func yuanEverywhere() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let explain = try CommandRunner.run(["explain", "--json", "--fen", "12345", "5", "100"])
        #expect(explain.stdoutLines.map { Self.json($0)["yuan"] as? String } == ["123.45", "0.05", "1"])
        #expect(explain.stdoutLines.map { Self.json($0)["amount"] as? String } == ["12345", "5", "100"])
        let together = try CommandRunner.run(["render", "--json", "--together", "--out", root.path, "12.50", "3", "107.95"])
        #expect(Self.json(together.stdoutLines[0])["yuan"] as? String == "123.45")
        let items = """
            {"fen": 12345}
            {"amount": "¥1,000.50"}
            7.1
            {"amounts": ["0.01", "0.02"]}
            {"template": "received"}

            """
        let batch = try CommandRunner.run(["batch", "--out", root.path], stdin: items)
        #expect(batch.status == 0)
        #expect(batch.stdoutLines.map { Self.json($0)["yuan"] as? String } == ["123.45", "1000.50", "7.10", "0.03", nil])
        #expect(Self.json(batch.stdoutLines[0])["amount"] as? String == "12345")
        let dry = try CommandRunner.run(["batch", "--dry-run", "--fen"], stdin: "12345\n")
        #expect(Self.json(dry.stdoutLines[0])["yuan"] as? String == "123.45")
    }

    @Test("batch: fen only as a JSON integer; id and at become announce-id and announce-at, or the item is refused")
    func batchFields() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let long = String(repeating: "x", count: 129)
        let items = """
            {"fen": "12"}
            {"fen": 12, "id": "order-1", "at": 1767225600}
            {"amount": "1", "id": 42}
            {"amount": "1", "id": {"order": 3}}
            {"amount": "1", "id": "\(long)"}
            {"amount": "1", "at": "1767225600"}
            {"amount": "1", "at": -1}
            {"amount": "1", "at": 1.5}
            {"amount": "1", "at": 100000000000}
            {"amount": "1", "name": "pay.caf"}

            """
        let batch = try CommandRunner.run(["batch", "--at", "1700000000", "--sound-url-base", "https://sounds.example.com",
                                           "--out", root.path], stdin: items)
        #expect(batch.status == 65)
        let lines = batch.stdoutLines.map(Self.json)
        #expect(lines.count == 10)
        #expect((lines[0]["error"] as? String)?.hasPrefix("'fen' must be a whole number of fen written as a JSON number, such as 12345") == true)
        #expect(lines[0]["code"] as? String == "bad-field")
        #expect(lines[1]["announce-id"] as? String == "order-1" && lines[1]["announce-at"] as? Int == 1_767_225_600)
        #expect(lines[1]["yuan"] as? String == "0.12")
        #expect(lines[2]["announce-id"] as? String == "42" && lines[2]["announce-at"] as? Int == 1_700_000_000)
        #expect(lines[3]["announce-id"] == nil && lines[3]["error"] == nil && lines[3]["id"] != nil)
        #expect((lines[4]["error"] as? String)?.contains("longer than 128 bytes") == true)
        for index in 5...8 { #expect((lines[index]["error"] as? String)?.hasPrefix("'at' must be") == true, "line \(index + 1)") }
        #expect((lines[9]["error"] as? String)?.contains("never downloaded") == true)
        #expect(batch.stderrLines == ["announce: batch: 7 of 10 items failed"])
        // Without a URL base a named sound is written; its aps names it for iOS to find.
        let named = try CommandRunner.run(["batch", "--out", root.path], stdin: "{\"amount\": \"1\", \"name\": \"pay.caf\"}\n")
        #expect(named.status == 0)
        #expect((Self.json(named.stdoutLines[0])["aps"] as? [String: Any])?["sound"] as? String == "pay.caf")
    }

    @Test("the longest payload, with id, time, message and URL, stays under APNs' 4096 bytes, escaped or not")
    func longestPayload() throws {
        // The longest phrase: a template of the most characters with every
        // slot, a 40-character prefix, the longest count and the 12-digit
        // maximum in the currency reading; the message carries all of it.
        let fixed = String(repeating: "笔", count: Template.maximumLength - "{prefix}{count}{amount}元".count)
        let message = try Message(
            template: try Template("{prefix}{count}" + fixed + "{amount}元"), amount: try Amount(parsing: "999999999999.99"),
            count: try Count(9999), prefix: try Prefix(String(repeating: "收", count: Prefix.maximumLength)),
            options: ReadingOptions(style: .currency, liang: true, leadYi: true))
        let aps = PushPayload(body: message.text, sound: "announce-999999999999.99-0123abcd.aiff")
        let url = PushPayload.url(base: "https://" + String(repeating: "x", count: 504), sound: aps.sound)
        // An id of control characters: each is 6 bytes once escaped.
        let id = String(repeating: "\u{1}", count: PushPayload.maximumIDBytes)
        for held in [false, true] {
            let payload = aps.payload(url: url, id: id, at: BatchItem.latestAt, message: PushMessage(message), held: held)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
            #expect(object["announce-id"] as? String == id && object["announce-at"] as? Int == BatchItem.latestAt)
            #expect(PushFields(userInfo: object).message?.message == (held ? nil : message))
            // An encoder that writes every non-ASCII character as \uXXXX.
            let escaped = payload.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 1 : 6 * String($1).utf16.count) }
            #expect(payload.utf8.count < PushPayload.apnsLimit, "\(payload.utf8.count) bytes")
            #expect(escaped < PushPayload.apnsLimit, "\(escaped) bytes escaped")
        }
        let held = aps.payload(url: nil, held: true)
        #expect(held == #"{"aps":{"alert":{"body":""# + aps.body + #"","title":"收款通知"}}}"#)
    }
}
