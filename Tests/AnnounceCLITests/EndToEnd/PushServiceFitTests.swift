import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// The longest push announce writes, as each push service delivers it (its
/// own keys added, values it carries as strings, Getui's payload string),
/// stays within APNs's 4096 bytes, and the phone reads it back to the same
/// message. The shapes are those of Tests/Shared/push-arrivals, whose
/// sources AnnounceExtensionLogicTests/PushArrivalTests.swift cites.
@Suite struct PushServiceFitTests {
    /// The longest message: a template of the most characters with every
    /// slot, a 40-character prefix, the longest count, the 12-digit maximum
    /// in the currency reading with liang and a leading yi.
    static func longestMessage() throws -> Message {
        let fixed = String(repeating: "笔", count: Template.maximumLength - "{prefix}{count}{amount}元".count)
        return try Message(
            template: try Template("{prefix}{count}" + fixed + "{amount}元"), amount: try Amount(parsing: "999999999999.99"),
            count: try Count(9999), prefix: try Prefix(String(repeating: "收", count: Prefix.maximumLength)),
            options: ReadingOptions(style: .currency, liang: true, leadYi: true))
    }

    /// announce's longest payload, as `render --json` and `batch` write it:
    /// the longest message, an `.aiff` name, a 512-byte URL base, an id of
    /// 128 characters that each take 6 bytes escaped, the latest time.
    static func longestPayload() throws -> (payload: [String: Any], message: Message, id: String) {
        let message = try longestMessage()
        let aps = PushPayload(body: message.text, sound: "announce-999999999999.99-0123abcd.aiff")
        let url = PushPayload.url(base: "https://" + String(repeating: "x", count: 504), sound: aps.sound)
        let id = String(repeating: "\u{1}", count: PushPayload.maximumIDBytes)
        let line = aps.payload(url: url, id: id, at: BatchItem.latestAt, message: PushMessage(message))
        let payload = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return (payload, message, id)
    }

    static func jsonText(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// `payload` as `service` delivers it to the extension, with the
    /// service's own keys at their longest documented form.
    static func arrival(_ payload: [String: Any], through service: PushService) throws -> [String: Any] {
        let announceKeys = [PushMessage.key, PushPayload.idKey, PushPayload.atKey, PushPayload.urlKey]
        var push = payload
        /// Every value a string: objects as JSON text, numbers as digits.
        func stringValues() throws {
            for key in announceKeys {
                switch push[key] {
                case let object as [String: Any]: push[key] = try jsonText(object)
                case let number as Int: push[key] = String(number)
                default: break
                }
            }
        }
        switch service {
        case .apns:
            break
        case .jpush:
            push["_j_business"] = 1
            push["_j_msgid"] = 99_999_999_999_999_999
            push["_j_uid"] = 99_999_999_999
            push["_j_data_"] = #"{"data_msgtype":1,"push_type":8,"is_vip":0}"#
        case .aliyun:
            try stringValues()
        case .getui:
            var inner: [String: Any] = [:]
            for key in announceKeys { inner[key] = push.removeValue(forKey: key) }
            push["payload"] = try jsonText(inner)
            push["_ge_"] = "1"
            push["_gmid_"] = "OSS-1126_" + String(repeating: "f", count: 32) + "|" + String(repeating: "f", count: 16) + "|" + String(repeating: "f", count: 32)
            push["_gurl_"] = "sdk.open.extension.getui.com:8123"
        case .tpns:
            push["xg"] = ["bid": String(repeating: "b", count: 155), "guid": 9_999_999_999_999, "msgid": 9_999_999_999, "source": 0,
                          "ts": 9_999_999_999, "groupId": String(repeating: "g", count: 64)]
        case .umeng:
            try stringValues()
            push["d"] = "uu" + String(repeating: "9", count: 20)
            push["p"] = 0
        }
        return push
    }

    @Test(arguments: PushService.allCases)
    func theLongestPushFitsAPNsThroughEveryService(_ service: PushService) throws {
        let (payload, message, id) = try Self.longestPayload()
        let arrival = try Self.arrival(payload, through: service)
        let text = try Self.jsonText(arrival)
        // An encoder that writes every non-ASCII character as \uXXXX.
        let escaped = text.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 1 : 6 * String($1).utf16.count) }
        #expect(text.utf8.count <= PushPayload.apnsLimit, "\(service): \(text.utf8.count) bytes")
        #expect(escaped <= PushPayload.apnsLimit, "\(service): \(escaped) bytes escaped")
        // The phone reads it back whole, through the strict reader.
        let fields = try PushFields(json: Array(text.utf8))
        #expect(fields.message?.message == message && fields.id == id && fields.at == Double(BatchItem.latestAt))
        #expect(fields.arrivalProblem == nil && fields.messageProblem == nil)
        #expect(PushService.detect(arrival) == (service == .aliyun ? .apns : service))
    }
}
