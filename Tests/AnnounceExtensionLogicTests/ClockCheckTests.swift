@testable import AnnounceExtensionLogic
import AnnounceTestSupport
import AnnounceWire
import Foundation
import Testing

/// A phone whose clock is off: payments are still announced, lateness is
/// judged against the phone's own recent pushes, and the status screen says
/// the clock looks wrong only when pushes agree on it.
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
    /// `delay` s later, read by a phone clock off by `skew` s that started an
    /// hour before the first payment (so setting the clock moves its boot
    /// time by as much): its choice, as the extension makes it.
    func arrive(at: Date, delay: Double, skew: Double, restartedAt restart: Double = 0) throws -> AnnouncePolicy.Choice {
        let push = PushFields(sound: name, at: at.timeIntervalSince1970.rounded(.down))
        let phoneNow = at.addingTimeInterval(delay + skew)
        let boot = server.timeIntervalSince1970 - 3600 + skew + restart
        let lateness = policy.lateness(of: push, now: phoneNow, clock: check, boot: boot)
        return policy.choose(for: push, now: phoneNow, repeated: false, isInstalled: { _ in true }, clockBaseline: lateness.baseline)
    }

    @Test func aClockThreeMinutesFastStillAnnouncesAndIsNoticed() throws {
        for index in 0..<5 {
            #expect(try arrive(at: server.addingTimeInterval(Double(index) * 40), delay: 2, skew: 180) == .installed(name))
        }
        #expect(check.assessment() == .ahead(182))
        #expect(check.assessment().message?.contains("快了约 3 分钟") == true)
    }

    @Test func aClockFifteenMinutesFastLosesNoPaymentFromTheFirst() throws {
        for index in 0..<8 {
            #expect(try arrive(at: server.addingTimeInterval(Double(index) * 30), delay: 1, skew: 900) == .installed(name))
        }
        #expect(check.assessment() == .ahead(901))
        // A payment late by more than the maximum age is still late on it.
        #expect(try arrive(at: server.addingTimeInterval(300), delay: 125, skew: 900) == .silent(.late))
    }

    @Test func aClockThreeMinutesSlowStillAnnouncesAndIsNoticed() throws {
        for index in 0..<4 {
            #expect(try arrive(at: server.addingTimeInterval(Double(index) * 60), delay: 1.5, skew: -180) == .installed(name))
        }
        #expect(check.assessment() == .behind(179))
        #expect(check.assessment().message?.contains("慢了约 3 分钟") == true)
    }

    @Test func aPushDatedAheadSilencesNoPaymentAfterIt() throws {
        // A server's clock 2 minutes ahead for one push, then fresh ones.
        #expect(try arrive(at: server.addingTimeInterval(122), delay: -121, skew: 0) == .installed(name))
        #expect(try arrive(at: server.addingTimeInterval(10), delay: 1, skew: 0) == .installed(name))
        #expect(try arrive(at: server.addingTimeInterval(20), delay: 1, skew: 0) == .installed(name))
    }

    @Test func aPushStoredByAPNsForAnHourIsLateAndSaysNothingAboutTheClock() throws {
        #expect(try arrive(at: server, delay: 1, skew: 0) == .installed(name))
        #expect(try arrive(at: server.addingTimeInterval(60), delay: 2, skew: 0) == .installed(name))
        // The phone was offline; APNs kept this one and delivers it an hour on.
        #expect(try arrive(at: server.addingTimeInterval(120), delay: 3600, skew: 0) == .silent(.late))
        #expect(check.assessment() == .fine)
    }

    @Test func aPushStoredForAnHourIsLateOnAPhoneThreeMinutesOffToo() throws {
        for skew in [180.0, -180.0] {
            let tests = try ClockCheckTests()
            defer { tests.scratch.remove() }
            #expect(try tests.arrive(at: server, delay: 1, skew: skew) == .installed(name))
            #expect(try tests.arrive(at: server.addingTimeInterval(30), delay: 2, skew: skew) == .installed(name))
            #expect(try tests.arrive(at: server.addingTimeInterval(60), delay: 3600, skew: skew) == .silent(.late))
        }
    }

    @Test func theFirstPushAfterARestartOrAClockChangeIsItsOwnBaseline() throws {
        #expect(try arrive(at: server, delay: 1, skew: 0) == .installed(name))
        // Restarted: the earlier pushes say nothing of this boot's clock.
        #expect(try arrive(at: server.addingTimeInterval(60), delay: 600, skew: 0, restartedAt: 7200) == .installed(name))
        #expect(ClockCheck.baseline(among: [], boot: nil) == nil)
        #expect(ClockCheck.baseline(among: [ClockCheck.Sample(offset: 1, boot: nil)], boot: 10) == nil)
        // The largest group that agrees: a stray push dated ahead, or one
        // stored for an hour, moves nothing.
        let samples = [0.0, 1, -600, 2, 3600].map { ClockCheck.Sample(offset: $0, boot: 100) }
        #expect(ClockCheck.baseline(among: samples, boot: 130) == 1)
        #expect(ClockCheck.baseline(among: samples, boot: 161) == nil)
        #expect(ClockCheck.baseline(among: [-121, 0].map { ClockCheck.Sample(offset: $0, boot: 1) }, boot: 1) == nil)
        #expect(ClockCheck.baseline(among: [900, 903].map { ClockCheck.Sample(offset: $0, boot: 1) }, boot: 1) == 900)
    }

    @Test func aClockThatJumpsDuringABurstAnnouncesEveryPaymentAndIsNotBlamed() throws {
        // 3 minutes slow, set right by the network in the middle of a burst.
        let skews: [Double] = [-180, -180, -180, 0, 0, 0, 0]
        for (index, skew) in skews.enumerated() {
            #expect(try arrive(at: server.addingTimeInterval(Double(index)), delay: 1, skew: skew) == .installed(name))
        }
        #expect(check.offsets().count == ClockCheck.kept)
        #expect(check.assessment() == .fine)
        // And a jump ahead by 15 minutes mid-burst.
        for index in 0..<3 {
            #expect(try arrive(at: server.addingTimeInterval(Double(20 + index)), delay: 1, skew: 900) == .installed(name))
        }
    }

    @Test func anEarlierFilesOffsetsAreReadWithoutABootTime() throws {
        try FileManager.default.createDirectory(at: check.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"offsets\":[180,181,182]}".utf8).write(to: check.file)
        #expect(check.samples() == [180, 181, 182].map { ClockCheck.Sample(offset: $0, boot: nil) })
        #expect(check.assessment() == .ahead(181))
        try check.note(at: 100, now: Date(timeIntervalSince1970: 283), boot: 5)
        #expect(check.samples().last == ClockCheck.Sample(offset: 183, boot: 5))
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
