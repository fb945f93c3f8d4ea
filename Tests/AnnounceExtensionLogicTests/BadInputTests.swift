@testable import AnnounceExtensionLogic
import AnnounceWire
import AnnounceTestSupport
import Foundation
import Testing

/// Pushes and phones in a bad state: each gets the documented outcome, its
/// counter, and a sound that is never another payment's.
@Suite struct BadInputTests {
    let policy = AnnouncePolicy(soundHosts: ["sounds.example.com"])
    let name = "announce-123.45-e6f65a95.caf"
    let other = "announce-99-0000000a.caf"
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    let scratch: ScratchFolder
    let folder: AppGroupSounds
    let recent: RecentPayments
    let counters: DeliveryCounters

    init() throws {
        scratch = try ScratchFolder("bad-input")
        folder = AppGroupSounds(directory: scratch.url("Library/Sounds"))
        try folder.create()
        recent = RecentPayments(file: scratch.url("Library/Application Support/announce-recent-ids.json"))
        counters = DeliveryCounters(file: scratch.url("Library/Application Support/announce-counters.json"))
        // Another payment's announcement is installed: no bad push may get it.
        try Data("caff".utf8).write(to: folder.url(of: other))
    }

    /// What the extension hands back for `userInfo`, counted.
    func deliver(_ userInfo: [AnyHashable: Any], folder: AppGroupSounds?? = nil, recent: RecentPayments?? = nil) throws -> DeliveryOutcome {
        let choice = policy.start(PushFields(userInfo: userInfo), now: now, recent: recent ?? self.recent, folder: folder ?? self.folder)
        let outcome: DeliveryOutcome = switch choice {
        case .installed(let name): .announcement(name, .reused)
        case .download: .fallback(.downloadFailed)
        default: DeliveryOutcome(immediate: choice)!
        }
        try counters.record(outcome.counter)
        return outcome
    }

    func push(sound: Any? = nil, url: Any? = nil, id: Any? = "order-9", at: Any? = 1_767_225_600) -> [AnyHashable: Any] {
        var aps: [String: Any] = ["alert": ["title": "收款通知", "body": "支付宝到账一百二十三点四五元"], "mutable-content": 1]
        aps["sound"] = sound
        var userInfo: [AnyHashable: Any] = ["aps": aps]
        userInfo["announce-sound-url"] = url
        userInfo["announce-id"] = id
        userInfo["announce-at"] = at
        return userInfo
    }

    @Test func aMissingOrMalformedSoundIsABannerWithoutSound() throws {
        #expect(try deliver(push()) == .silent(.noSound))
        #expect(try deliver(push(sound: 12345)) == .silent(.noSound))
        #expect(try deliver(["aps": "not an object"]) == .silent(.noSound))
        #expect(try deliver([:]) == .silent(.noSound))
        #expect(counters.counts() == [.held: 4])
    }

    @Test(arguments: ["../announce-99-0000000a.caf", "default", "announce-99-0000000a.mp3", "ANNOUNCE-99-0000000A.CAF", "a\u{0}.caf", String(repeating: "a", count: 300) + ".caf"])
    func aSoundNameThatIsNeitherAnnouncesNorPlainGetsTheFallback(sound: String) throws {
        #expect(try deliver(push(sound: sound, url: "https://sounds.example.com/" + other)) == .fallback(.refusedName))
        #expect(counters.counts() == [.fallbackRefusedName: 1])
    }

    @Test func aURLThatDoesNotNameTheSoundNeverFetchesAnotherPayment() throws {
        // The installed file of another payment, or a URL of another name or host.
        for url: Any in ["https://sounds.example.com/" + other, "https://evil.example/" + name, "http://sounds.example.com/" + name] {
            #expect(try deliver(push(sound: name, url: url, id: nil)) == .fallback(.refusedURL), "\(url)")
        }
        #expect(try deliver(push(sound: name, url: nil, id: nil)) == .fallback(.refusedURL))
        // A URL that is not a string: the push is refused as it arrived.
        #expect(try deliver(push(sound: name, url: 42, id: nil)) == .fallback(.refusedPush))
        #expect(counters.counts() == [.fallbackRefusedURL: 4, .fallbackRefusedPush: 1])
    }

    @Test func anIdOrTimeOfTheWrongTypeIsRefusedNotTrusted() throws {
        // A push refused as it arrived (an id or a time of the wrong type)
        // gets the fallback, counted, even when its sound names a file that
        // is installed, and claims no id; an id too long to be announce's is
        // no id to check.
        let url = "https://sounds.example.com/" + other
        #expect(try deliver(push(sound: other, url: url, id: 9, at: "yesterday")) == .fallback(.refusedPush))
        #expect(try deliver(push(sound: other, url: url, id: String(repeating: "x", count: 129), at: nil)) == .announcement(other, .reused))
        #expect(try deliver(push(sound: other, url: url, id: "order-1", at: Double.nan)) == .fallback(.refusedPush))
        #expect(try deliver(push(sound: other, url: url, id: "order-1", at: 1_767_225_600)) == .announcement(other, .reused))
        #expect(try deliver(push(sound: other, url: url, id: "order-1", at: 1)) == .silent(.repeated))
        #expect(counters.counts() == [.reused: 2, .fallbackRefusedPush: 2, .repeated: 1])
    }

    @Test func aLockedPhoneBeforeItsFirstUnlockAnnouncesRatherThanMisses() throws {
        // Nothing in the App Group can be read or written: the record of
        // recent payments and the counters are unusable, and the sounds
        // folder is not available.
        let locked = try ScratchFolder("locked")
        try Data().write(to: locked.url("Library"))
        let lockedRecord = RecentPayments(file: locked.url("Library/Application Support/announce-recent-ids.json"))
        let lockedCounters = DeliveryCounters(file: locked.url("Library/Application Support/announce-counters.json"))
        let lockedFolder = AppGroupSounds(directory: locked.url("Library/Sounds"))
        #expect(throws: (any Error).self) { try lockedFolder.create() }
        let url = "https://sounds.example.com/" + name
        for _ in 0..<2 {
            // The same id twice: not recognised as repeated, announced both times.
            let choice = policy.start(PushFields(userInfo: push(sound: name, url: url)), now: now, recent: lockedRecord, folder: nil)
            #expect(choice == .fallback(.noFolder))
            let outcome = DeliveryOutcome(immediate: choice)!
            #expect(outcome.sound(fallback: "payment-fallback.wav", fallbackInstalled: lockedFolder.hasFile(named: "payment-fallback.wav")) == .systemDefault)
            #expect(throws: LockedRecordFile.Failure.self) { try lockedCounters.record(outcome.counter) }
        }
        #expect(lockedCounters.counts() == [.fallbackNoFolder: 2])
        // Unlocked: the counts kept in memory reach the file with the next one.
        try FileManager.default.removeItem(at: locked.url("Library"))
        try lockedCounters.record(.reused)
        #expect(DeliveryCounters(file: lockedCounters.file).counts() == [.fallbackNoFolder: 2, .reused: 1])
    }

    @Test func aHeldPaymentClaimsNothingSoItsSummaryIsStillAnnounced() throws {
        #expect(try deliver(push(id: "burst-1")) == .silent(.noSound))
        #expect(recent.ids().isEmpty)
        #expect(try deliver(push(sound: other, url: "https://sounds.example.com/" + other, id: "burst-1")) == .announcement(other, .reused))
        #expect(recent.ids() == ["burst-1"])
    }
}
