import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The merchant's switches (``MerchantSettings``) in one small file of the
/// App Group, written by the app and read by the extension with every push.
///
/// Written whole and renamed into place under the record lock
/// (``LockedRecordFile``), so a reader never sees half a file from this
/// code. Whatever else is found, the reading announces:
///
/// | found | settings used | ``Status`` |
/// |---|---|---|
/// | no file | the defaults: announce everything | ``Status/missing`` |
/// | not a settings object (cut short, damaged) | the defaults | ``Status/damaged`` |
/// | `version` above ``MerchantSettings/version`` | the defaults | ``Status/newerVersion`` |
/// | a file that cannot be read (before the first unlock after a restart, too large) | the defaults | ``Status/unreadable`` |
/// | a key with a wrong value (a negative or fractional `minimum-fen`, text, quiet hours not `HH:MM`) | the others; that key's default | ``Status/invalid(_:)`` |
///
/// Foundation and the phone's libraries only: the package compiles this file on Linux
/// and tests it on real files.
struct MerchantSettingsFile: Sendable {
    /// E.g. `<App Group>/Library/Application Support/announce-settings.json`.
    var file: URL { record.file }
    private let record: LockedRecordFile

    init(file: URL) {
        record = LockedRecordFile(file: file, maximumBytes: 64 * 1024)
    }

    /// How the file was found.
    enum Status: Equatable, Sendable {
        /// Read as written.
        case read
        /// No file: the merchant has changed nothing.
        case missing
        /// Not a settings object: cut short or damaged.
        case damaged
        /// Written by a newer version of the app.
        case newerVersion
        /// There, but it cannot be read (the phone not unlocked since it
        /// started, or a file larger than 64 kB).
        case unreadable
        /// Read, but these keys had wrong values and keep their defaults.
        case invalid([String])

        /// Whether a push should count this (everything but a file read as
        /// written or no file at all).
        var isProblem: Bool { counter != nil }

        /// The counter a push adds to when it finds the file so; nil for a
        /// file read as written or no file at all.
        var counter: DeliveryCounters.Counter? {
            switch self {
            case .read, .missing: nil
            case .damaged: .settingsDamaged
            case .newerVersion: .settingsNewerVersion
            case .unreadable: .settingsUnreadable
            case .invalid: .settingsInvalid
            }
        }

        /// One line for the status screen; nil when there is nothing to say.
        var message: String? {
            switch self {
            case .read, .missing: nil
            case .damaged: "播报设置文件已损坏：按默认设置播报。请重新设置一次。"
            case .newerVersion: "播报设置来自更新版本的应用：按默认设置播报。请更新应用。"
            case .unreadable: "播报设置暂时无法读取（重启后尚未解锁）：按默认设置播报。"
            case .invalid(let keys): "播报设置中有无效的值（\(keys.joined(separator: "、"))）：这些项按默认设置。"
            }
        }
    }

    /// The settings and how they were found.
    struct Reading: Equatable, Sendable {
        var settings: MerchantSettings
        var status: Status
    }

    /// The settings in the file; never throws, never blocks on a planted FIFO.
    func read() -> Reading {
        guard let data = record.contents() else {
            guard FileManager.default.fileExists(atPath: file.path) else { return Reading(settings: MerchantSettings(), status: .missing) }
            // An empty file is one cut short before its first byte.
            let empty = LockedRecordFile.regularFileSize(at: file) == 0
            return Reading(settings: MerchantSettings(), status: empty ? .damaged : .unreadable)
        }
        return Self.decode(data)
    }

    /// The settings in the file, counting in `counters` a file that could
    /// not be used as written (``Status/counter``): what the extension does
    /// with every push. A count that cannot be written is kept by the store.
    func read(counting counters: DeliveryCounters?) -> Reading {
        let reading = read()
        if let counter = reading.status.counter { try? counters?.record(counter) }
        return reading
    }

    /// Replaces the file with `settings`, atomically.
    func write(_ settings: MerchantSettings) throws(LockedRecordFile.Failure) {
        let data = Self.encode(settings)
        try record.update { (_: Data?) throws(LockedRecordFile.Failure) -> (result: Void, replacement: Data?) in ((), data) }
    }

    /// The keys the file holds.
    static let keys: Set<String> = ["version", "announcements", "this-phone-announces", "quiet-hours", "minimum-fen", "till-mode"]

    /// The file's bytes as settings (see the table above).
    static func decode(_ data: Data) -> Reading {
        guard let object = RecordJSON.object(in: data) else {
            return Reading(settings: MerchantSettings(), status: .damaged)
        }
        if let version = object["version"] {
            guard let number = wholeNumber(version) else { return Reading(settings: MerchantSettings(), status: .damaged) }
            if number > UInt64(MerchantSettings.version) { return Reading(settings: MerchantSettings(), status: .newerVersion) }
        }
        var settings = MerchantSettings()
        var invalid: [String] = []
        if let value = object["announcements"] {
            if let flag = value.boolean { settings.announcements = flag } else { invalid.append("announcements") }
        }
        if let value = object["this-phone-announces"] {
            if let flag = value.boolean { settings.thisPhoneAnnounces = flag } else { invalid.append("this-phone-announces") }
        }
        if let value = object["till-mode"] {
            if let flag = value.boolean { settings.tillMode = flag } else { invalid.append("till-mode") }
        }
        if let value = object["quiet-hours"], value != .null {
            if let hours = quietHours(value) { settings.quietHours = hours } else { invalid.append("quiet-hours") }
        }
        if let value = object["minimum-fen"], value != .null {
            if let fen = wholeNumber(value), fen <= Amount.maximumFen { settings.minimumFen = fen } else { invalid.append("minimum-fen") }
        }
        return Reading(settings: settings, status: invalid.isEmpty ? .read : .invalid(invalid))
    }

    /// `settings` as the file holds them, keys sorted.
    static func encode(_ settings: MerchantSettings) -> Data {
        let quietHours = settings.quietHours.map {
            ["from": MerchantSettings.QuietHours.text($0.from), "to": MerchantSettings.QuietHours.text($0.to)]
        }
        let file = File(
            version: MerchantSettings.version, announcements: settings.announcements, thisPhoneAnnounces: settings.thisPhoneAnnounces,
            quietHours: quietHours, minimumFen: settings.minimumFen, tillMode: settings.tillMode)
        // Only strings, booleans and whole numbers: this cannot fail.
        return (try? RecordJSON.bytes(file)) ?? Data()
    }

    /// The file's JSON object; a key without a value is left out.
    private struct File: Encodable {
        let version: Int
        let announcements: Bool
        let thisPhoneAnnounces: Bool
        let quietHours: [String: String]?
        let minimumFen: UInt64?
        let tillMode: Bool

        enum CodingKeys: String, CodingKey {
            case version
            case announcements
            case thisPhoneAnnounces = "this-phone-announces"
            case quietHours = "quiet-hours"
            case minimumFen = "minimum-fen"
            case tillMode = "till-mode"
        }
    }

    /// A whole number from 0 up, exactly; not a boolean, a fraction or text.
    private static func wholeNumber(_ value: RecordJSON.Value) -> UInt64? {
        // Fen are exact: a whole number is read as an integer, `1050.0` as a
        // Double. Either way only below 2^53, where every whole number is
        // exact as a Double; the largest amount (Amount.maximumFen) is far below.
        if case .integer(let whole) = value { return whole >= 0 && whole < 1 << 53 ? UInt64(whole) : nil }
        guard let double = value.number else { return nil }
        guard double >= 0, double < 9_007_199_254_740_992, double == double.rounded(.towardZero) else { return nil }
        return UInt64(double)
    }

    /// `{"from": "HH:MM", "to": "HH:MM"}`.
    private static func quietHours(_ value: RecordJSON.Value) -> MerchantSettings.QuietHours? {
        guard let object = value.fields, let from = object["from"]?.string, let to = object["to"]?.string,
              let start = MerchantSettings.QuietHours.minute(from), let end = MerchantSettings.QuietHours.minute(to)
        else { return nil }
        return MerchantSettings.QuietHours(from: start, to: end)
    }
}
