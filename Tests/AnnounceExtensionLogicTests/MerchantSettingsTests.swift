@testable import AnnounceExtensionLogic
import AnnounceLanguage
import AnnounceTestSupport
import AnnounceWire
import Foundation
import Testing

/// The merchant's switches: each a decision, each applied to a push, and a
/// settings file in any state never silencing a payment on doubt.
@Suite struct MerchantSettingsTests {
    typealias QuietHours = MerchantSettings.QuietHours

    @Test func theDefaultsAnnounceEverything() {
        let settings = MerchantSettings()
        for minute in stride(from: 0, to: 1440, by: 7) {
            #expect(settings.silence(amountFen: 1, minuteOfDay: minute) == nil)
        }
        #expect(settings.silence(amountFen: nil, minuteOfDay: 0) == nil)
    }

    @Test func eachSwitchSilencesInItsOrder() {
        let quiet = QuietHours(from: 22 * 60, to: 7 * 60)
        #expect(MerchantSettings(announcements: false).silence(amountFen: 100, minuteOfDay: 600) == .switchedOff)
        #expect(MerchantSettings(thisPhoneAnnounces: false).silence(amountFen: 100, minuteOfDay: 600) == .otherPhone)
        #expect(MerchantSettings(quietHours: quiet).silence(amountFen: 100, minuteOfDay: 23 * 60) == .quietHours)
        #expect(MerchantSettings(minimumFen: 1000).silence(amountFen: 999, minuteOfDay: 600) == .belowMinimum)
        // Off comes first, then another phone, then quiet hours, then the minimum.
        let all = MerchantSettings(announcements: false, thisPhoneAnnounces: false, quietHours: quiet, minimumFen: 1000)
        #expect(all.silence(amountFen: 1, minuteOfDay: 23 * 60) == .switchedOff)
        let noOff = MerchantSettings(thisPhoneAnnounces: false, quietHours: quiet, minimumFen: 1000)
        #expect(noOff.silence(amountFen: 1, minuteOfDay: 23 * 60) == .otherPhone)
        #expect(MerchantSettings(quietHours: quiet, minimumFen: 1000).silence(amountFen: 1, minuteOfDay: 23 * 60) == .quietHours)
    }

    @Test func theMinimumIsExactInFenAndNeverSilencesAMessageWithoutAnAmount() {
        let settings = MerchantSettings(minimumFen: 1050)
        #expect(settings.silence(amountFen: 1049, minuteOfDay: 0) == .belowMinimum)
        #expect(settings.silence(amountFen: 1050, minuteOfDay: 0) == nil)
        #expect(settings.silence(amountFen: 99_999_999_999_999, minuteOfDay: 0) == nil)
        #expect(settings.silence(amountFen: nil, minuteOfDay: 0) == nil)
        #expect(MerchantSettings(minimumFen: 0).silence(amountFen: 0, minuteOfDay: 0) == nil)
        // Typed in yuan, kept in whole fen; never through a Double.
        #expect(MerchantSettings.minimumFen(typed: "10.5") == 1050)
        #expect(MerchantSettings.minimumFen(typed: "¥1,000.01") == 100_001)
        #expect(MerchantSettings.minimumFen(typed: "0.1") == 10)
        #expect(MerchantSettings.minimumFen(typed: "0.29") == 29)
        #expect(MerchantSettings.minimumFen(typed: "10元") == 1000)
        for bad in ["-1", "-0.01", "abc", "1.234", "", " ", "1e3", "NaN", "10元元"] {
            #expect(MerchantSettings.minimumFen(typed: bad) == nil, "\(bad)")
        }
        #expect(MerchantSettings(minimumFen: 1050).minimumText == "10.50 元")
        #expect(MerchantSettings(minimumFen: 7).minimumText == "0.07 元")
    }

    @Test func quietHoursWithinADayAcrossMidnightAndEmpty() throws {
        let day = try #require(QuietHours(from: 12 * 60, to: 14 * 60))
        #expect(!day.contains(12 * 60 - 1))
        #expect(day.contains(12 * 60))
        #expect(day.contains(14 * 60 - 1))
        #expect(!day.contains(14 * 60))
        let night = try #require(QuietHours(from: 22 * 60, to: 7 * 60 + 30))
        #expect(night.contains(22 * 60))
        #expect(night.contains(23 * 60 + 59))
        #expect(night.contains(0))
        #expect(night.contains(7 * 60 + 29))
        #expect(!night.contains(7 * 60 + 30))
        #expect(!night.contains(12 * 60))
        #expect(!night.contains(22 * 60 - 1))
        // From and to equal: empty, never all day.
        let empty = try #require(QuietHours(from: 8 * 60, to: 8 * 60))
        #expect((0..<1440).allSatisfy { !empty.contains($0) })
        #expect(QuietHours(from: -1, to: 10) == nil)
        #expect(QuietHours(from: 0, to: 1440) == nil)
        #expect(QuietHours.minute("07:05") == 425)
        for bad in ["7:05", "24:00", "12:60", "12-00", "", "١٢:٠٠", "12:00:00"] { #expect(QuietHours.minute(bad) == nil, "\(bad)") }
        #expect(QuietHours.text(425) == "07:05")
    }

    @Test func theMinuteOfDayIsTheLocalTime() throws {
        let date = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC
        #expect(MerchantSettings.minuteOfDay(date, in: try #require(TimeZone(identifier: "UTC"))) == 0)
        #expect(MerchantSettings.minuteOfDay(date, in: try #require(TimeZone(identifier: "Asia/Shanghai"))) == 8 * 60)
        #expect(MerchantSettings.minuteOfDay(date.addingTimeInterval(-60), in: try #require(TimeZone(identifier: "UTC"))) == 1439)
    }

    @Test func thePolicyAppliesTheSwitchesToAPushAfterRepeatsAndLateness() throws {
        let policy = AnnouncePolicy(soundHosts: ["sounds.example.com"])
        let name = "announce-123.45-e6f65a95.caf"
        let shanghai = try #require(TimeZone(identifier: "Asia/Shanghai"))
        // 2026-01-01 23:30 in Shanghai.
        let now = Date(timeIntervalSince1970: 1_767_225_600 + 15 * 3600 + 1800)
        let message = PushMessage(try Message(template: .payment, amount: Amount(parsing: "123.45")))
        let push = PushFields(sound: name, id: "order-1", at: now.timeIntervalSince1970, message: message)
        let installed: (String) -> Bool = { _ in true }
        func choose(_ settings: MerchantSettings, repeated: Bool = false) -> AnnouncePolicy.Choice {
            policy.choose(for: push, now: now, repeated: repeated, isInstalled: installed, settings: settings, timeZone: shanghai)
        }
        #expect(choose(MerchantSettings()) == .installed(name))
        #expect(choose(MerchantSettings(announcements: false)) == .silent(.merchant(.switchedOff)))
        #expect(choose(MerchantSettings(thisPhoneAnnounces: false)) == .silent(.merchant(.otherPhone)))
        #expect(choose(MerchantSettings(quietHours: QuietHours(from: 22 * 60, to: 7 * 60))) == .silent(.merchant(.quietHours)))
        #expect(choose(MerchantSettings(quietHours: QuietHours(from: 7 * 60, to: 22 * 60))) == .installed(name))
        #expect(choose(MerchantSettings(minimumFen: 12346)) == .silent(.merchant(.belowMinimum)))
        #expect(choose(MerchantSettings(minimumFen: 12345)) == .installed(name))
        // A repeat stays a repeat whatever the switches say.
        #expect(choose(MerchantSettings(announcements: false), repeated: true) == .silent(.repeated))
        // The old entry point keeps its meaning: the defaults.
        #expect(policy.choose(for: push, now: now, repeated: false, isInstalled: installed) == .installed(name))
    }
}

/// The settings file in every state the App Group can hold it.
@Suite struct MerchantSettingsFileTests {
    let scratch: ScratchFolder
    let store: MerchantSettingsFile

    init() throws {
        scratch = try ScratchFolder("merchant-settings")
        store = MerchantSettingsFile(file: scratch.url("Library/Application Support/announce-settings.json"))
    }

    func plant(_ text: String) throws {
        try FileManager.default.createDirectory(at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: store.file)
    }

    @Test func whatIsWrittenIsReadBack() throws {
        let settings = MerchantSettings(
            announcements: true, thisPhoneAnnounces: false, quietHours: MerchantSettings.QuietHours(from: 1320, to: 450), minimumFen: 1050)
        try store.write(settings)
        #expect(store.read() == MerchantSettingsFile.Reading(settings: settings, status: .read))
        let text = try String(contentsOf: store.file, encoding: .utf8)
        #expect(text == #"{"announcements":true,"minimum-fen":1050,"quiet-hours":{"from":"22:00","to":"07:30"},"this-phone-announces":false,"till-mode":true,"version":1}"#)
        // Written again whole: no leftovers of the first.
        try store.write(MerchantSettings())
        #expect(store.read() == MerchantSettingsFile.Reading(settings: MerchantSettings(), status: .read))
    }

    @Test func aMissingFileGivesTheDefaultsQuietly() {
        let reading = store.read()
        #expect(reading == MerchantSettingsFile.Reading(settings: MerchantSettings(), status: .missing))
        #expect(!reading.status.isProblem)
    }

    @Test(arguments: [
        #"{"version":1,"announcements":false,"this-phone"#, "", "[1,2]", "null", #"{"version":"one","announcements":false}"#,
        #"{"version":-1,"announcements":false}"#,
    ])
    func aHalfWrittenOrDamagedFileAnnounces(text: String) throws {
        try plant(text)
        let reading = store.read()
        #expect(reading == MerchantSettingsFile.Reading(settings: MerchantSettings(), status: .damaged))
        #expect(reading.status.isProblem)
    }

    @Test func aNewerVersionAnnounces() throws {
        try plant(#"{"version":2,"announcements":false,"this-phone-announces":false,"mode":"zones"}"#)
        #expect(store.read() == MerchantSettingsFile.Reading(settings: MerchantSettings(), status: .newerVersion))
    }

    @Test func aFileThatCannotBeReadAnnounces() throws {
        // Before the first unlock the file is there but cannot be opened; a
        // folder under its name is the same on Linux, where root reads every file.
        try FileManager.default.createDirectory(at: store.file, withIntermediateDirectories: true)
        #expect(store.read() == MerchantSettingsFile.Reading(settings: MerchantSettings(), status: .unreadable))
        // One too large to be settings is not read either.
        try FileManager.default.removeItem(at: store.file)
        try plant(#"{"version":1,"announcements":false,"pad":""# + String(repeating: "x", count: 70_000) + #""}"#)
        #expect(store.read().status == .unreadable)
    }

    @Test(arguments: [
        (#"{"minimum-fen":-100}"#, "minimum-fen"), (#"{"minimum-fen":"1000"}"#, "minimum-fen"), (#"{"minimum-fen":10.5}"#, "minimum-fen"),
        (#"{"minimum-fen":true}"#, "minimum-fen"), (#"{"minimum-fen":1e300}"#, "minimum-fen"),
        (#"{"minimum-fen":100000000000000}"#, "minimum-fen"),
        (#"{"announcements":1}"#, "announcements"), (#"{"this-phone-announces":"no"}"#, "this-phone-announces"),
        (#"{"quiet-hours":{"from":"22:00"}}"#, "quiet-hours"), (#"{"quiet-hours":{"from":"25:00","to":"07:00"}}"#, "quiet-hours"),
        (#"{"quiet-hours":"22:00-07:00"}"#, "quiet-hours"),
    ])
    func aWrongValueKeepsItsDefaultAndTheRestApply(text: String, key: String) throws {
        // The other switch in the file still applies.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let other = key == "this-phone-announces" ? "announcements" : "this-phone-announces"
        object[other] = false
        try FileManager.default.createDirectory(at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: object).write(to: store.file)
        let reading = store.read()
        #expect(reading.status == .invalid([key]))
        #expect(reading.status.isProblem)
        var expected = MerchantSettings()
        if other == "announcements" { expected.announcements = false } else { expected.thisPhoneAnnounces = false }
        #expect(reading.settings == expected)
    }

    @Test func absentOrNullKeysKeepTheirDefaults() throws {
        try plant(#"{"quiet-hours":null,"minimum-fen":null,"announcements":false}"#)
        #expect(store.read() == MerchantSettingsFile.Reading(settings: MerchantSettings(announcements: false), status: .read))
        try plant("{}")
        #expect(store.read() == MerchantSettingsFile.Reading(settings: MerchantSettings(), status: .read))
    }

    @Test func aPlantedFIFODoesNotHangTheReader() throws {
        try FileManager.default.createDirectory(at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(store.file.path, 0o600) == 0)
        #expect(store.read().settings == MerchantSettings())
    }
}

/// Each state of the settings file a push can find is counted under its own
/// counter, and said on the status screen; a good or missing file is neither.
@Suite struct MerchantSettingsStatusTests {
    @Test func eachProblemHasItsCounterAndLine() {
        let statuses: [(MerchantSettingsFile.Status, DeliveryCounters.Counter?)] = [
            (.read, nil), (.missing, nil), (.damaged, .settingsDamaged), (.newerVersion, .settingsNewerVersion),
            (.unreadable, .settingsUnreadable), (.invalid(["minimum-fen"]), .settingsInvalid),
        ]
        for (status, counter) in statuses {
            #expect(status.counter == counter, "\(status)")
            #expect((status.message != nil) == (counter != nil), "\(status)")
        }
        #expect(MerchantSettingsFile.Status.invalid(["minimum-fen", "quiet-hours"]).message?.contains("minimum-fen、quiet-hours") == true)
    }
}
