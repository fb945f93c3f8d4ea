@testable import AnnounceExtensionLogic
import AnnounceTestSupport
import AnnounceWire
import Foundation
import Testing

/// A phone whose clock is off: payments are still announced within the
/// tolerance, and the status screen says the clock looks wrong only when
/// pushes agree on it.
@Suite struct ClockCheckTests {
    let policy = AnnouncePolicy(soundHosts: ["sounds.example.com"])
    let name = "announce-123.45-e6f65a95.caf"
    /// The server's clock when each payment is taken.
    let server = Date(timeIntervalSince1970: 1_767_225_600)
    let scratch: ScratchFolder
    let check: ClockCheck

    init() throws {
        scratch = try ScratchFolder("clock")
        check = ClockCheck(file: scratch.url("Library/Application Support/announce-clock.json"))
    }

    /// A push taken at `at` by the server's clock, arriving at the phone
    /// `delay` s later, read by a phone clock off by `skew` s: its choice.
    func arrive(at: Date, delay: Double, skew: Double, policy: AnnouncePolicy? = nil) throws -> AnnouncePolicy.Choice {
        let push = PushFields(sound: name, at: at.timeIntervalSince1970.rounded(.down))
        let phoneNow = at.addingTimeInterval(delay + skew)
        try check.note(at: push.at!, now: phoneNow)
        return (policy ?? self.policy).choose(for: push, now: phoneNow, repeated: false, isInstalled: { _ in true })
    }

    @Test func aClockThreeMinutesFastStillAnnouncesAndIsNoticed() throws {
        for index in 0..<5 {
            #expect(try arrive(at: server.addingTimeInterval(Double(index) * 40), delay: 2, skew: 180) == .installed(name))
        }
        #expect(check.assessment() == .ahead(182))
        #expect(check.assessment().message?.contains("快了约 3 分钟") == true)
        // The strict 120 s alone would have silenced every one.
        let strict = AnnouncePolicy(soundHosts: ["sounds.example.com"], clockTolerance: 0)
        #expect(try arrive(at: server, delay: 2, skew: 180, policy: strict) == .silent(.late))
    }

    @Test func aClockThreeMinutesSlowStillAnnouncesAndIsNoticed() throws {
        for index in 0..<4 {
            #expect(try arrive(at: server.addingTimeInterval(Double(index) * 60), delay: 1.5, skew: -180) == .installed(name))
        }
        #expect(check.assessment() == .behind(179))
        #expect(check.assessment().message?.contains("慢了约 3 分钟") == true)
    }

    @Test func aPushStoredByAPNsForAnHourIsLateAndSaysNothingAboutTheClock() throws {
        #expect(try arrive(at: server, delay: 1, skew: 0) == .installed(name))
        #expect(try arrive(at: server.addingTimeInterval(60), delay: 2, skew: 0) == .installed(name))
        // The phone was offline; APNs kept this one and delivers it an hour on.
        #expect(try arrive(at: server.addingTimeInterval(120), delay: 3600, skew: 0) == .silent(.late))
        #expect(check.assessment() == .fine)
        // Also on a phone 3 minutes fast: late by the hour, not by the clock.
        #expect(try arrive(at: server, delay: 3600, skew: 180) == .silent(.late))
        #expect(try arrive(at: server, delay: 3600, skew: -180) == .silent(.late))
    }

    @Test func aClockThatJumpsDuringABurstAnnouncesEveryPaymentAndIsNotBlamed() throws {
        // 3 minutes slow, set right by the network in the middle of a burst.
        let skews: [Double] = [-180, -180, -180, 0, 0, 0, 0]
        for (index, skew) in skews.enumerated() {
            #expect(try arrive(at: server.addingTimeInterval(Double(index)), delay: 1, skew: skew) == .installed(name))
        }
        #expect(check.offsets().count == ClockCheck.kept)
        #expect(check.assessment() == .fine)
        // And a jump ahead by 9 minutes mid-burst: still within the tolerance.
        for index in 0..<3 {
            #expect(try arrive(at: server.addingTimeInterval(Double(20 + index)), delay: 1, skew: 540) == .installed(name))
        }
    }

    @Test func fewOrDisagreeingOffsetsSayNothing() {
        #expect(ClockCheck.assess([]) == .unknown)
        #expect(ClockCheck.assess([300, 300]) == .unknown)
        #expect(ClockCheck.assess([2, 3, 1]) == .fine)
        #expect(ClockCheck.assess([200, 400, 300]) == .fine)
        #expect(ClockCheck.assess([60, 60, 60]) == .fine)
        #expect(ClockCheck.assess([120, 95, 100]) == .ahead(100))
        #expect(ClockCheck.assess([.infinity, .nan, 200]) == .unknown)
        // Only the latest few count: an old error set right is forgotten.
        #expect(ClockCheck.assess([300, 300, 300, 1, 2, 1, 2, 1]) == .fine)
    }

    @Test func aDamagedRecordCountsAsEmpty() throws {
        try FileManager.default.createDirectory(at: check.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"offsets\":[1,".utf8).write(to: check.file)
        #expect(check.offsets() == [])
        try check.note(at: 100, now: Date(timeIntervalSince1970: 300))
        #expect(check.offsets() == [200])
        try Data("{\"offsets\":[\"a\",true,5]}".utf8).write(to: check.file)
        #expect(check.offsets().last == 5)
    }

    @Test func offsetsNoClockCouldHaveAreSaidWithoutATrap() {
        #expect(ClockCheck.assess([1e300, 1e300, 1e300]) == .ahead(1_000_000_000))
        #expect(ClockCheck.assess([-1e300, -1e300, -1e300]) == .behind(1_000_000_000))
        #expect(ClockCheck.Assessment.ahead(1_000_000_000).message != nil)
    }
}
