@testable import AnnounceExtensionLogic
import AnnounceTestSupport
import Foundation
import Testing

/// The App Group's files keep one format whoever writes them: files as
/// Foundation's `JSONSerialization` writes them (`\/`, spacing, any key
/// order) read the same, and what the logic writes reads back through
/// `JSONSerialization` as the same values, so an app and an extension of
/// different builds share the files. Booleans and numbers never stand in
/// for each other.
@Suite struct RecordJSONTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder("record-json")
        try scratch.folder("Library/Application Support")
    }

    func file(_ name: String) -> URL { scratch.url("Library/Application Support/\(name)") }

    func serialized(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    func deserialized(_ url: URL) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    }

    @Test func recentPaymentsReadAndWriteAsJSONSerializationDoes() throws {
        let url = file("announce-recent-ids.json")
        let ids = ["order/9", "订单-10", "quote\"and\\back", "line\u{2028}separator"]
        try serialized(ids.enumerated().map { ["id": $1, "at": 1_767_225_600.25 + Double($0)] }).write(to: url)
        let record = RecentPayments(file: url)
        #expect(record.ids() == ids)
        #expect(try record.claim("order-11", at: Date(timeIntervalSince1970: 1_767_225_700.5)) == .first)
        #expect(try record.claim("order/9", at: Date()) == .repeated)
        let list = try #require(try deserialized(url) as? [[String: Any]])
        #expect(list.map { $0["id"] as? String } == ids + ["order-11"])
        #expect(list.map { ($0["at"] as? NSNumber)?.doubleValue } == [1_767_225_600.25, 1_767_225_601.25, 1_767_225_602.25, 1_767_225_603.25, 1_767_225_700.5])
        // An entry that is no object, or an id that is no string, makes the record unreadable.
        for text in [#"[{"id":"a","at":1},2]"#, #"[{"id":7,"at":1}]"#, #"{"id":"a"}"#, #"[{"id":"a"}] [1]"#] {
            try Data(text.utf8).write(to: url)
            #expect(record.ids() == [], "\(text)")
        }
    }

    @Test func countersReadAndWriteAsJSONSerializationDoes() throws {
        let url = file("announce-counters.json")
        try Data(#"{ "late" : 2, "downloaded" : 3.0, "fallback-timed-out" : 9223372036854775807 }"#.utf8).write(to: url)
        let counters = DeliveryCounters(file: url)
        #expect(counters.counts() == [.late: 2, .downloaded: 3, .fallbackTimedOut: Int.max])
        try counters.record(.late)
        #expect(try String(contentsOf: url, encoding: .utf8) == #"{"downloaded":3,"fallback-timed-out":9223372036854775807,"late":3}"#)
        let object = try #require(try deserialized(url) as? [String: Any])
        #expect(object["late"] as? Int == 3)
        #expect(object["fallback-timed-out"] as? Int == Int.max)
        // Flags, text and fractions are no counts.
        try Data(#"{"late":true,"held":false,"reused":"4","downloaded":2.5,"rendered":1e1}"#.utf8).write(to: url)
        #expect(counters.counts() == [.rendered: 10])
    }

    @Test func clockOffsetsReadAndWriteAsJSONSerializationDoes() throws {
        let check = ClockCheck(file: file("announce-clock.json"))
        try serialized(["offsets": [-3600, 200.5, 1e-3]]).write(to: check.file)
        #expect(check.offsets() == [-3600, 200.5, 0.001])
        try check.note(at: 100, now: Date(timeIntervalSince1970: 400.25), boot: 7.5)
        let object = try #require(try deserialized(check.file) as? [String: Any])
        let samples = try #require(object["samples"] as? [[String: Any]])
        #expect(samples.map { ($0["offset"] as? NSNumber)?.doubleValue } == [-3600, 200.5, 0.001, 300.25])
        #expect(samples.map { ($0["boot"] as? NSNumber)?.doubleValue } == [nil, nil, nil, 7.5])
        #expect(check.samples().last == ClockCheck.Sample(offset: 300.25, boot: 7.5))
        // A flag is no offset.
        try Data(#"{"offsets":[true,false,"7",5]}"#.utf8).write(to: check.file)
        #expect(check.offsets() == [5])
    }

    @Test func merchantSettingsReadAndWriteAsJSONSerializationDoes() throws {
        let settings = MerchantSettings(
            announcements: false, thisPhoneAnnounces: true, quietHours: MerchantSettings.QuietHours(from: 1320, to: 450), minimumFen: 99_999_999_999_999,
            tillMode: false)
        let written: [String: Any] = [
            "version": 1, "announcements": false, "this-phone-announces": true,
            "quiet-hours": ["from": "22:00", "to": "07:30"], "minimum-fen": 99_999_999_999_999, "till-mode": false,
        ]
        let data = try serialized(written)
        #expect(MerchantSettingsFile.decode(data) == MerchantSettingsFile.Reading(settings: settings, status: .read))
        #expect(MerchantSettingsFile.encode(settings) == data)
        let object = try #require(try JSONSerialization.jsonObject(with: MerchantSettingsFile.encode(settings)) as? [String: Any])
        #expect(object["minimum-fen"] as? UInt64 == 99_999_999_999_999)
        // A whole number written with a fraction or an exponent is still one; null is no value.
        #expect(MerchantSettingsFile.decode(Data(#"{"version":1.0,"minimum-fen":1.05e3,"quiet-hours":null}"#.utf8)).settings.minimumFen == 1050)
        // 0 and 1 are no flags, a flag no number; a version past 2^53 is no version.
        #expect(MerchantSettingsFile.decode(Data(#"{"announcements":0,"this-phone-announces":1}"#.utf8)).status
            == .invalid(["announcements", "this-phone-announces"]))
        #expect(MerchantSettingsFile.decode(Data(#"{"version":true}"#.utf8)).status == .damaged)
        #expect(MerchantSettingsFile.decode(Data(#"{"version":18446744073709551615}"#.utf8)).status == .damaged)
    }

    @Test func aProfilesEntitlementOfAnotherTypeIsNone() {
        let plist = #"<?xml version="1.0"?><plist version="1.0"><dict><key>Entitlements</key><dict><key>aps-environment</key><integer>1</integer></dict></dict></plist>"#
        #expect(SigningEnvironment.apsEnvironment(in: Data(plist.utf8)) == nil)
        let flat = #"<?xml version="1.0"?><plist version="1.0"><dict><key>Entitlements</key><string>x</string></dict></plist>"#
        #expect(SigningEnvironment.apsEnvironment(in: Data(flat.utf8)) == nil)
    }
}
