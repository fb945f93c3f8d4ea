@testable import AnnounceExtensionLogic
import AnnounceLanguage
import AnnounceTestSupport
import AnnounceWire
import Foundation
import Testing

/// A push as each service delivers it to the extension's `userInfo`
/// (Tests/Shared/push-arrivals), read by `PushFields` to the same payment.
///
/// Where each shape comes from:
/// - APNs, announce's own payload: custom keys beside `aps`,
///   https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification
/// - JPush: `notification.ios.extras` arrive as top-level keys of `userInfo`,
///   JSON types kept, beside JPush's `_j_*` keys,
///   https://docs.jiguang.cn/jpush/server/push/rest_api_v3_push and
///   https://docs.jiguang.cn/jpush/practice/intent_ios
/// - Aliyun EMAS: `iOSExtParameters`, a JSON map given as a string, whose
///   keys the app reads from `userInfo` with `valueForKey:`, values as given,
///   https://help.aliyun.com/document_detail/50271.html and
///   https://help.aliyun.com/document_detail/48089.html
/// - Getui: the iOS channel's `payload` string arrives as the `payload` key,
///   beside the SDK's `_ge_`, `_gmid_` and `_gurl_`,
///   http://docs.getui.com/getui/mobile/ios/xcode/
/// - Tencent Push (TPNS): custom content arrives as top-level keys beside
///   its `xg` object, https://cloud.tencent.com/document/product/548/39064
/// - Umeng: custom keys beside `aps`, values as strings, with Umeng's `d`
///   (message id) and `p`; a delivered `userInfo` is shown at
///   https://blog.csdn.net/xyxjn/article/details/46522619 and
///   https://e-com-net.com/article/1191280944502382592.htm
@Suite struct PushArrivalTests {
    static func sample(_ service: PushService) throws -> [UInt8] { try PushArrivalSamples.sample(service.rawValue) }


    @Test(arguments: PushService.allCases)
    func everyServiceShapeReadsToTheSamePayment(_ service: PushService) throws {
        let bytes = try Self.sample(service)
        let expected = try Message(amount: try Amount(parsing: "123.45"), prefix: try Prefix("alipay"))
        for fields in [try PushFields(json: bytes), PushFields(userInfo: try PushArrivalSamples.userInfo(bytes))] {
            #expect(fields.arrivalProblem == nil && fields.messageProblem == nil, "\(service)")
            #expect(fields.message?.message == expected, "\(service)")
            #expect(fields.message?.message.amount?.fen == 12345)
            #expect(fields.id == "order-9" && fields.at == 1_767_225_600 && fields.url == PushArrivalSamples.url, "\(service)")
            #expect(fields.sound == PushArrivalSamples.sound && !fields.isCritical && fields.criticalVolume == nil)
        }
        // Aliyun adds no key of its own: its push reads as APNs's shape.
        let detected = PushService.detect(try PushArrivalSamples.userInfo(bytes))
        #expect(detected == (service == .aliyun ? .apns : service))
        #expect(service.accepts(detected))
    }

    @Test(arguments: try PushArrivalSamples.bad().map(\.name))
    func aBadArrivalIsRefusedInOneTypedLine(_ name: String) throws {
        let bad = try #require(try PushArrivalSamples.bad().first { $0.name == name })
        #expect(throws: PushArrivalError.self) { try PushFields(json: Array(bad.push.utf8)) }
        do {
            _ = try PushFields(json: Array(bad.push.utf8))
        } catch {
            #expect(error.kind.rawValue == bad.kind, "\(name): \(error)")
            #expect(error.description.contains(bad.says), "\(name): \(error)")
            #expect(!error.description.contains("\n") && error.category == .rejectedInput)
        }
        // The dictionary iOS makes of it is refused the same way, and the
        // phone keeps aps alone: no message, so never an amount.
        guard let userInfo = try? JSONSerialization.jsonObject(with: Data(bad.push.utf8)) as? [AnyHashable: Any],
              bad.kind != "not-json" || bad.says.hasPrefix("announce-message") || bad.says.hasPrefix("Getui")
        else { return }
        let fields = PushFields(userInfo: userInfo)
        #expect(fields.arrivalProblem?.kind.rawValue == bad.kind, "\(name)")
        #expect(fields.message == nil && fields.id == nil && fields.at == nil && fields.url == nil)
        #expect(throws: PushArrivalError.self) { try PushFields(reading: userInfo) }
    }

    @Test func aFieldGivenTwiceWithOneValueIsRead() throws {
        let push = #"{"aps":{"sound":"pay.caf"},"announce-id":"order-9","payload":"{\"announce-id\":\"order-9\",\"announce-at\":\"1767225600\",\"announce-message\":{\"amount\":\"0.01\"}}"}"#
        let fields = try PushFields(json: Array(push.utf8))
        #expect(fields.id == "order-9" && fields.at == 1_767_225_600 && fields.message?.message.amount?.fen == 1)
        // One value in two forms (a number and a digit string) is one value.
        let forms = #"{"announce-at":1767225600,"payload":"{\"announce-at\":\"1767225600\"}"}"#
        #expect(try PushFields(json: Array(forms.utf8)).at == 1_767_225_600)
    }

    @Test func ofSeveralWrongFieldsTheSameOneIsNamedWhateverTheDictionarysOrder() throws {
        // Found by FuzzPushArrival: two dictionaries of the same push may
        // iterate in different orders.
        let fields: [(String, Any)] = [("style", "curren-cy"), ("amount", "061.45"), ("count", 3), ("liang", true)]
        var problems = Set<String>()
        for rotation in 0..<fields.count {
            let rotated = Array(fields[rotation...] + fields[..<rotation])
            var message: [AnyHashable: Any] = [:]
            for (key, value) in rotated { message[key] = value }
            problems.insert(PushFields(userInfo: ["announce-message": message]).messageProblem?.description ?? "")
        }
        #expect(problems == ["announce-message.amount is refused: '061.45' has a leading zero"])
        let nested = #"{"b":{"announce-id":"x"},"a":{"announce-at":1}}"#
        #expect(throws: PushArrivalError(.nestedTooDeep, "announce-at is nested one level too deep, inside 'a' of the push; announce's fields go at the top level of the push")) {
            try PushFields(json: Array(nested.utf8))
        }
    }

    @Test func aFractionalAnnounceAtIsRefusedAsIOSDocumentsSays() throws {
        #expect(throws: PushArrivalError(.wrongType, "announce-at is 1767225600.5, not whole seconds since 1970")) {
            try PushFields(json: Array(#"{"aps":{"sound":"pay.caf"},"announce-at":1767225600.5}"#.utf8))
        }
        #expect(try PushFields(json: Array(#"{"announce-at":1767225600.0}"#.utf8)).at == 1_767_225_600)
        #expect(try PushFields(json: Array(#"{"announce-at":1767225600}"#.utf8)).at == 1_767_225_600)
    }

    @Test func getuisSilentSoundIsNoSound() throws {
        let held = try PushFields(json: Array(#"{"aps":{"alert":"x","sound":"com.gexin.ios.silence"},"payload":"{\"announce-id\":\"h1\"}"}"#.utf8))
        #expect(held.sound == nil && held.id == "h1")
        #expect(AnnouncePolicy(soundHosts: []).choose(for: held, now: Date(), repeated: false, isInstalled: nil) == .silent(.noSound))
    }

    @Test func unknownKeysArePassedOver() throws {
        let push = #"{"aps":{"sound":"pay.caf","badge":1},"announce-id":"order-9","announce-voice":"brand","extras":{"news_id":134},"payload":"plain text","custom":[1,2]}"#
        let fields = try PushFields(json: Array(push.utf8))
        #expect(fields == PushFields(sound: "pay.caf", id: "order-9"))
    }

    @Test func aCriticalSoundIsReadWithItsNameAndVolume() throws {
        let push = #"{"aps":{"sound":{"critical":1,"name":"announce-123.45-e6f65a95.caf","volume":0.8}}}"#
        for fields in [try PushFields(json: Array(push.utf8)), PushFields(userInfo: try PushArrivalSamples.userInfo(Array(push.utf8)))] {
            #expect(fields.sound == PushArrivalSamples.sound && fields.isCritical && fields.criticalVolume == 0.8)
        }
        let plain = try PushFields(json: Array(#"{"aps":{"sound":{"critical":0,"name":"pay.caf"}}}"#.utf8))
        #expect(plain.sound == "pay.caf" && !plain.isCritical && plain.criticalVolume == nil)
        #expect(try PushFields(json: Array(#"{"aps":{"sound":{"critical":1}}}"#.utf8)).sound == nil)
    }

    @Test func aRefusedPushKeepsItsSoundAndTheReason() throws {
        let push = #"{"aps":{"sound":{"critical":1,"name":"pay.caf","volume":0.5}},"announce-id":7,"announce-message":{"amount":"123.45"}}"#
        let fields = PushFields(userInfo: try PushArrivalSamples.userInfo(Array(push.utf8)))
        #expect(fields.sound == "pay.caf" && fields.isCritical && fields.criticalVolume == 0.5)
        #expect(fields.message == nil && fields.arrivalProblem?.kind == .wrongType)
        #expect(fields.arrivalProblem?.description == "announce-id is a number, not a string")
    }

    @Test func theSizeLimitIsAPNssOwn() throws {
        // Exactly 4096 bytes is delivered; one more is not.
        let head = #"{"aps":{"sound":"pay.caf"},"pad":""#
        let fill = String(repeating: "x", count: PushPayload.apnsLimit - head.utf8.count - 2)
        let fits = head + fill + #""}"#
        #expect(fits.utf8.count == PushPayload.apnsLimit)
        #expect(try PushFields(json: Array(fits.utf8)).sound == "pay.caf")
        #expect(PushFields(userInfo: try PushArrivalSamples.userInfo(Array(fits.utf8))).arrivalProblem == nil)
        let over = head + fill + #"x"}"#
        #expect(throws: PushArrivalError(.tooLarge, "the push is 4097 bytes as compact JSON, over the 4096 APNs delivers")) {
            try PushFields(json: Array(over.utf8))
        }
        #expect(PushFields(userInfo: try PushArrivalSamples.userInfo(Array(over.utf8))).arrivalProblem?.kind == .tooLarge)
        // Laid out on many lines, a push is measured as the compact JSON sent.
        let laidOut = fits.replacingOccurrences(of: ",", with: ",\n    ").replacingOccurrences(of: ":", with: ": ") + "\n"
        #expect(laidOut.utf8.count > PushPayload.apnsLimit)
        #expect(try PushFields(json: Array(laidOut.utf8)).sound == "pay.caf")
    }
}
