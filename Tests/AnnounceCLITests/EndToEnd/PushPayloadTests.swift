import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// The push payload in the output.
@Suite struct PushPayloadTests {
    @Test("render --json and batch lines carry aps; --sound-url-base adds the URL; the longest payload is far below 4096 bytes")
    func apsInOutput() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let base = "https://sounds.example.com/a/"
        let render = try CommandRunner.run(["render", "--json", "--prefix", "alipay", "--sound-url-base", base,
                                            "--out", root.path, "123.45"])
        let batch = try CommandRunner.run(["batch", "--prefix", "alipay", "--sound-url-base", base, "--out", root.path],
                                          stdin: "123.45\n")
        try #require(render.stdoutLines.count > 0)
        try #require(batch.stdoutLines.count > 0)
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
