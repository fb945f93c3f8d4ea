import AnnounceAudio
import AnnounceCore
import Foundation
import Testing

/// The push a backend linking the library sends, from a batch result.
@Suite struct PushPayloadTests {
    @Test("a result's push payload and held payload carry the item's id and time, and the sound's URL when it plays")
    func resultPayloads() throws {
        let root = try SoundsFolderTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = SoundsFolder(root: root.path)
        try folder.create()
        let pipeline = BatchPipeline(
            announcer: try SoundsFolderTests.announcer(), folder: folder,
            options: .init(soundURLBase: "https://sounds.example.com/", at: 1_700_000_000))
        let item = BatchItem(amount: try Amount(fenText: "12345"), id: "order-9", prefix: try Prefix("alipay"), at: 1_767_225_600)
        let result = pipeline.process(item)
        let sound = try #require(result.soundName)
        #expect(result.yuan == "123.45")
        #expect(result.pushPayload == #"{"announce-at":1767225600,"announce-id":"order-9","announce-sound-url":"https://sounds.example.com/"#
            + sound + #"","aps":{"alert":{"body":"支付宝到账一百二十三点四五元","title":"收款通知"},"mutable-content":1,"sound":""# + sound + #""}}"#)
        #expect(result.heldPushPayload
            == #"{"announce-at":1767225600,"announce-id":"order-9","aps":{"alert":{"body":"支付宝到账一百二十三点四五元","title":"收款通知"}}}"#)
        // Without its own time an item takes the batch's.
        let other = pipeline.process(BatchItem(amount: try Amount(fenText: "1")))
        #expect(other.pushPayload?.hasPrefix(#"{"announce-at":1700000000,"announce-sound-url":"#) == true)
        #expect(other.yuan == "0.01")
    }
}
