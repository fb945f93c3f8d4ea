import AnnounceWire
import Foundation
import Testing

/// A message a service's SDK hands the running app over its own connection,
/// turned into the push `PushFields` reads (Tests/Shared/vendor-channels
/// holds each SDK's shape with its source).
@Suite struct VendorMessageTests {
    static let fields = #"{"announce-at":1767240000,"announce-id":"v-1","announce-message":{"amount":"12.50","prefix":"alipay"}}"#

    static func object(_ text: String) throws -> [AnyHashable: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [AnyHashable: Any])
    }

    @Test func eachServicesOwnMessageReadsAsTheSamePayment() throws {
        let expected = try PushFields(json: Array(Self.fields.utf8))
        let handedOver: [(PushService, [AnyHashable: Any])] = [
            (.getui, ["payload": Self.fields]),
            (.jpush, ["content": "支付宝到账12.50元", "extras": try Self.object(Self.fields), "_j_msgid": 1]),
            (.aliyun, ["title": "收款通知", "content": Self.fields]),
            (.tpns, try Self.object(Self.fields).merging(["xg": ["msgtype": 2]]) { first, _ in first }),
        ]
        for (service, message) in handedOver {
            let push = PushFields(userInfo: service.messageUserInfo(message))
            #expect(push.id == expected.id && push.at == expected.at && push.message == expected.message, "\(service)")
            #expect(push.sound == nil && push.asksForSound, "\(service)")
        }
    }

    @Test func aMessageWithoutAnnouncesFieldsStaysWithoutThem() throws {
        // A JPush custom message without extras, an Aliyun message whose content is not JSON.
        for (service, message) in [(PushService.jpush, ["content": "hello"]), (.aliyun, ["title": "t", "content": "hello"])] as [(PushService, [AnyHashable: Any])] {
            let push = PushFields(userInfo: service.messageUserInfo(message))
            #expect(push.message == nil && push.id == nil && !push.asksForSound, "\(service)")
        }
    }
}
