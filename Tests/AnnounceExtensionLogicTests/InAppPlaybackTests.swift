@testable import AnnounceExtensionLogic
import AnnounceServer
import AnnounceTestSupport
import AnnounceWire
import Foundation
import Testing

/// With the app open: which notifications the app plays itself, in what
/// order, never twice, under the merchant's switches, and what it plays
/// when the file has gone.
@Suite struct InAppPlaybackTests {
    let policy = AnnouncePolicy(soundHosts: ["sounds.example.com"])
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    let fallback = "payment-fallback-25c446a8.wav"
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
        return PushFields(sound: sound ? name(amount) : nil, id: id, at: now.timeIntervalSince1970, message: message)
    }

    /// What the extension writes into the notification for `push`.
    func delivered(_ push: PushFields, settings: MerchantSettings = MerchantSettings()) -> [AnyHashable: Any] {
        let choice = policy.start(push, now: now, recent: recent, folder: folder, settings: settings, timeZone: TimeZone(identifier: "UTC")!)
        let outcome: DeliveryOutcome = if case .installed(let name) = choice { .announcement(name, .reused) } else { DeliveryOutcome(immediate: choice)! }
        let sound = outcome.sound(fallback: fallback, fallbackInstalled: folder.hasFile(named: fallback))
        return [InAppPlayback.key: InAppPlayback.Delivered(outcome: outcome, sound: sound, id: push.id, seal: seal).userInfoValue]
    }

    func presentation(_ userInfo: [AnyHashable: Any], queue: PlaybackQueue = PlaybackQueue()) -> InAppPlayback.Presentation {
        InAppPlayback.presentation(of: userInfo, seal: seal, isInFolder: folder.hasFile(named:), fallback: fallback, alreadyPlayed: queue.hasPlayed)
    }

    @Test func anAnnouncedPaymentIsPlayedByTheAppAndPresentedWithoutSound() throws {
        let userInfo = delivered(try push("123.45", id: "p1"))
        #expect(presentation(userInfo) == .play(name("123.45")))
        // The answer survives the notification's property-list round trip.
        let data = try PropertyListSerialization.data(fromPropertyList: userInfo[InAppPlayback.key]!, format: .binary, options: 0)
        let back = try PropertyListSerialization.propertyList(from: data, format: nil)
        #expect(presentation([InAppPlayback.key: back]) == .play(name("123.45")))
    }

    @Test func heldRepeatedAndLatePaymentsAreNotPlayed() throws {
        #expect(presentation(delivered(try push("12", id: "held", sound: false))) == .silent)
        _ = delivered(try push("88", id: "p2"))
        // The same payment again: the extension says repeated, the app plays nothing.
        #expect(presentation(delivered(try push("88", id: "p2"))) == .silent)
        var late = try push("5", id: "p3")
        late.at = now.timeIntervalSince1970 - 3600
        #expect(presentation(delivered(late)) == .silent)
    }

    @Test func theMerchantsSwitchesApply() throws {
        let midnight = MerchantSettings.QuietHours(from: 23 * 60, to: 1 * 60)
        #expect(presentation(delivered(try push("1", id: "a"), settings: MerchantSettings(announcements: false))) == .silent)
        #expect(presentation(delivered(try push("2", id: "b"), settings: MerchantSettings(thisPhoneAnnounces: false))) == .silent)
        #expect(presentation(delivered(try push("3", id: "c"), settings: MerchantSettings(quietHours: midnight))) == .silent)
        #expect(presentation(delivered(try push("4", id: "d"), settings: MerchantSettings(minimumFen: 500))) == .silent)
        #expect(presentation(delivered(try push("5", id: "e"), settings: MerchantSettings(minimumFen: 500))) == .play(name("5")))
    }

    @Test func withoutTheExtensionsAnswerTheNotificationIsPresentedAsDelivered() {
        #expect(presentation([:]) == .asDelivered)
        #expect(presentation([InAppPlayback.key: "x"]) == .asDelivered)
        // A sealed answer naming a path plays nothing from outside the folder.
        #expect(presentation([InAppPlayback.key: ["counter": "rendered", "sound": "../../secret.caf", "seal": seal]]) == .silent)
    }

    @Test func anAnswerThePushCarriedItselfIsNeverPlayed() throws {
        // The extension did not run (no mutable-content) and the push
        // carries an answer naming another payment's file, which is in the
        // folder: without this install's seal it is presented as delivered.
        let other = delivered(try push("8888.88", id: "o1"))
        var forged = try #require(other[InAppPlayback.key] as? [String: Any])
        forged["seal"] = nil
        #expect(presentation([InAppPlayback.key: forged]) == .asDelivered)
        forged["seal"] = AnswerSeal.make()
        #expect(presentation([InAppPlayback.key: forged]) == .asDelivered)
        forged["seal"] = seal
        #expect(presentation([InAppPlayback.key: forged]) == .play(name("8888.88")))
        // Nor does an install without a seal (its App Group unusable) play any.
        #expect(InAppPlayback.presentation(of: other, seal: nil, isInFolder: folder.hasFile(named:), fallback: fallback) == .asDelivered)
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
        let userInfo = delivered(try push("9.90", id: "m1"))
        try FileManager.default.removeItem(at: folder.url(of: name("9.90")))
        #expect(presentation(userInfo) == .play(fallback))
        try FileManager.default.removeItem(at: folder.url(of: fallback))
        #expect(presentation(userInfo) == .asDelivered)
    }

    @Test func aBurstPlaysOneAfterAnotherInOrderEachPaymentOnce() throws {
        var queue = PlaybackQueue()
        let resolve = { (name: String) in PlaybackQueue.resolve(name, fallback: fallback, isInFolder: folder.hasFile(named:)) }
        var played: [PlaybackQueue.Event] = []
        for (index, amount) in ["1", "2", "3", "2"].enumerated() {
            let id = index == 3 ? "b1" : "b\(index)"
            let userInfo = delivered(try push(amount, id: id))
            guard case .play(let file) = presentation(userInfo, queue: queue) else { continue }
            let first = queue.claim(id)
            #expect(first)
            let events = queue.add(file, resolve: resolve)
            played += try #require(events)
        }
        // The first starts at once; the others wait; the redelivered b1 was silent.
        #expect(played == [.play(name("1"), .playedInApp)])
        #expect(queue.waiting == [name("2"), name("3")])
        played += queue.finished(resolve: resolve)
        played += queue.finished(resolve: resolve)
        played += queue.finished(resolve: resolve)
        #expect(played == [.play(name("1"), .playedInApp), .play(name("2"), .playedInApp), .play(name("3"), .playedInApp)])
        #expect(!queue.isPlaying)
        // A notification of a payment the app has played is not played again.
        let again = queue.claim("b0")
        #expect(!again)
        #expect(presentation([InAppPlayback.key: ["counter": "rendered", "sound": name("1"), "id": "b0", "seal": seal]], queue: queue) == .silent)
    }

    @Test func aFileDeletedBetweenTheDecisionAndPlaybackPlaysTheFallbackCounted() throws {
        var queue = PlaybackQueue()
        let resolve = { (name: String) in PlaybackQueue.resolve(name, fallback: fallback, isInFolder: folder.hasFile(named:)) }
        _ = try push("7", id: "x")
        _ = try push("8", id: "y")
        _ = try push("9", id: "z")
        var events = queue.add(name("7"), resolve: resolve)
        #expect(events == [.play(name("7"), .playedInApp)])
        events = queue.add(name("8"), resolve: resolve)
        #expect(events == [])
        events = queue.add(name("9"), resolve: resolve)
        #expect(events == [])
        try FileManager.default.removeItem(at: folder.url(of: name("8")))
        var next = queue.finished(resolve: resolve)
        #expect(next == [.play(fallback, .inAppFallback)])
        // Both gone: skipped, counted, and the queue goes on to the next.
        try FileManager.default.removeItem(at: folder.url(of: fallback))
        try FileManager.default.removeItem(at: folder.url(of: name("9")))
        events = queue.add(name("7"), resolve: resolve)
        #expect(events == [])
        next = queue.finished(resolve: resolve)
        #expect(next == [.skip(.inAppNoFile), .play(name("7"), .playedInApp)])
        next = queue.finished(resolve: resolve)
        #expect(next == [])
    }

    @Test func theQueueAndTheMemoryOfPlayedPaymentsAreBounded() {
        var queue = PlaybackQueue()
        let resolve = { (name: String) in PlaybackQueue.Event.play(name, .playedInApp) }
        // One plays, the rest wait, up to the bound.
        for number in 0...PlaybackQueue.maximumWaiting {
            let events = queue.add("announce-\(number)-0000000a.caf", resolve: resolve)
            #expect(events != nil)
        }
        let beyond = queue.add("announce-99-0000000a.caf", resolve: resolve)
        #expect(beyond == nil)
        for number in 0..<(PlaybackQueue.remembered + 10) {
            let first = queue.claim("id-\(number)")
            #expect(first)
        }
        // The oldest are forgotten, the newest remembered.
        let forgotten = queue.claim("id-0")
        #expect(forgotten)
        let remembered = queue.claim("id-\(PlaybackQueue.remembered + 9)")
        #expect(!remembered)
    }
}
