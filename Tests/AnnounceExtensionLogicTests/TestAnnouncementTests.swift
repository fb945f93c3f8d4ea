@testable import AnnounceExtensionLogic
import AnnounceWire
import AnnounceTestSupport
import Foundation
import Testing

/// The app's "test announcement": a push built on the device and sent
/// through the extension's own decisions, never repeated, never late.
@Suite struct TestAnnouncementTests {
    let policy = AnnouncePolicy(soundHosts: ["sounds.example.com"])
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    let base: [AnyHashable: Any] = [
        "aps": ["alert": ["title": "收款通知", "body": "支付宝到账"], "sound": "payment-fallback.wav", "mutable-content": 1],
    ]

    @Test func theTestPushIsFreshMarkedAndOtherwiseAsGiven() throws {
        let userInfo = TestAnnouncement.push(from: base, now: now, number: 7)
        let push = PushFields(userInfo: userInfo)
        #expect(push.id == "test-1767225600-7")
        #expect(push.at == 1_767_225_600)
        #expect(push.sound == "payment-fallback.wav")
        let alert = TestAnnouncement.alert(of: userInfo)
        #expect(alert.title == "测试播报 · 收款通知")
        #expect(alert.body == "支付宝到账")
    }

    @Test func itGoesThroughTheExtensionsDecisionsAndIsNeverRepeatedOrLate() throws {
        let scratch = try ScratchFolder("test-announcement")
        let folder = AppGroupSounds(directory: scratch.url("Library/Sounds"))
        try folder.create()
        let recent = RecentPayments(file: scratch.url("recent.json"))
        for number in 0..<3 {
            let push = PushFields(userInfo: TestAnnouncement.push(from: base, now: now, number: number))
            #expect(policy.start(push, now: now, recent: recent, folder: folder) == .asSent("payment-fallback.wav"))
        }
        // An announcement's payload: installed, or downloaded.
        let name = "announce-0.01-0000000a.caf"
        var payload = base
        payload["aps"] = ["alert": ["title": "收款通知", "body": "支付宝到账零点零一元"], "sound": name, "mutable-content": 1]
        payload["announce-sound-url"] = "https://sounds.example.com/" + name
        payload["announce-at"] = 1
        let push = PushFields(userInfo: TestAnnouncement.push(from: payload, now: now, number: 9))
        #expect(policy.start(push, now: now, recent: recent, folder: folder) == .download(name, URL(string: "https://sounds.example.com/" + name)!))
    }

    @Test func aMalformedBasePayloadStillMakesATestWithATitle() {
        for bad: [AnyHashable: Any] in [[:], ["aps": "x"], ["aps": ["alert": "支付宝到账"]], ["aps": ["alert": ["body": 5]]]] {
            let userInfo = TestAnnouncement.push(from: bad, now: now, number: 1)
            let alert = TestAnnouncement.alert(of: userInfo)
            #expect(alert.title.hasPrefix("测试播报"), "\(bad)")
            #expect(PushFields(userInfo: userInfo).id == "test-1767225600-1")
        }
        #expect(TestAnnouncement.alert(of: TestAnnouncement.push(from: ["aps": ["alert": "支付宝到账"]], now: now, number: 1)).body == "支付宝到账")
    }
}
