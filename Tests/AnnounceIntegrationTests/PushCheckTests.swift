@testable import AnnounceExtensionLogic
import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// `PushCheck`, what `announce check-push` prints: the extension's own
/// reading, policy and pack rendering on one push, for each service's
/// arrival sample (Tests/Shared/push-arrivals; sources cited in
/// PushArrivalTests) and each bad arrival.
@Suite struct PushCheckTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_630)
    let check = PushCheck(policy: AnnouncePolicy(soundHosts: ["sounds.example.com"]), rendering: PackRenderingTests.rendering)

    @Test(arguments: PushService.allCases)
    func everyServicesPushIsSaidAsThePipelineSaysIt(_ service: PushService) throws {
        let push = PushFields(userInfo: try PushArrivalSamples.userInfo(try PushArrivalSamples.sample(service.rawValue)))
        let decision = check.decide(push, now: Self.now)
        #expect(decision.route == .rendered && decision.says == "支付宝到账一百二十三点四五元" && decision.reason == nil)
        // The name PackRendering writes the announcement under in the App Group.
        let scratch = try ScratchFolder("push-check")
        defer { scratch.remove() }
        let folder = try PackRenderingTests.folder(scratch)
        #expect(PackRenderingTests.rendering.announce(push, in: folder) == .announced(try #require(decision.sound)))
    }

    @Test(arguments: try PushArrivalSamples.bad().map(\.name))
    func aRefusedArrivalGetsTheFallbackOrStaysSilentWithItsReason(_ name: String) throws {
        let bad = try #require(try PushArrivalSamples.bad().first { $0.name == name })
        guard let userInfo = try? JSONSerialization.jsonObject(with: Data(bad.push.utf8)) as? [AnyHashable: Any] else { return }
        let push = PushFields(userInfo: userInfo)
        guard let problem = push.arrivalProblem else { return }
        let decision = check.decide(push, now: Self.now)
        // A push whose sound cannot be read stays a banner without sound.
        #expect(decision == PushCheck.Decision(route: push.sound == nil ? .silent : .fallback, sound: nil, says: nil, url: nil,
                                                reason: problem.description, isCritical: push.isCritical))
    }

    @Test func thePolicyIsTheConfiguredOne() throws {
        let push = PushFields(userInfo: try PushArrivalSamples.userInfo(try PushArrivalSamples.sample(PushService.jpush.rawValue)))
        let strict = PushCheck(policy: AnnouncePolicy(soundHosts: ["sounds.example.com"], maximumAge: 20), rendering: nil)
        #expect(strict.decide(push, now: Self.now).route == .silent)
        let download = PushCheck(pack: nil, soundHosts: ["sounds.example.com"]).decide(push, now: Self.now)
        #expect(download.route == .download && download.sound == PushArrivalSamples.sound && download.url == PushArrivalSamples.url)
        #expect(download.reason == "the phone has no device voice pack")
        #expect(check.decide(push, now: Self.now, seen: ["order-9"]).route == .silent)
        // A held payment claims no id, so a seen id does not make it "repeated".
        // It goes without sound and without its message (PushPayload.payload(held:)).
        var held = push
        held.sound = nil
        held.message = nil
        #expect(check.decide(held, now: Self.now, seen: ["order-9"]).reason?.contains("no aps.sound") == true)
    }

    @Test func theMerchantsSwitchesDecideAsOnThePhone() throws {
        let push = PushFields(userInfo: try PushArrivalSamples.userInfo(try PushArrivalSamples.sample(PushService.jpush.rawValue)))
        let beijing = try #require(TimeZone(secondsFromGMT: 8 * 3600))
        // 1767225630 is 08:00:30 in Beijing.
        func decide(_ file: String) -> PushCheck.Decision {
            PushCheck(pack: nil, soundHosts: ["sounds.example.com"], settingsFile: Data(file.utf8), timeZone: beijing).decide(push, now: Self.now)
        }
        #expect(decide(#"{"version": 1, "announcements": false}"#).reason == "the merchant turned announcements off (its banner only)")
        #expect(decide(#"{"version": 1, "this-phone-announces": false}"#).route == .silent)
        #expect(decide(#"{"version": 1, "quiet-hours": {"from": "22:00", "to": "08:01"}}"#).reason?.contains("quiet hours") == true)
        #expect(decide(#"{"version": 1, "quiet-hours": {"from": "22:00", "to": "08:00"}}"#).route == .download)
        // 123.45 yuan is 12345 fen: a minimum of exactly that announces.
        #expect(decide(#"{"version": 1, "minimum-fen": 12346}"#).reason?.contains("minimum") == true)
        #expect(decide(#"{"version": 1, "minimum-fen": 12345}"#).route == .download)
        // A damaged or newer file never silences: the defaults, noted.
        for file in ["{\"version\": 1, \"announcements\": fal", #"{"version": 2, "announcements": false}"#] {
            let check = PushCheck(pack: nil, soundHosts: ["sounds.example.com"], settingsFile: Data(file.utf8), timeZone: beijing)
            #expect(check.decide(push, now: Self.now).route == .download)
            #expect(check.settingsNote?.contains("defaults") == true)
        }
    }

    @Test func aRefusedPushIsQuietOnlyByTheMerchantsSwitch() throws {
        var userInfo = try PushArrivalSamples.userInfo(try PushArrivalSamples.sample(PushService.jpush.rawValue))
        userInfo["announce-id"] = 9
        let push = PushFields(userInfo: userInfo)
        #expect(push.arrivalProblem != nil)
        let off = PushCheck(pack: nil, soundHosts: ["sounds.example.com"], settingsFile: Data(#"{"announcements": false}"#.utf8))
        #expect(off.decide(push, now: Self.now).route == .silent)
        #expect(check.decide(push, now: Self.now).route == .fallback)
    }
}
