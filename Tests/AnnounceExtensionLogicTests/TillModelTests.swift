@testable import AnnounceExtensionLogic
import AnnounceLanguage
import AnnounceTestSupport
import AnnounceWire
import Foundation
import Testing

/// The app's one decision (``TillModel``): which notifications the app says
/// itself, in what order, never twice, under the merchant's switches; what
/// it does when the file has gone, the screen locks, a call comes, the media
/// volume is down or a file cannot start; and till mode.
@Suite struct TillModelTests {
    let policy = AnnouncePolicy(soundHosts: ["sounds.example.com"])
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    let fallback = "payment-fallback-3fca2219.wav"
    let seal = AnswerSeal.make()
    let scratch: ScratchFolder
    let folder: AppGroupSounds
    let recent: RecentPayments

    init() throws {
        scratch = try ScratchFolder("in-app")
        folder = AppGroupSounds(directory: scratch.url("Library/Sounds"))
        try folder.create()
        recent = RecentPayments(file: scratch.url("Library/Application Support/announce-recent-ids.json"))
        try Data("RIFF\0\0\0\0WAVEfallback".utf8).write(to: folder.url(of: fallback))
    }

    func name(_ amount: String) -> String { "announce-\(amount)-0000000a.caf" }

    /// The push of a payment of `amount` whose file is installed.
    func push(_ amount: String, id: String, sound: Bool = true) throws -> PushFields {
        if sound { try Data("caff".utf8).write(to: folder.url(of: name(amount))) }
        let message = PushMessage(try Message(template: .payment, amount: Amount(parsing: amount)))
        // A held payment of a burst goes without sound and without its
        // message (PushPayload.payload(held:)).
        return PushFields(sound: sound ? name(amount) : nil, id: id, at: now.timeIntervalSince1970, message: sound ? message : nil)
    }

    /// What the extension writes into the notification for `push`.
    func delivered(_ push: PushFields, settings: MerchantSettings = MerchantSettings()) -> [AnyHashable: Any] {
        let choice = policy.start(push, now: now, recent: recent, folder: folder, settings: settings, timeZone: TimeZone(identifier: "UTC")!)
        let outcome: DeliveryOutcome = if case .installed(let name) = choice { .announcement(name, .reused) } else { DeliveryOutcome(immediate: choice)! }
        let sound = outcome.sound(fallback: fallback, fallbackInstalled: folder.hasFile(named: fallback))
        return [InAppPlayback.key: InAppPlayback.Delivered(outcome: outcome, sound: sound, id: push.id, seal: seal).userInfoValue]
    }

    /// A model of an app in the foreground, on this folder.
    func model() -> TillModel {
        let folder = folder
        var till = TillModel(fallback: fallback, isInFolder: { folder.hasFile(named: $0) })
        _ = act(&till, .app(.active, uptime: 0))
        return till
    }

    /// The actions for presenting `userInfo` at `uptime`, but the fail-safes
    /// (``TillModel/Action/schedule(id:sound:after:)``, ``TillModel/Action/unschedule(id:)``),
    /// which tests of their own check.
    func present(_ userInfo: [AnyHashable: Any], in model: inout TillModel, uptime: TimeInterval = 0) -> [TillModel.Action] {
        act(&model, .willPresent(InAppPlayback.Delivered(userInfo: userInfo, seal: seal), uptime: uptime))
    }

    /// The actions for `event`, but the fail-safes.
    func act(_ model: inout TillModel, _ event: TillModel.Event) -> [TillModel.Action] {
        model.handle(event).filter { action in
            switch action {
            case .schedule, .unschedule: false
            default: true
            }
        }
    }

    func entry(_ amount: String, _ id: String, arrived: TimeInterval = 0) -> TillModel.Entry {
        TillModel.Entry(id: id, sound: name(amount), arrived: arrived)
    }

    @Test func anAnnouncedPaymentIsSaidByTheAppAndPresentedWithoutSound() throws {
        var till = model()
        let userInfo = delivered(try push("123.45", id: "p1"))
        #expect(present(userInfo, in: &till) == [.present(withSound: false), .play(entry("123.45", "p1"))])
        // Counted when heard to its end, not when started.
        #expect(act(&till, .playbackEnded(uptime: 4)) == [.count(.playedInApp), .releaseAudio])
    }

    @Test func heldRepeatedAndLatePaymentsAreNotSaid() throws {
        var till = model()
        #expect(present(delivered(try push("12", id: "held", sound: false)), in: &till) == [.present(withSound: false)])
        _ = delivered(try push("88", id: "p2"))
        #expect(present(delivered(try push("88", id: "p2")), in: &till) == [.present(withSound: false)])
        var late = try push("99", id: "p3")
        late.at = now.timeIntervalSince1970 - 121
        #expect(present(delivered(late), in: &till) == [.present(withSound: false)])
        #expect(till.waiting.isEmpty && till.playing == nil)
    }

    @Test func theMerchantsSwitchesApply() throws {
        var till = model()
        let midnight = MerchantSettings.QuietHours(from: 0, to: 60 * 24 - 1)
        for (amount, id, settings) in [
            ("1", "a", MerchantSettings(announcements: false)), ("2", "b", MerchantSettings(thisPhoneAnnounces: false)),
            ("3", "c", MerchantSettings(quietHours: midnight)), ("4", "d", MerchantSettings(minimumFen: 500)),
        ] {
            #expect(present(delivered(try push(amount, id: id), settings: settings), in: &till) == [.present(withSound: false)])
        }
        #expect(present(delivered(try push("5", id: "e"), settings: MerchantSettings(minimumFen: 500)), in: &till)
            == [.present(withSound: false), .play(entry("5", "e"))])
    }

    @Test func aSilencedPaymentIsPassiveSoItDoesNotLightTheScreen() {
        for silence in MerchantSettings.Silence.allCases {
            #expect(DeliveryOutcome.silent(.merchant(silence)).isPassive)
        }
        #expect(DeliveryOutcome.silent(.repeated).isPassive)
        #expect(!DeliveryOutcome.silent(.noSound).isPassive)
        #expect(!DeliveryOutcome.announcement("a.caf", .rendered).isPassive)
        #expect(!DeliveryOutcome.fallback(.timedOut).isPassive)
    }

    @Test func withoutTheExtensionsAnswerTheNotificationIsPresentedWithItsSound() {
        var till = model()
        #expect(present([:], in: &till) == [.present(withSound: true)])
        #expect(present([InAppPlayback.key: "x"], in: &till) == [.present(withSound: true)])
        // A sealed answer naming a path outside the folder names no file.
        #expect(present([InAppPlayback.key: ["counter": "rendered", "sound": "../../secret.caf", "seal": seal]], in: &till)
            == [.present(withSound: false)])
    }

    @Test func aSystemSoundFallbackIsPresentedWithItsSoundNotSilenced() {
        var till = model()
        let answer = InAppPlayback.Delivered(outcome: .fallback(.timedOut), sound: .systemDefault, id: "t1", seal: seal)
        #expect(answer.isSystemSound && answer.sound == nil)
        #expect(present([InAppPlayback.key: answer.userInfoValue], in: &till) == [.present(withSound: true)])
    }

    @Test func anAnswerThePushCarriedItselfIsNeverSaid() throws {
        var till = model()
        let other = delivered(try push("8888.88", id: "o1"))
        var forged = try #require(other[InAppPlayback.key] as? [String: Any])
        forged["seal"] = nil
        #expect(present([InAppPlayback.key: forged], in: &till) == [.present(withSound: true)])
        forged["seal"] = AnswerSeal.make()
        #expect(present([InAppPlayback.key: forged], in: &till) == [.present(withSound: true)])
        forged["seal"] = seal
        #expect(present([InAppPlayback.key: forged], in: &till) == [.present(withSound: false), .play(entry("8888.88", "o1"))])
        #expect(InAppPlayback.Delivered(userInfo: other, seal: nil) == nil)
    }

    @Test func theSealIsMadeOnceAndKeptInTheAppGroup() throws {
        let scratch = try ScratchFolder("answer-seal")
        defer { scratch.remove() }
        let file = scratch.url("Library/Application Support/announce-answer-seal")
        let first = try #require(AnswerSeal(file: file).value())
        #expect(first.utf8.count == 32 && AnswerSeal.seal(in: Data(first.utf8)) == first)
        #expect(AnswerSeal(file: file).value() == first)
        #expect(try Data(contentsOf: file) == Data(first.utf8))
        // A damaged file gets a new seal; two seals made apart differ.
        try Data("not a seal".utf8).write(to: file)
        let second = try #require(AnswerSeal(file: file).value())
        #expect(second != first && AnswerSeal(file: file).value() == second)
        #expect(AnswerSeal.make() != AnswerSeal.make())
    }

    @Test func aFileMissingWhenPresentedPlaysTheFallbackOrIsPresentedWithItsSound() throws {
        var till = model()
        let userInfo = delivered(try push("9.90", id: "m1"))
        try FileManager.default.removeItem(at: folder.url(of: name("9.90")))
        var fallbackEntry = TillModel.Entry(id: "m1", sound: fallback, arrived: 0)
        fallbackEntry.isFallback = true
        #expect(present(userInfo, in: &till) == [.present(withSound: false), .play(fallbackEntry)])
        #expect(act(&till, .playbackEnded(uptime: 2)) == [.count(.inAppFallback), .releaseAudio])
        var again = model()
        try FileManager.default.removeItem(at: folder.url(of: fallback))
        #expect(present(userInfo, in: &again) == [.count(.inAppNoFile), .present(withSound: true)])
    }

    @Test func aBurstIsSaidOneAfterAnotherInOrderEachPaymentOnce() throws {
        var till = model()
        var actions: [TillModel.Action] = []
        for (index, amount) in ["1", "2", "3", "2"].enumerated() {
            let id = index == 3 ? "b1" : "b\(index)"
            actions += present(delivered(try push(amount, id: id)), in: &till, uptime: Double(index))
        }
        // The first starts at once; the others wait; the redelivered b1 is silent.
        #expect(actions.filter { if case .play = $0 { true } else { false } } == [.play(entry("1", "b0"))])
        #expect(till.waiting == [entry("2", "b1", arrived: 1), entry("3", "b2", arrived: 2)])
        #expect(act(&till, .playbackEnded(uptime: 5)) == [.count(.playedInApp), .play(entry("2", "b1", arrived: 1))])
        #expect(act(&till, .playbackEnded(uptime: 9)) == [.count(.playedInApp), .play(entry("3", "b2", arrived: 2))])
        #expect(act(&till, .playbackEnded(uptime: 13)) == [.count(.playedInApp), .releaseAudio])
        #expect(till.playing == nil)
        // A notification of a payment the app has said is not said again.
        #expect(present([InAppPlayback.key: ["counter": "rendered", "sound": name("1"), "id": "b0", "seal": seal]], in: &till)
            == [.present(withSound: false)])
    }

    @Test func aFileDeletedBeforeItsTurnPlaysTheFallbackCounted() throws {
        var till = model()
        for (amount, id) in [("7", "x"), ("8", "y"), ("9", "z")] {
            _ = present(delivered(try push(amount, id: id)), in: &till)
        }
        try FileManager.default.removeItem(at: folder.url(of: name("8")))
        var fallbackEntry = TillModel.Entry(id: "y", sound: fallback, arrived: 0)
        fallbackEntry.isFallback = true
        #expect(act(&till, .playbackEnded(uptime: 3)) == [.count(.playedInApp), .play(fallbackEntry)])
        // Both gone: posted again with the system's sound, counted, and on to the next.
        try FileManager.default.removeItem(at: folder.url(of: fallback))
        try FileManager.default.removeItem(at: folder.url(of: name("9")))
        #expect(act(&till, .playbackEnded(uptime: 6)) == [
            .count(.inAppFallback), .count(.inAppNoFile), .notify(id: "z", sound: .systemDefault), .releaseAudio,
        ])
    }

    @Test func theQueueAndTheMemoryOfPlayedPaymentsAreBounded() {
        let limits = TillModel.Limits()
        var till = TillModel(limits: limits, fallback: fallback)
        _ = act(&till, .app(.active, uptime: 0))
        for number in 0...limits.maximumWaiting {
            let answer = InAppPlayback.Delivered(sound: name("\(number)"), counter: "rendered", id: "id-\(number)", seal: seal, duration: 1)
            #expect(act(&till, .willPresent(answer, uptime: 0)).first == .present(withSound: false))
        }
        // One plays and 32 wait: the next keeps its own sound.
        let beyond = InAppPlayback.Delivered(sound: name("99"), counter: "rendered", id: "id-99", seal: seal, duration: 1)
        #expect(act(&till, .willPresent(beyond, uptime: 0)) == [.present(withSound: true)])
        var many = TillModel(limits: limits, fallback: fallback)
        for number in 0..<(limits.remembered + 10) {
            _ = many.handle(.vendorMessage(PushFields(sound: "a.caf", id: "v-\(number)"), firstTime: true, uptime: 0))
        }
        #expect(!many.hasPlayed("v-0") && many.hasPlayed("v-\(limits.remembered + 9)"))
    }

    @Test func aRushLongerThanItsWaitGoesToItsNotificationAtOnce() throws {
        var till = TillModel(fallback: fallback)
        _ = act(&till, .app(.active, uptime: 0))
        // Of unknown length, each counts as the 6 s budget: 15 fit in 90 s.
        for number in 0..<16 {
            let answer = InAppPlayback.Delivered(sound: name("\(number)"), counter: "rendered", id: "q-\(number)", seal: seal)
            #expect(act(&till, .willPresent(answer, uptime: 0)).first == .present(withSound: false), "\(number)")
        }
        let late = InAppPlayback.Delivered(sound: name("16"), counter: "rendered", id: "q-16", seal: seal)
        #expect(act(&till, .willPresent(late, uptime: 0)) == [.count(.handedToNotification), .present(withSound: true)])
        #expect(till.hasPlayed("q-16"))
    }

    @Test func aLockInTheMiddleOfABurstHandsEachPaymentToItsNotificationNow() throws {
        var till = model()
        for (index, amount) in ["1", "2", "3"].enumerated() {
            _ = present(delivered(try push(amount, id: "L\(index)")), in: &till, uptime: Double(index))
        }
        // Auto-Lock: the app leaves the foreground before it has said them.
        let actions = act(&till, .locked(true, uptime: 3))
        #expect(actions == [
            .keepScreenAwake(false), .stop,
            .count(.handedToNotification), .notify(id: "L0", sound: .named(name("1"))),
            .count(.handedToNotification), .notify(id: "L1", sound: .named(name("2")), after: 6.5),
            .count(.handedToNotification), .notify(id: "L2", sound: .named(name("3")), after: 13),
            .releaseAudio,
        ])
        #expect(till.waiting.isEmpty && till.playing == nil)
        // Unlocked minutes later: nothing is said late.
        #expect(act(&till, .locked(false, uptime: 600)) == [.keepScreenAwake(true)])
    }

    @Test func aPaymentThatWaitedTooLongIsSkippedNotSaidLate() throws {
        var till = model()
        _ = present(delivered(try push("1", id: "s1")), in: &till, uptime: 0)
        _ = present(delivered(try push("2", id: "s2")), in: &till, uptime: 1)
        #expect(act(&till, .interruptionBegan(appWasSuspended: false, uptime: 2)) == [.stop, .releaseAudio, .wake(after: 60)])
        // The call ends after the limit: both are skipped and counted.
        #expect(act(&till, .interruptionEnded(shouldResume: true, uptime: 2 + till.limits.waiting)) == [
            .count(.inAppStale), .skip(entry("1", "s1")), .count(.inAppStale), .skip(entry("2", "s2", arrived: 1)),
        ])
        #expect(till.waiting.isEmpty && till.playing == nil)
    }

    @Test func aPaymentNearItsExpiryIsNotSaidAfterIt() throws {
        var till = model()
        _ = try push("1", id: "e1")
        _ = act(&till, .interruptionBegan(appWasSuspended: false, uptime: 0))
        // 100 s old when the extension decided: 20 s of its 120 left.
        let old = InAppPlayback.Delivered(sound: name("1"), counter: "rendered", id: "e1", seal: seal, age: 100)
        #expect(InAppPlayback.Delivered(userInfo: [InAppPlayback.key: old.userInfoValue], seal: seal)?.age == 100)
        #expect(act(&till, .willPresent(old, uptime: 1)) == [.present(withSound: false)])
        let waited = TillModel.Entry(id: "e1", sound: name("1"), arrived: 1, age: 100)
        #expect(waited.deadline(till.limits) == 21)
        #expect(act(&till, .interruptionEnded(shouldResume: true, uptime: 22)) == [.count(.inAppStale), .skip(waited)])
    }

    @Test func anInterruptionPausesTheQueueAndItsEndReplaysTheCutPayment() throws {
        var till = model()
        _ = present(delivered(try push("1", id: "i1")), in: &till, uptime: 0)
        #expect(act(&till, .interruptionBegan(appWasSuspended: false, uptime: 1)) == [.stop, .releaseAudio, .wake(after: 60)])
        // A payment during the call waits; nothing starts while it lasts.
        #expect(present(delivered(try push("2", id: "i2")), in: &till, uptime: 5) == [.present(withSound: false)])
        #expect(act(&till, .playbackEnded(uptime: 6)) == [])
        #expect(act(&till, .interruptionEnded(shouldResume: true, uptime: 30)) == [.play(entry("1", "i1"))])
        #expect(act(&till, .playbackEnded(uptime: 34)) == [.count(.playedInApp), .play(entry("2", "i2", arrived: 5))])
        // One reported late, after the app was suspended, pauses nothing.
        #expect(act(&till, .interruptionBegan(appWasSuspended: true, uptime: 35)) == [])
        #expect(till.playing == entry("2", "i2", arrived: 5))
    }

    /// The fail-safes among `actions`: (id, due in seconds from now) and the ids removed.
    func failSafes(_ actions: [TillModel.Action]) -> (scheduled: [String: TimeInterval], removed: [String]) {
        var scheduled: [String: TimeInterval] = [:]
        var removed: [String] = []
        for action in actions {
            if case .schedule(let id, _, let after, _) = action { scheduled[id] = after }
            if case .unschedule(let id) = action { removed.append(id) }
        }
        return (scheduled, removed)
    }

    func presentAll(_ userInfo: [AnyHashable: Any], in model: inout TillModel, uptime: TimeInterval) -> [TillModel.Action] {
        model.handle(.willPresent(InAppPlayback.Delivered(userInfo: userInfo, seal: seal), uptime: uptime))
    }

    @Test func eachPaymentTakenOnHasAFailSafeDueAfterItsTurnAndRemovedOnceSaid() throws {
        var till = model()
        let first = presentAll(delivered(try push("1", id: "s1")), in: &till, uptime: 0)
        // Its own sound, due after its 6 s and 20 s of grace.
        #expect(first.contains(.schedule(id: "s1", sound: .named(name("1")), after: 26, inTime: 64)))
        let second = failSafes(presentAll(delivered(try push("2", id: "s2")), in: &till, uptime: 1)).scheduled
        let third = failSafes(presentAll(delivered(try push("3", id: "s3")), in: &till, uptime: 2)).scheduled
        let dues = [26, 1 + (second["s2"] ?? 0), 2 + (third["s3"] ?? 0)]
        // A burst's fail-safes do not cut each other, and none is due after its deadline (90 s).
        #expect(zip(dues, dues.dropFirst()).allSatisfy { $1 - $0 >= till.limits.handOffSpacing }, "\(dues)")
        #expect(dues.enumerated().allSatisfy { $1 <= Double($0) + 90 })
        #expect(failSafes(till.handle(.playbackEnded(uptime: 6))).removed == ["s1"])
        #expect(till.failSafes.keys.sorted() == ["s2", "s3"])
    }

    @Test func leavingTheForegroundOrAFileThatFailsReplacesTheFailSafeWithItsOwnNotification() throws {
        var till = model()
        _ = presentAll(delivered(try push("1", id: "x1")), in: &till, uptime: 0)
        _ = presentAll(delivered(try push("2", id: "x2")), in: &till, uptime: 1)
        // The notification goes under the payment's one identifier, which
        // replaces its fail-safe in one step: nothing is removed first.
        let failed = till.handle(.playbackFailed(uptime: 2))
        #expect(failSafes(failed).removed == [])
        #expect(failed.contains(.notify(id: "x1", sound: .named(name("1")))))
        let left = till.handle(.app(.background, uptime: 3))
        #expect(failSafes(left).removed == [])
        #expect(left.contains(.notify(id: "x2", sound: .named(name("2")))))
        #expect(till.failSafes.isEmpty)
    }

    /// A fail-safe of an app that was killed, arriving while the app started
    /// again says another payment: it waits its turn while that comes within
    /// the time its answer says it is in time, else its notification says it.
    @Test func aKilledAppsFailSafeWaitsItsTurnWhileInTime() throws {
        var till = model()
        _ = presentAll(delivered(try push("1", id: "new")), in: &till, uptime: 100)
        // Their files, in the folder.
        _ = try push("2", id: "old")
        _ = try push("3", id: "older")
        let roomy = InAppPlayback.Delivered(handOff: .named(name("2")), id: "old", seal: seal, inTime: 40)
        let taken = presentAll([InAppPlayback.key: roomy.userInfoValue], in: &till, uptime: 101)
        #expect(taken.first == .present(withSound: false) && till.waiting.contains { $0.id == "old" }, "\(taken)")
        // Its new fail-safe is due by its deadline, 40 s from now.
        #expect(till.failSafes["old"].map { $0 <= 141 } == true)
        let tight = InAppPlayback.Delivered(handOff: .named(name("3")), id: "older", seal: seal, inTime: 2)
        #expect(presentAll([InAppPlayback.key: tight.userInfoValue], in: &till, uptime: 102) == [.present(withSound: true)])
        #expect(!till.waiting.contains { $0.id == "older" })
    }

    @Test func aFailSafeDueWhileTheAppRunsIsSilentIfTheAppSaysItAndHeardIfNot() throws {
        var till = model()
        _ = presentAll(delivered(try push("1", id: "w1")), in: &till, uptime: 0)
        _ = presentAll(delivered(try push("2", id: "w2")), in: &till, uptime: 1)
        let w1 = InAppPlayback.Delivered(handOff: .named(name("1")), id: "w1", seal: seal)
        // Still being said (the lengths were estimates): the banner is
        // silent, and the fail-safe comes again at its deadline (90 s).
        #expect(presentAll([InAppPlayback.key: w1.userInfoValue], in: &till, uptime: 26)
            == [.present(withSound: false), .schedule(id: "w1", sound: .named(name("1")), after: 64, inTime: 0)])
        // w2 is next, in time and in front: the app will say it.
        let w2 = InAppPlayback.Delivered(handOff: .named(name("2")), id: "w2", seal: seal)
        #expect(presentAll([InAppPlayback.key: w2.userInfoValue], in: &till, uptime: 27)
            == [.present(withSound: false), .schedule(id: "w2", sound: .named(name("2")), after: 64, inTime: 0)])
        #expect(till.failSafes == ["w1": 90, "w2": 91])
        #expect(till.waiting.contains { $0.id == "w2" })
        // Held by a call that is over by its limit (62 s) in time for it
        // (c1 then c2 by 68 s, its deadline 91 s): it keeps waiting, its
        // fail-safe moved to its deadline.
        var held = model()
        _ = presentAll(delivered(try push("5", id: "c1")), in: &held, uptime: 0)
        _ = presentAll(delivered(try push("6", id: "c2")), in: &held, uptime: 1)
        _ = held.handle(.interruptionBegan(appWasSuspended: false, uptime: 2))
        let c2 = InAppPlayback.Delivered(handOff: .named(name("6")), id: "c2", seal: seal)
        #expect(presentAll([InAppPlayback.key: c2.userInfoValue], in: &held, uptime: 33)
            == [.present(withSound: false), .schedule(id: "c2", sound: .named(name("6")), after: 58, inTime: 0)])
        #expect(held.waiting.contains { $0.id == "c2" } && held.failSafes["c2"] == 91)
        // Due again at its deadline with the call still holding (the session
        // refused): nothing later can say it, the notification does.
        _ = held.handle(.tick(uptime: 62))
        _ = held.handle(.sessionRefused(uptime: 62))
        let due = presentAll([InAppPlayback.key: c2.userInfoValue], in: &held, uptime: 91)
        #expect(Array(due.prefix(2)) == [.count(.handedToNotification), .present(withSound: true)])
        #expect(!held.waiting.contains { $0.id == "c2" } && held.playing == nil)
        // w3's comes with the media volume down and the ringer up: the app would not be heard, the notification says it.
        _ = presentAll(delivered(try push("3", id: "w3")), in: &till, uptime: 34)
        _ = till.handle(.mediaVolume(0))
        let w3 = InAppPlayback.Delivered(handOff: .named(name("3")), id: "w3", seal: seal)
        #expect(presentAll([InAppPlayback.key: w3.userInfoValue], in: &till, uptime: 60) == [.count(.handedToNotification), .present(withSound: true)])
        #expect(!till.waiting.contains { $0.id == "w3" })
        // A banner without a sound (a payment from the service's own channel) is no fail-safe.
        _ = till.handle(.mediaVolume(1))
        _ = presentAll(delivered(try push("4", id: "w4")), in: &till, uptime: 62)
        let banner = InAppPlayback.Delivered(handOff: .none, id: "w4", seal: seal)
        #expect(presentAll([InAppPlayback.key: banner.userInfoValue], in: &till, uptime: 63) == [.present(withSound: false)])
        #expect(till.failSafes["w4"] != nil)
    }

    @Test func inTheForegroundAnInterruptionEndingWithoutTheHintStillLetsTheAppSayWhatWaits() throws {
        var till = model()
        _ = present(delivered(try push("1", id: "r1")), in: &till, uptime: 0)
        _ = present(delivered(try push("2", id: "r2")), in: &till, uptime: 1)
        _ = act(&till, .interruptionBegan(appWasSuspended: false, uptime: 2))
        // The session mixes with the other audio and ducks it: no notification
        // that the ring switch would mute.
        #expect(act(&till, .interruptionEnded(shouldResume: false, uptime: 10)) == [.play(entry("1", "r1"))])
        #expect(act(&till, .playbackEnded(uptime: 14)) == [.count(.playedInApp), .play(entry("2", "r2", arrived: 1))])
    }

    @Test func anInterruptionThatNeverEndsIsOverAtItsLimitByTheAppsOwnTimer() throws {
        var till = model()
        _ = present(delivered(try push("1", id: "n1")), in: &till, uptime: 0)
        #expect(act(&till, .interruptionBegan(appWasSuspended: false, uptime: 1)) == [.stop, .releaseAudio, .wake(after: 60)])
        #expect(present(delivered(try push("2", id: "n2")), in: &till, uptime: 5) == [.present(withSound: false)])
        // A tick before the limit asks again for the rest; the one the model asked for ends it.
        #expect(act(&till, .tick(uptime: 30)) == [.wake(after: 31)])
        #expect(till.interrupted)
        #expect(act(&till, .tick(uptime: 61)) == [.play(entry("1", "n1"))])
        #expect(!till.interrupted)
        // A second begin while one holds asks for no second timer.
        _ = act(&till, .interruptionBegan(appWasSuspended: false, uptime: 62))
        #expect(act(&till, .interruptionBegan(appWasSuspended: false, uptime: 63)) == [])
    }

    @Test func anyEventPastTheLimitEndsTheInterruptionFirst() throws {
        var till = model()
        _ = present(delivered(try push("1", id: "l1")), in: &till, uptime: 0)
        _ = act(&till, .interruptionBegan(appWasSuspended: false, uptime: 1))
        // The timer did not fire (the app was suspended); the next payment comes at 70.
        #expect(present(delivered(try push("2", id: "l2")), in: &till, uptime: 70) == [
            .present(withSound: false), .play(entry("1", "l1")),
        ])
        // A call beginning past the limit of the one before holds the queue anew.
        var held = model()
        _ = present(delivered(try push("3", id: "l3")), in: &held, uptime: 0)
        _ = held.handle(.interruptionBegan(appWasSuspended: false, uptime: 1))
        #expect(held.handle(.interruptionBegan(appWasSuspended: false, uptime: 70)) == [.wake(after: 60)])
        #expect(held.interrupted && held.playing == nil)
        #expect(till.waiting == [entry("2", "l2", arrived: 70)])
    }

    @Test func becomingActiveAgainEndsAnInterruptionThatSentNoEnd() throws {
        var till = model()
        _ = present(delivered(try push("1", id: "a1")), in: &till, uptime: 0)
        _ = act(&till, .interruptionBegan(appWasSuspended: false, uptime: 1))
        #expect(act(&till, .app(.inactive, uptime: 2)) == [.keepScreenAwake(false)])
        #expect(act(&till, .app(.active, uptime: 3)) == [.keepScreenAwake(true), .play(entry("1", "a1"))])
        #expect(!till.interrupted)
    }

    @Test func aHandOffThatArrivesAfterTheAppCameBackIsSaidInTheApp() throws {
        var till = model()
        _ = present(delivered(try push("1", id: "h1")), in: &till, uptime: 0)
        _ = present(delivered(try push("2", id: "h2")), in: &till, uptime: 1)
        #expect(act(&till, .app(.background, uptime: 2)) == [
            .keepScreenAwake(false), .stop,
            .count(.handedToNotification), .notify(id: "h1", sound: .named(name("1"))),
            .count(.handedToNotification), .notify(id: "h2", sound: .named(name("2")), after: 6.5),
            .releaseAudio,
        ])
        _ = act(&till, .app(.active, uptime: 4))
        // h2's notification comes while the app is in front: said in the app, the banner silent.
        let handOff = InAppPlayback.Delivered(handOff: .named(name("2")), id: "h2", seal: seal)
        #expect(present([InAppPlayback.key: handOff.userInfoValue], in: &till, uptime: 8.5) == [
            .present(withSound: false), .play(entry("2", "h2", arrived: 1)),
        ])
        // Past its deadline it keeps its own sound, never said late by the app.
        _ = act(&till, .app(.background, uptime: 9))
        _ = act(&till, .app(.active, uptime: 10))
        #expect(present([InAppPlayback.key: handOff.userInfoValue], in: &till, uptime: 200) == [.present(withSound: true)])
    }

    @Test func onlyAPaymentThatAsksForASoundClaimsItsIdOnTheServicesChannel() {
        #expect(TillModel.claims(PushFields(sound: "a.caf", id: "x")))
        #expect(!TillModel.claims(PushFields(id: "x")))
        #expect(!TillModel.claims(PushFields(sound: "a.caf")))
        // A service's own message: announce-message and no sound asks for one.
        let message = PushMessage(try! Message(template: .payment, amount: Amount(parsing: "3")))
        #expect(TillModel.claims(PushFields(id: "x", message: message)))
    }

    @Test func aFileThatCannotStartIsPostedWithItsOwnSoundAndNotCountedAsSaid() throws {
        var till = model()
        _ = present(delivered(try push("5", id: "f1")), in: &till)
        let actions = act(&till, .playbackFailed(uptime: 0))
        #expect(actions == [.count(.inAppFailed), .notify(id: "f1", sound: .named(name("5"))), .releaseAudio])
        #expect(!actions.contains(.count(.playedInApp)))
        // That notification, presented while the app is open, keeps its sound.
        let handOff = InAppPlayback.Delivered(handOff: .named(name("5")), id: "f1", seal: seal)
        #expect(present([InAppPlayback.key: handOff.userInfoValue], in: &till) == [.present(withSound: true)])
    }

    @Test func mediaVolumeDownLetsTheNotificationSayIt() throws {
        var till = model()
        _ = act(&till, .mediaVolume(0))
        #expect(present(delivered(try push("6", id: "v1")), in: &till) == [.present(withSound: true)])
        // Up again: the app says it.
        _ = act(&till, .mediaVolume(0.5))
        #expect(present(delivered(try push("7", id: "v2")), in: &till) == [.present(withSound: false), .play(entry("7", "v2"))])
    }

    @Test func tillModeKeepsTheScreenAwakeOnlyWhileTheAppIsOpen() {
        var till = TillModel()
        #expect(act(&till, .app(.active, uptime: 0)) == [.keepScreenAwake(true)])
        #expect(act(&till, .app(.background, uptime: 1)) == [.keepScreenAwake(false)])
        #expect(act(&till, .app(.active, uptime: 2)) == [.keepScreenAwake(true)])
        #expect(act(&till, .tillMode(false, uptime: 3)) == [.keepScreenAwake(false)])
        #expect(act(&till, .app(.background, uptime: 4)) == [])
    }

    @Test func aPaymentOnTheServicesOwnChannelIsSaidOnceWhicheverComesFirst() throws {
        var till = model()
        let vendor = PushFields(sound: name("3"), id: "g1", message: PushMessage(try Message(template: .payment, amount: Amount(parsing: "3"))))
        #expect(act(&till, .vendorMessage(vendor, firstTime: true, uptime: 0)) == [.count(.vendorChannel), .deliver(vendor)])
        _ = try push("3", id: "g1")
        #expect(act(&till, .rendered(vendor, sound: .named(name("3")), age: 0, uptime: 0))
            == [.notify(id: "g1", sound: .none), .play(entry("3", "g1"))])
        // Delivered again when the app opens, or its APNs copy: silent.
        #expect(act(&till, .vendorMessage(vendor, firstTime: true, uptime: 1)) == [.count(.repeated)])
        #expect(act(&till, .vendorMessage(vendor, firstTime: false, uptime: 1)) == [.count(.repeated)])
        #expect(present(delivered(try push("3", id: "g1")), in: &till) == [.present(withSound: false)])
        // In the background it is posted with its own sound.
        _ = act(&till, .app(.background, uptime: 2))
        let other = PushFields(sound: name("4"), id: "g2")
        #expect(act(&till, .rendered(other, sound: .named(name("4")), age: 0, uptime: 2)) == [.notify(id: "g2", sound: .named(name("4")))])
    }
}
