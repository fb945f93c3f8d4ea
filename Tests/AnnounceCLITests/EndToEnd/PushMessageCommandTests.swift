import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// The push for phones that render: every push carries the message, the
/// phone reads it back as iOS decodes it, and its pack says the server's
/// sound.
@Suite struct PushMessageCommandTests {
    /// The bundled voice's pack, made as users make it.
    static let pack = try! DevicePack(data: BundledPack.bytes, name: "default.announcepack")

    /// The push payload of a JSON line, decoded as iOS hands it to the
    /// extension.
    static func userInfo(_ payload: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
    }

    @Test("render --json lines carry the message; the phone reads the same message back and its pack says the server's sound", arguments: [
        ["--prefix", "alipay", "123.45"], ["--prefix", "none", "--style", "currency", "--liang", "2222.22"],
        ["--template", "summary", "--count", "3", "--prefix", "wechat", "300"], ["--template", "received"],
        ["--template", "refund", "--lead-yi", "10.5"], ["--together", "--prefix", "collect", "1", "2.5", "7"],
    ])
    func roundTrip(_ arguments: [String]) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let render = try CommandRunner.run(["render", "--json", "--out", scratch.path] + arguments)
        #expect(render.status == 0, "\(render.stderr)")
        let line = try #require(render.stdoutLines.first)
        let object = try Self.userInfo(line)
        let fields = try #require(object[PushMessage.key])
        let message = try PushMessage(fields: fields).message
        #expect(object["text"] as? String == message.text)
        // The pack says it under the server's name.
        let phone = try PackAnnouncer(pack: Self.pack).render(message)
        #expect(phone.soundName == object["sound"] as? String)
    }

    @Test("batch lines carry the message, and a held payment's push does not")
    func batch() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let result = try CommandRunner.run(
            ["batch", "--prefix", "alipay", "--out", scratch.path], stdin: "{\"fen\": 12345, \"id\": \"a\"}\n")
        let object = try Self.userInfo(try #require(result.stdoutLines.first))
        let message = try PushMessage(fields: object[PushMessage.key]).message
        let amount = try Amount(fen: 12345)
        let prefix = try Prefix("alipay")
        #expect(message.amount == amount && message.prefix == prefix)
        let report = AnnouncementReport(input: "1", error: "")
        #expect(report.pushPayload(held: true) == nil)
        var held = AnnouncementReport(input: "1", error: "")
        held.aps = PushPayload(body: "x", sound: "announce-1-00000000.caf")
        held.message = PushMessage(message)
        #expect(held.pushPayload(held: true)?.contains(PushMessage.key) == false)
        #expect(held.pushPayload(held: false)?.contains(PushMessage.key) == true)
    }

    @Test("a push's message with a missing or mistyped field is refused in one line, never read as another amount", arguments: [
        #"{"amount": 123.45}"#, #"{"amount": "12.345"}"#, #"{"amount": "-5"}"#, #"{"amount": true}"#, #"{}"#,
        #"{"amount": "1", "style": "roman"}"#, #"{"amount": "1", "prefix": 5}"#,
        #"{"amount": "1", "template": "nosuch {"}"#, #"{"amount": "1000000000000"}"#, #"{"amount": "1", "count": 2.5}"#,
        #"{"template": "summary", "amount": "100"}"#, #"{"template": "summary", "amount": "100", "count": true}"#,
        #"[1, 2]"#, #""payment""#, #"null"#,
    ])
    func malformed(_ json: String) throws {
        let fields = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        do {
            let message = try PushMessage(fields: fields is NSNull ? nil : fields).message
            Issue.record("read as \(message.text)")
        } catch {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
            #expect(error.category == .rejectedInput)
            #expect(PushMessage(value: fields) == nil)
        }
    }

    /// iOS hands JSON over as `NSNumber`s, whose type tells `true` from 1
    /// there; here the values are Swift's own.
    @Test("a number where a flag belongs, or a flag where a count belongs, is refused")
    func flagsAndNumbers() {
        let cases: [[AnyHashable: Any]] = [
            ["amount": "1", "liang": 1], ["amount": "1", "leadYi": 0],
            ["template": "summary", "amount": "100", "count": true], ["template": "summary", "amount": "100", "count": -3],
        ]
        for fields in cases {
            #expect(throws: MalformedPushMessage.self, "\(fields)") { try PushMessage(fields: fields) }
        }
        #expect(throws: Never.self) { try PushMessage(fields: ["amount": "1", "liang": true]) }
    }

    @Test("the longest push with its message stays far below APNs' 4096 bytes")
    func longest() throws {
        let message = try Message(
            template: try Template("summary"), amount: try Amount(fen: UInt64(Message.summaryMaximumTotalFen)),
            count: try Count(Message.summaryMaximumCount), prefix: try Prefix(String(repeating: "收", count: 40)),
            options: ReadingOptions(style: .currency, liang: true, leadYi: true))
        let payload = PushPayload(body: String(repeating: "收", count: 40) + message.text, sound: "announce-999999999999.99-0123abcd.aiff")
            .payload(url: "https://" + String(repeating: "x", count: 500), id: String(repeating: "i", count: 128), at: 1_800_000_000,
                     message: PushMessage(message))
        #expect(payload.utf8.count < PushPayload.apnsLimit / 2, "\(payload.utf8.count) bytes")
        let read = try PushMessage(fields: try Self.userInfo(payload)[PushMessage.key]).message
        #expect(read == message)
    }
}
