import AnnounceTestSupport
import Foundation
import Testing

/// scripts/apns/send-push sends a line of `announce batch` as a backend
/// would, and scripts/apns/loopback-apns checks it as APNs would (path,
/// headers, the token's ES256 signature, the body), on 127.0.0.1 only. The
/// first run makes the scripts' virtual environments from PyPI.
@Suite(.serialized) struct APNsScriptTests {
    static let sendPush = RepositoryPaths.file("scripts/apns/send-push")
    static let loopback = RepositoryPaths.file("scripts/apns/loopback-apns")
    static let keyID = "ABC123DEFG"
    static let teamID = "DEF123GHIJ"
    static let topic = "com.example.merchant"
    static let deviceToken = String(repeating: "0a1b", count: 16)
    /// Making a virtual environment downloads its packages once.
    static let firstRunTimeout: Double = 600

    /// The line announce batch prints for order-9.
    static func batchLine(in scratch: ScratchFolder) throws -> String {
        let result = try CommandRunner.run(
            ["batch", "--prefix", "alipay", "--sound-url-base", "https://sounds.example.com", "--out", scratch.file("srv")],
            stdin: #"{"amount": "123.45", "id": "order-9", "at": 1767225600}"# + "\n")
        try #require(result.status == 0, "\(result)")
        return try #require(result.stdoutLines.first)
    }

    static func sendPush(_ arguments: [String], stdin: String = "") throws -> ProcessResult {
        try ProcessRunner.run(sendPush, arguments, stdin: Data(stdin.utf8), timeout: firstRunTimeout)
    }

    static func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("a push and a held push reach the loopback APNs signed and as announce printed them; a foreign key is refused")
    func sendsToLoopbackAPNs() throws {
        let scratch = try ScratchFolder("apns")
        let line = try Self.batchLine(in: scratch)
        try Data((line + "\n").utf8).write(to: scratch.url("line.json"))
        let server = try LoopbackAPNs(folder: scratch.url("apns"), requests: 3)
        defer { server.stop() }
        let common = [
            "--key-id", Self.keyID, "--team-id", Self.teamID, "--topic", Self.topic, "--device-token", Self.deviceToken.uppercased(),
            "--server", server.url, "--cacert", scratch.file("apns/server.pem"), "--token-cache", scratch.file("tokens"),
        ]
        let key = ["--key", scratch.file("apns/AuthKey_\(Self.keyID).p8")]
        let start = Date()

        let sent = try Self.sendPush(key + common + [scratch.file("line.json")])
        #expect(sent.status == 0, "\(sent)")
        #expect(sent.stdout.hasPrefix("sent: 200 apns-id "), "\(sent)")
        let held = try Self.sendPush(key + common + ["--held"], stdin: line + "\n")
        #expect(held.status == 0, "\(held)")
        let foreign = try Self.sendPush(["--key", scratch.file("apns/other.p8")] + common + [scratch.file("line.json")])
        #expect(foreign.status == 1, "\(foreign)")
        #expect(foreign.stdout == "refused: 403 InvalidProviderToken\n")

        let requests = try server.finish()
        try #require(requests.count == 3)
        let printed = try Self.jsonObject(line)
        for (index, request) in requests.enumerated() {
            let headers = try #require(request["headers"] as? [String: String])
            #expect(headers[":method"] == "POST")
            #expect(headers[":path"] == "/3/device/" + Self.deviceToken)
            #expect(headers["apns-topic"] == Self.topic)
            #expect(headers["apns-push-type"] == "alert")
            #expect(headers["apns-priority"] == "10")
            #expect(headers["apns-collapse-id"] == "order-9")
            let expiration = try #require(headers["apns-expiration"].flatMap(Double.init))
            #expect(abs(expiration - start.timeIntervalSince1970 - 120) < 60, "apns-expiration \(expiration)")
            #expect(request["status"] as? Int == (index < 2 ? 200 : 403), "request \(index): \(request)")
        }
        // The payload is the line's aps and announce-* keys, exactly.
        let payload = try #require(requests[0]["payload"] as? [String: Any])
        #expect(Set(payload.keys) == ["aps", "announce-at", "announce-id", "announce-message", "announce-sound-url"])
        #expect(NSDictionary(dictionary: payload["announce-message"] as? [String: Any] ?? [:])
            .isEqual(to: printed["announce-message"] as? [String: Any] ?? ["": 0]))
        #expect(NSDictionary(dictionary: payload["aps"] as? [String: Any] ?? [:]).isEqual(to: printed["aps"] as? [String: Any] ?? ["": 0]))
        #expect(payload["announce-sound-url"] as? String == printed["announce-sound-url"] as? String)
        #expect(payload["announce-id"] as? String == "order-9")
        #expect(payload["announce-at"] as? Int == 1_767_225_600)
        // A held payment: the banner alone, nothing to download.
        let heldPayload = try #require(requests[1]["payload"] as? [String: Any])
        #expect(Set(heldPayload.keys) == ["aps", "announce-at", "announce-id"])
        #expect(NSDictionary(dictionary: heldPayload["aps"] as? [String: Any] ?? [:]).isEqual(to: printed["heldAps"] as? [String: Any] ?? ["": 0]))
        // The token's claims, verified against the public key by the server.
        let claims = try #require(requests[0]["claims"] as? [String: Any])
        #expect(claims["iss"] as? String == Self.teamID)
    }

    /// The kept token's file, as send-push names it.
    static func tokenFile(in scratch: ScratchFolder) -> URL {
        scratch.url("tokens/apns-token-\(teamID)-\(keyID).json")
    }

    static func sha256(of file: URL) throws -> String {
        let digest = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [file.path])
        return String(digest.stdout.prefix(64))
    }

    @Test("pushes in a row share one provider token, kept in a 0600 file; a sender that makes a new token each time gets 429 as from APNs")
    func theProviderTokenIsReusedAcrossRuns() throws {
        let scratch = try ScratchFolder("apns-token")
        let line = try Self.batchLine(in: scratch)
        let server = try LoopbackAPNs(folder: scratch.url("apns"), requests: 5)
        defer { server.stop() }
        let common = [
            "--key", scratch.file("apns/AuthKey_\(Self.keyID).p8"), "--key-id", Self.keyID, "--team-id", Self.teamID,
            "--topic", Self.topic, "--device-token", Self.deviceToken, "--server", server.url, "--cacert", scratch.file("apns/server.pem"),
        ]
        for run in 0..<4 {
            let sent = try Self.sendPush(common + ["--token-cache", scratch.file("tokens")], stdin: line + "\n")
            #expect(sent.status == 0, "run \(run): \(sent)")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: Self.tokenFile(in: scratch).path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: scratch.file("tokens"))
        #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        // Without the kept token, the next run signs a new one within 20 minutes.
        let fresh = try Self.sendPush(common + ["--token-cache", scratch.file("elsewhere")], stdin: line + "\n")
        #expect(fresh.status == 1, "\(fresh)")
        #expect(fresh.stdout == "refused: 429 TooManyProviderTokenUpdates\n")

        let requests = try server.finish()
        try #require(requests.count == 5)
        #expect(requests.map { $0["status"] as? Int } == [200, 200, 200, 200, 429])
        #expect(requests.map { $0["tokens"] as? Int } == [1, 1, 1, 1, 1])
    }

    @Test("a kept token is reused up to 50 minutes after it was made, not after; one APNs refuses is forgotten")
    func aKeptTokenIsReusedForFiftyMinutesAtMost() throws {
        let scratch = try ScratchFolder("apns-token-age")
        let line = try Self.batchLine(in: scratch)
        let server = try LoopbackAPNs(folder: scratch.url("apns"), requests: 2)
        defer { server.stop() }
        let keyFile = scratch.url("apns/AuthKey_\(Self.keyID).p8")
        let common = [
            "--key", keyFile.path, "--key-id", Self.keyID, "--team-id", Self.teamID, "--topic", Self.topic,
            "--device-token", Self.deviceToken, "--server", server.url, "--cacert", scratch.file("apns/server.pem"),
            "--token-cache", scratch.file("tokens"),
        ]
        let fingerprint = try Self.sha256(of: keyFile)
        let tokenFile = Self.tokenFile(in: scratch)
        try FileManager.default.createDirectory(at: tokenFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        func keep(age: Int) throws {
            let issued = Int(Date().timeIntervalSince1970) - age
            try Data(#"{"iat":\#(issued),"key-sha256":"\#(fingerprint)","token":"not.a.token"}"#.utf8).write(to: tokenFile)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        }
        // 49 minutes old: still reused (APNs refuses this one, it is no token).
        try keep(age: 49 * 60)
        let reused = try Self.sendPush(common, stdin: line + "\n")
        #expect(reused.stdout == "refused: 403 InvalidProviderToken\n", "\(reused)")
        #expect(!FileManager.default.fileExists(atPath: tokenFile.path), "a refused token is forgotten")
        // 51 minutes old: a new token is signed and kept.
        try keep(age: 51 * 60)
        let renewed = try Self.sendPush(common, stdin: line + "\n")
        #expect(renewed.status == 0, "\(renewed)")
        let kept = try Self.jsonObject(String(contentsOf: tokenFile, encoding: .utf8))
        #expect(kept["token"] as? String != "not.a.token")
        #expect(abs((kept["iat"] as? Double ?? 0) - Date().timeIntervalSince1970) < 120)
        _ = try server.finish()
    }

    @Test func aLongIdIsHashedForTheCollapseIdAndTheRequestCanBeShownWithoutSending() throws {
        let id = String(repeating: "订", count: 30)
        let line = #"{"announce-id":"\#(id)","aps":{"alert":{"title":"收款通知","body":"支付宝到账十元"},"sound":"pay.caf"}}"#
        let result = try Self.sendPush(
            ["--key", "/nonexistent.p8", "--key-id", Self.keyID, "--team-id", Self.teamID, "--topic", Self.topic,
             "--device-token", Self.deviceToken, "--time-sensitive", "--dry-run"], stdin: line + "\n")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdoutLines
        #expect(lines.first == "POST https://api.sandbox.push.apple.com/3/device/" + Self.deviceToken)
        // 90 bytes of id, more than APNs takes: its SHA-256 in hex.
        let digest = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [], stdin: Data(id.utf8))
        let sha256 = String(digest.stdout.prefix(64))
        #expect(lines.contains("apns-collapse-id: " + sha256), "\(lines)")
        #expect(lines.last == #"{"announce-id":"\#(id)","aps":{"alert":{"body":"支付宝到账十元","title":"收款通知"},"interruption-level":"time-sensitive","sound":"pay.caf"}}"#)
    }

    @Test(arguments: [
        (#"{"amount":"-5","line":2,"error":"not an amount: -5"}"#, "the line is a failed item: not an amount: -5"),
        ("not json", "the line is not JSON"),
        (#"{"amount":"1","text":"支付宝到账一元"}"#, "the line has no aps object"),
    ])
    func aLineThatIsNoPushIsRefusedBeforeAnythingIsSent(line: String, message: String) throws {
        let result = try Self.sendPush(
            ["--key", "/nonexistent.p8", "--key-id", Self.keyID, "--team-id", Self.teamID, "--topic", Self.topic,
             "--device-token", Self.deviceToken, "--server", "https://127.0.0.1:9"], stdin: line + "\n")
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("send-push: " + message), "\(result)")
    }

    @Test func badOptionsAreUsageErrors() throws {
        let result = try Self.sendPush(
            ["--key", "/nonexistent.p8", "--key-id", "short", "--team-id", Self.teamID, "--topic", Self.topic,
             "--device-token", Self.deviceToken], stdin: "{}\n")
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--key-id must be 10 capital letters or digits"))
    }
}

/// scripts/apns/loopback-apns running in the background for one test.
final class LoopbackAPNs: @unchecked Sendable {
    let folder: URL
    let url: String
    private let process = Process()

    init(folder: URL, requests: Int) throws {
        self.folder = folder
        process.executableURL = APNsScriptTests.loopback
        process.arguments = [
            "--dir", folder.path, "--key-id", APNsScriptTests.keyID, "--team-id", APNsScriptTests.teamID,
            "--topic", APNsScriptTests.topic, "--device-token", APNsScriptTests.deviceToken,
            "--requests", String(requests), "--seconds", "300",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is the address, once the keys and certificate exist.
        let first = FirstLine()
        let ready = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var bytes = Data()
            while let chunk = try? output.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty, chunk != Data("\n".utf8) {
                bytes.append(chunk)
            }
            first.set(String(decoding: bytes, as: UTF8.self))
            ready.signal()
        }
        guard ready.wait(timeout: .now() + APNsScriptTests.firstRunTimeout) == .success, first.value.hasPrefix("https://127.0.0.1:") else {
            process.terminate()
            throw Failure(description: "loopback-apns did not start: \(first.value)")
        }
        url = first.value
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Waits for the server to stop after its requests; its records.
    func finish() throws -> [[String: Any]] {
        let ended = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            self.process.waitUntilExit()
            ended.signal()
        }
        guard ended.wait(timeout: .now() + 60) == .success else { throw Failure(description: "loopback-apns did not stop") }
        let text = try String(contentsOf: folder.appendingPathComponent("requests.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { try APNsScriptTests.jsonObject(String($0)) }
    }

    func stop() {
        if process.isRunning { process.terminate() }
    }

    private final class FirstLine: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        var value: String { lock.withLock { text } }
        func set(_ value: String) { lock.withLock { text = value } }
    }
}
