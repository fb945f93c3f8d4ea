@testable import AnnounceExtensionLogic
import AnnounceLanguage
import AnnounceTestSupport
import AnnounceWire
import Foundation
import Testing

/// The till's bad input, end to end as the extension meets it: a settings
/// file in a bad state, quiet hours that cross midnight or are empty, a
/// minimum that is negative or not a number, a clock that jumps during a
/// burst. Each payment is announced with its own file, never another's, and
/// the counters say why the settings were not used.
@Suite struct TillBadInputTests {
    let policy = AnnouncePolicy(soundHosts: ["sounds.example.com"])
    let now = Date(timeIntervalSince1970: 1_767_225_600)  // 00:00 UTC
    let utc = TimeZone(identifier: "UTC")!
    let scratch: ScratchFolder
    let folder: AppGroupSounds
    let recent: RecentPayments
    let clock: ClockCheck
    let counters: DeliveryCounters
    let settingsFile: MerchantSettingsFile

    init() throws {
        scratch = try ScratchFolder("till-bad-input")
        folder = AppGroupSounds(directory: scratch.url("Library/Sounds"))
        try folder.create()
        recent = RecentPayments(file: scratch.url("Library/Application Support/announce-recent-ids.json"))
        clock = ClockCheck(file: scratch.url("Library/Application Support/announce-clock.json"))
        counters = DeliveryCounters(file: scratch.url("Library/Application Support/announce-counters.json"))
        settingsFile = MerchantSettingsFile(file: scratch.url("Library/Application Support/announce-settings.json"))
        // Another payment's announcement: no push may get it.
        try Data("caff".utf8).write(to: folder.url(of: "announce-99-0000000a.caf"))
    }

    /// A payment of `amount` whose file is installed.
    func push(_ amount: String, id: String, at: Date? = nil) throws -> PushFields {
        let name = "announce-\(amount)-0000000b.caf"
        try Data("caff".utf8).write(to: folder.url(of: name))
        let message = PushMessage(try Message(template: .payment, amount: Amount(parsing: amount)))
        return PushFields(sound: name, id: id, at: (at ?? now).timeIntervalSince1970, message: message)
    }

    /// What the extension does: reads the settings (counting a bad file),
    /// chooses, counts the outcome.
    /// The extension's delivery of `push` at `now` by the phone's clock, on a
    /// phone whose clock says it started at `boot` (setting the clock moves it).
    func deliver(_ push: PushFields, now: Date? = nil, boot: Double = 0) throws -> DeliveryOutcome {
        let settings = settingsFile.read(counting: counters).settings
        let lateness = policy.lateness(of: push, now: now ?? self.now, clock: clock, boot: boot)
        let choice = policy.start(
            push, now: now ?? self.now, recent: recent, folder: folder, settings: settings, timeZone: utc, clockBaseline: lateness.baseline)
        let outcome: DeliveryOutcome = if case .installed(let name) = choice { .announcement(name, .reused) } else { DeliveryOutcome(immediate: choice)! }
        try counters.record(outcome.counter)
        return outcome
    }

    func plant(_ text: String) throws {
        try FileManager.default.createDirectory(at: settingsFile.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: settingsFile.file)
    }

    @Test func aMissingSettingsFileAnnouncesAndCountsNothingElse() throws {
        #expect(try deliver(push("1.23", id: "a")) == .announcement("announce-1.23-0000000b.caf", .reused))
        #expect(counters.counts() == [.reused: 1])
    }

    @Test(arguments: [
        (#"{"version":1,"announcements":fal"#, DeliveryCounters.Counter.settingsDamaged),
        (#"{"version":7,"announcements":false}"#, .settingsNewerVersion),
        (#"{"announcements":false,"minimum-fen":-500}"#, .settingsInvalid),
    ])
    func aBadSettingsFileAnnouncesWithTheCounterTellingWhy(text: String, counter: DeliveryCounters.Counter) throws {
        try plant(text)
        let outcome = try deliver(push("45.60", id: "b"))
        if counter == .settingsInvalid {
            // The good key still applies: announcements off.
            #expect(outcome == .silent(.merchant(.switchedOff)))
            #expect(counters.counts() == [counter: 1, .switchedOff: 1])
        } else {
            #expect(outcome == .announcement("announce-45.60-0000000b.caf", .reused))
            #expect(counters.counts() == [counter: 1, .reused: 1])
        }
    }

    @Test func aSettingsFileUnreadableBeforeTheFirstUnlockAnnounces() throws {
        // Before the first unlock the file exists but cannot be opened; a
        // folder under its name fails the same way here (root reads any file).
        try FileManager.default.createDirectory(at: settingsFile.file, withIntermediateDirectories: true)
        #expect(try deliver(push("8", id: "c")) == .announcement("announce-8-0000000b.caf", .reused))
        #expect(counters.counts() == [.settingsUnreadable: 1, .reused: 1])
    }

    @Test func quietHoursAcrossMidnightSilenceAndEmptyOnesDoNot() throws {
        try settingsFile.write(MerchantSettings(quietHours: MerchantSettings.QuietHours(from: 23 * 60, to: 6 * 60)))
        #expect(try deliver(push("10", id: "d")) == .silent(.merchant(.quietHours)))
        let six = now.addingTimeInterval(6 * 3600)
        #expect(try deliver(push("11", id: "e", at: six), now: six) == .announcement("announce-11-0000000b.caf", .reused))
        try settingsFile.write(MerchantSettings(quietHours: MerchantSettings.QuietHours(from: 0, to: 0)))
        #expect(try deliver(push("12", id: "f")) == .announcement("announce-12-0000000b.caf", .reused))
        #expect(counters.counts() == [.quietHours: 1, .reused: 2])
    }

    @Test(arguments: [#"{"minimum-fen":-1}"#, #"{"minimum-fen":"ten"}"#, #"{"minimum-fen":"1000"}"#, #"{"minimum-fen":99.5}"#])
    func aMinimumThatIsNegativeOrNotANumberAnnouncesEveryAmount(text: String) throws {
        try plant(text)
        #expect(try deliver(push("0.01", id: "g")) == .announcement("announce-0.01-0000000b.caf", .reused))
        #expect(counters.counts() == [.settingsInvalid: 1, .reused: 1])
        // Typed in the app, such a minimum is refused before it is written.
        #expect(MerchantSettings.minimumFen(typed: "-1") == nil)
        #expect(MerchantSettings.minimumFen(typed: "ten") == nil)
    }

    @Test func aClockThatJumpsDuringABurstAnnouncesEachPaymentWithItsOwnFile() throws {
        // The phone's clock 4 minutes slow, then set right, then 8 minutes
        // fast, while five payments arrive one second apart.
        let jumps: [Double] = [-240, -240, 0, 480, 480]
        var outcomes: [DeliveryOutcome] = []
        for (index, jump) in jumps.enumerated() {
            let taken = now.addingTimeInterval(Double(index))
            let amount = "\(index + 1).0\(index)"
            outcomes.append(try deliver(push(amount, id: "burst-\(index)", at: taken), now: taken.addingTimeInterval(1 + jump), boot: jump))
        }
        #expect(outcomes == (0..<5).map { .announcement("announce-\($0 + 1).0\($0)-0000000b.caf", .reused) })
        #expect(counters.counts() == [.reused: 5])
    }
}
