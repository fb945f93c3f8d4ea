import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// The push a backend linking the library sends, from a batch result.
@Suite struct BatchResultPayloadTests {
    @Test("a result's push payload and held payload carry the item's id and time, and the sound's URL when it plays")
    func resultPayloads() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let folder = SoundsFolder(root: scratch.url.path)
        try folder.create()
        let pipeline = BatchPipeline(
            announcer: try SoundsFolderTests.announcer(), folder: folder,
            options: .init(soundURLBase: "https://sounds.example.com/", at: 1_700_000_000))
        let prefix = try Prefix("alipay")
        let item = BatchItem(amount: try Amount(fenText: "12345"), id: "order-9", prefix: prefix, at: 1_767_225_600)
        let result = pipeline.process(item)
        let sound = try #require(result.soundName)
        #expect(result.yuan == "123.45")
        let alert = #""alert":{"body":"支付宝到账一百二十三点四五元","title":"收款通知"}"#
        let url = "https://sounds.example.com/" + sound
        let message = #""announce-message":{"amount":"123.45","prefix":"alipay"}"#
        let expected = #"{"announce-at":1767225600,"announce-id":"order-9","# + message + #","announce-sound-url":""# + url
            + #"","aps":{"# + alert + #","mutable-content":1,"sound":""# + sound + #""}}"#
        #expect(result.pushPayload == expected)
        let held = #"{"announce-at":1767225600,"announce-id":"order-9","aps":{"# + alert + "}}"
        #expect(result.heldPushPayload == held)
        // Without its own time an item takes the batch's.
        let other = pipeline.process(BatchItem(amount: try Amount(fenText: "1")))
        #expect(other.pushPayload?.hasPrefix(#"{"announce-at":1700000000,"announce-message":{"amount":"0.01"},"announce-sound-url":"#) == true)
        #expect(other.yuan == "0.01")
    }
}
