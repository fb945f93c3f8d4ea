import AnnounceCommon
import AnnounceLanguage
import AnnounceWire
import Foundation
import Testing

/// The message fields of a push: what the server writes, the extension reads
/// back as the same message, through JSON as APNs delivers it.
@Suite struct PushMessageTests {
    static func messages() throws -> [Message] {
        let amount = try Amount(parsing: "123.45")
        return [
            try Message(amount: amount),
            try Message(amount: amount, prefix: try Prefix("alipay"), options: ReadingOptions(style: .currency, liang: true, leadYi: true)),
            try Message(amount: try Amount(parsing: "0.05"), prefix: try Prefix("美团 收款")),
            try Message(amount: amount, prefix: try Prefix("none")),
            try Message(template: .refund, amount: try Amount(parsing: "10")),
            try Message.burst([amount, try Amount(parsing: "3")], prefix: try Prefix("wechat")),
            try Message(template: .received),
            try Message(template: try Template("{prefix}退款{amount}元，请查收"), amount: amount),
        ]
    }

    /// The push's user info as the extension gets it: the payload line parsed as JSON.
    static func userInfo(_ payload: String) throws -> [AnyHashable: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [AnyHashable: Any])
    }

    @Test func everyMessageComesBackAsSent() throws {
        for message in try Self.messages() {
            let payload = PushPayload(body: message.text, sound: "announce-1-0123abcd.caf")
                .payload(url: nil, id: "order-9", at: 1_767_225_600, message: PushMessage(message))
            let fields = PushFields(userInfo: try Self.userInfo(payload))
            #expect(fields.message?.message == message, "\(payload)")
            #expect(fields.id == "order-9" && fields.at == 1_767_225_600)
        }
    }

    @Test func aPaymentCarriesItsAmountAloneAndAHeldPushNoMessage() throws {
        let message = PushMessage(try Message(amount: try Amount(parsing: "123.45")))
        let aps = PushPayload(body: "到账一百二十三点四五元", sound: "announce-123.45-e6f65a95.caf")
        #expect(aps.payload(url: nil, message: message).hasPrefix(#"{"announce-message":{"amount":"123.45"},"aps":"#))
        #expect(!aps.payload(url: nil, message: message, held: true).contains(PushMessage.key))
    }

    @Test("a message field of the wrong type or value is no message", arguments: [
        ["amount": "1.234"], ["amount": 123], ["count": "3", "template": "summary", "amount": "3"], ["liang": "yes"],
        ["style": "fancy"], ["template": "nope"], ["template": "received", "amount": "1"], ["prefix": ""],
    ] as [[String: any Sendable]])
    func unreadable(fields: [String: any Sendable]) throws {
        #expect(PushMessage(value: fields as [AnyHashable: Any]) == nil)
        #expect(PushFields(userInfo: [PushMessage.key: fields as [AnyHashable: Any]]).message == nil)
    }

    @Test func aFieldOfALaterVersionIsPassedOver() throws {
        let fields: [AnyHashable: Any] = ["amount": "1", "voice": "brand"]
        #expect(PushMessage(value: fields)?.message == (try Message(amount: try Amount(parsing: "1"))))
    }

    @Test func aMissingOrNonObjectMessageIsNone() {
        #expect(PushMessage(value: nil) == nil)
        #expect(PushMessage(value: "123.45") == nil)
        #expect(PushFields(userInfo: [:]).message == nil)
    }
}

/// A push's message names its variants in a `variants` list as well as
/// under their own keys, which the server writes and every phone reads.
@Suite struct PushMessageVariantTests {
    static func read(_ json: String) throws -> PushMessage {
        try PushMessage(fields: try JSONSerialization.jsonObject(with: Data(json.utf8)))
    }

    @Test("variants: [liang] reads as liang: true, and is written under the variant's own key")
    func variantsList() throws {
        let listed = try Self.read(#"{"amount":"200","variants":["liang","lead-yi"]}"#)
        let keyed = try Self.read(#"{"amount":"200","liang":true,"leadYi":true}"#)
        #expect(listed.message == keyed.message)
        #expect(listed.message.text == "到账两百元")
        #expect(listed.object.line == #"{"amount":"200","leadYi":true,"liang":true}"# + "\n")
    }

    @Test("a variants list that is no list, or names no variant, is refused naming the field", arguments: [
        #"{"amount":"2","variants":"liang"}"#, #"{"amount":"2","variants":["erhua"]}"#, #"{"amount":"2","variants":[1]}"#,
    ])
    func badList(_ json: String) throws {
        #expect(throws: MalformedPushMessage.self) { try Self.read(json) }
        do {
            _ = try Self.read(json)
        } catch {
            #expect("\(error)".contains("variants"))
        }
    }
}
