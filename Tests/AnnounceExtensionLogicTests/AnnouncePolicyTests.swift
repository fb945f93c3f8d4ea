@testable import AnnounceExtensionLogic
import AnnounceWire
import Foundation
import Testing

@Suite struct AnnouncePolicyTests {
    let policy = AnnouncePolicy(soundHosts: ["sounds.example.com"])
    let name = "announce-123.45-e6f65a95.caf"
    var url: String { "https://sounds.example.com/" + name }
    let now = Date(timeIntervalSince1970: 1_767_225_600)

    func push(sound: String?, at: Double? = nil) -> PushFields {
        PushFields(sound: sound, url: url, id: "order-9", at: at)
    }

    @Test func aPushWithoutASoundStaysSilentNotFallback() {
        // A held payment of a burst: its banner, and nothing over the burst's announcement.
        let userInfo: [AnyHashable: Any] = ["aps": ["alert": ["title": "收款通知", "body": "支付宝到账十二元"]]]
        let held = PushFields(userInfo: userInfo)
        #expect(held.sound == nil)
        #expect(policy.choose(for: held, now: now, repeated: false, isInstalled: { _ in false }) == .silent(.noSound))
        #expect(policy.choose(for: held, now: now, repeated: false, isInstalled: nil) == .silent(.noSound))
    }

    @Test func aServicesOwnMessageWithAMessageAndNoSoundIsDueAndClaimsItsId() throws {
        // Getui's transmission as GTSDK hands it over: {"payload": "<transmission>"}, no aps.
        let transmission = #"{"announce-at":1767225600,"announce-id":"g-1","announce-message":{"amount":"66.00","prefix":"alipay"}}"#
        let message = PushFields(userInfo: ["payload": transmission])
        #expect(message.sound == nil)
        #expect(message.asksForSound)
        let choice = policy.choose(for: message, now: now, repeated: false, isInstalled: { _ in false })
        #expect(choice != .silent(.noSound))
        #expect(choice.rendersFromPackFirst)
        #expect(policy.choose(for: message, now: now, repeated: true, isInstalled: { _ in false }) == .silent(.repeated))
        // Its id is claimed, so the APNs copy of the same payment is silent.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("announce-policy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let recent = RecentPayments(file: folder.appendingPathComponent("recent.json"))
        _ = policy.start(message, now: now, recent: recent, folder: nil)
        let copy = PushFields(sound: name, url: url, id: "g-1", at: now.timeIntervalSince1970)
        #expect(policy.start(copy, now: now, recent: recent, folder: nil) == .silent(.repeated))
        // A held payment of a burst (no sound, no message) still claims nothing.
        #expect(!PushFields(id: "held-1").asksForSound)
    }

    @Test func aRepeatedPushIsSilent() {
        #expect(policy.choose(for: push(sound: name), now: now, repeated: true, isInstalled: { _ in true }) == .silent(.repeated))
    }

    @Test func aPushExactlyAtTheAgeBeyondTheBaselineIsAnnouncedOneLaterIsNot() {
        let at = now.timeIntervalSince1970
        #expect(policy.maximumAge == 120)
        #expect(!policy.isLate(at: at - 120, now: now))
        #expect(policy.isLate(at: at - 120.001, now: now))
        #expect(policy.isLate(at: at - 121, now: now))
        #expect(!policy.isLate(at: at + 3600, now: now))
        #expect(!policy.isLate(at: nil, now: now))
        // On a phone whose fresh pushes arrive 900 s "old" (its clock fast).
        #expect(!policy.isLate(at: at - 1020, now: now, baseline: 900))
        #expect(policy.isLate(at: at - 1021, now: now, baseline: 900))
        #expect(policy.isLate(at: at - 121, now: now, baseline: .nan))
        let installed: (String) -> Bool = { _ in true }
        #expect(policy.choose(for: push(sound: name, at: at - 120), now: now, repeated: false, isInstalled: installed) == .installed(name))
        #expect(policy.choose(for: push(sound: name, at: at - 121), now: now, repeated: false, isInstalled: installed) == .silent(.late))
        #expect(policy.choose(for: push(sound: name, at: at - 1000), now: now, repeated: false, isInstalled: installed, clockBaseline: 900)
            == .installed(name))
        let patient = AnnouncePolicy(soundHosts: ["sounds.example.com"], maximumAge: 600)
        #expect(patient.choose(for: push(sound: name, at: at - 600), now: now, repeated: false, isInstalled: installed) == .installed(name))
    }

    @Test func anInstalledFileIsUsedOtherwiseDownloaded() {
        let fresh = push(sound: name, at: now.timeIntervalSince1970)
        #expect(policy.choose(for: fresh, now: now, repeated: false, isInstalled: { $0 == name }) == .installed(name))
        #expect(policy.choose(for: fresh, now: now, repeated: false, isInstalled: { _ in false }) == .download(name, URL(string: url)!))
        #expect(policy.choose(for: fresh, now: now, repeated: false, isInstalled: nil) == .fallback(.noFolder))
        var noURL = fresh
        noURL.url = nil
        #expect(policy.choose(for: noURL, now: now, repeated: false, isInstalled: { _ in false }) == .fallback(.refusedURL))
        var plainHTTP = fresh
        plainHTTP.url = "http://sounds.example.com/" + name
        #expect(policy.choose(for: plainHTTP, now: now, repeated: false, isInstalled: { _ in false }) == .fallback(.refusedURL))
    }

    @Test func plainNamesAreLeftAsSentOthersGetTheFallback() {
        #expect(policy.choose(for: push(sound: "pay.caf"), now: now, repeated: false, isInstalled: nil) == .asSent("pay.caf"))
        #expect(policy.choose(for: push(sound: "../x.caf"), now: now, repeated: false, isInstalled: nil) == .fallback(.refusedName))
        #expect(policy.choose(for: push(sound: "default"), now: now, repeated: false, isInstalled: nil) == .fallback(.refusedName))
    }

    @Test func thePushIsReadFromUserInfo() {
        let userInfo: [AnyHashable: Any] = [
            "aps": ["sound": name, "mutable-content": 1], "announce-sound-url": url,
            "announce-id": "order-9", "announce-at": 1_767_225_600,
        ]
        #expect(PushFields(userInfo: userInfo) == PushFields(sound: name, url: url, id: "order-9", at: 1_767_225_600))
        let fractional: [AnyHashable: Any] = ["announce-at": 1.5, "announce-id": "order-9"]
        // A fraction is not announce's field: refused as it arrived.
        #expect(PushFields(userInfo: fractional).arrivalProblem?.kind == .wrongType)
        #expect(PushFields(userInfo: fractional).at == nil)
        let long: [AnyHashable: Any] = ["announce-id": String(repeating: "x", count: 129), "announce-at": "1767225600"]
        #expect(PushFields(userInfo: long) == PushFields(at: 1_767_225_600))
        let longest: [AnyHashable: Any] = ["announce-id": String(repeating: "x", count: 128)]
        #expect(PushFields(userInfo: longest).id?.count == 128)
    }
}
