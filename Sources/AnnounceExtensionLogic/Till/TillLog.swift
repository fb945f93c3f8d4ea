import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceEngine
import AnnounceWire
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The events the app saw, kept in one small file of the App Group in the
/// vocabulary of `announce till` (``TillEvent``), so a merchant's "I did not
/// hear that payment" can be shared from the status screen and replayed:
/// `announce till --pack default.announcepack day.jsonl`.
///
/// - **Bounded:** the lines of the last ``keptSeconds`` and at most
///   ``maximumBytes``; the oldest go first.
/// - **Safe with the extension:** each line is added under the record's lock
///   (``LockedRecordFile``), in the order of time: the extension adds every
///   push it receives, the app what it sees.
/// - **The phone's time:** `at` is the phone's clock; when ``ClockCheck``
///   knows it is off, a `clock` line says by how much, so the replay judges
///   lateness as the phone did.
///
/// Foundation only: the package compiles this file on Linux and tests it.
struct TillLog: Sendable {
    /// E.g. `<App Group>/Library/Application Support/announce-till.jsonl`.
    var file: URL { record.file }
    private let record: LockedRecordFile

    /// A day and a little more.
    static let keptSeconds: Double = 26 * 3600
    /// The largest file kept.
    static let maximumBytes = 512 * 1024

    init(file: URL) {
        record = LockedRecordFile(file: file, maximumBytes: Self.maximumBytes * 2)
    }

    /// Adds `line` (one event, at `at`) in the order of time (the extension
    /// and the app add lines each from its own process), dropping lines
    /// older than ``keptSeconds`` before it and the oldest beyond
    /// ``maximumBytes``.
    func append(_ line: String, at: Double) throws(LockedRecordFile.Failure) {
        guard !line.contains("\n"), line.utf8.count < Self.maximumBytes else { return }
        let added = Entry(time: Self.time(of: line) ?? at, line: line)
        try record.update { (data: Data?) throws(LockedRecordFile.Failure) -> (result: Void, replacement: Data?) in
            var entries = Self.entries(in: data)
            let place = entries.lastIndex { $0.time <= added.time }.map { $0 + 1 } ?? 0
            entries.insert(added, at: place)
            let kept = Self.keeping(entries, now: at).map(\.line)
            return ((), Data(kept.joined(separator: "\n").utf8 + [0x0A]))
        }
    }

    /// The lines kept, oldest first.
    func lines() -> [String] {
        Self.entries(in: record.contents()).map(\.line)
    }

    /// The lines of the 24 hours before `now`, as a file to share.
    func lastDay(now: Double) -> String {
        let day = Self.entries(in: record.contents()).filter { $0.time >= now - 24 * 3600 }.map(\.line)
        return day.isEmpty ? "" : day.joined(separator: "\n") + "\n"
    }

    /// One line of the file and its time, read once.
    struct Entry {
        let time: Double
        let line: String
    }

    /// `lines` without those older than ``keptSeconds`` before `now`, and
    /// without the oldest beyond ``maximumBytes`` (a line without a time
    /// counts as `now`'s).
    static func keeping(_ lines: [String], now: Double) -> [String] {
        keeping(lines.map { Entry(time: time(of: $0) ?? now, line: $0) }, now: now).map(\.line)
    }

    /// `entries` without those older than ``keptSeconds`` before `now`, and
    /// without the oldest beyond ``maximumBytes``.
    static func keeping(_ entries: [Entry], now: Double) -> [Entry] {
        let recent = entries.filter { $0.time >= now - keptSeconds }
        var bytes = recent.reduce(0) { $0 + $1.line.utf8.count + 1 }
        var first = 0
        while bytes > maximumBytes, first < recent.count {
            bytes -= recent[first].line.utf8.count + 1
            first += 1
        }
        return Array(recent[first...])
    }

    /// The file's events, each line's time read once; lines that are not
    /// events are passed over.
    private static func entries(in data: Data?) -> [Entry] {
        guard let data else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { text in
            let line = String(text)
            return time(of: line).map { Entry(time: $0, line: line) }
        }
    }

    /// A line's `at`; nil when it is not an event.
    static func time(of line: String) -> Double? {
        guard let members = try? JSONLineParser(maximumLength: maximumBytes).parseObject(line),
              case .number(let text)? = members.first(where: { $0.key == "at" })?.value
        else { return nil }
        return Double(text)
    }

    // MARK: - Lines

    /// The line of an event the app saw at `at`: `name` and its `fields`
    /// (strings, numbers, flags, and for a push its `payload` as iOS gave it).
    static func line(at: Double, event name: String, _ fields: [(String, Any)] = []) -> String {
        var text = "{\"at\":"
        JSONObject.appendNumber((at * 1000).rounded() / 1000, to: &text)
        text += ",\"event\":"
        JSONObject.appendString(name, to: &text)
        for (key, value) in fields {
            text += ","
            JSONObject.appendString(key, to: &text)
            text += ":"
            append(value, to: &text)
        }
        return text + "}"
    }

    /// A push the app saw, on `channel`, from `service`.
    static func push(at: Double, service: PushService, channel: TillEvent.Channel, userInfo: [AnyHashable: Any]) -> String {
        line(at: at, event: "push", [("service", service.rawValue), ("channel", channel.rawValue), ("payload", userInfo)])
    }

    /// A value as JSON: what iOS puts in a push's `userInfo`.
    private static func append(_ value: Any, to text: inout String) {
        // Whole numbers before flags: iOS hands numbers over as NSNumber,
        // which also reads as a Bool (`mutable-content` 1 stays 1).
        switch value {
        case let number as Int: text += String(number)
        case let flag as Bool: text += flag ? "true" : "false"
        case let number as Double: number.isFinite ? JSONObject.appendNumber(number, to: &text) : (text += "null")
        case let string as String: JSONObject.appendString(string, to: &text)
        case let list as [Any]:
            text += "["
            for (index, element) in list.enumerated() {
                if index > 0 { text += "," }
                append(element, to: &text)
            }
            text += "]"
        case let object as [AnyHashable: Any]:
            text += "{"
            let keyed = object.compactMap { key, value in (key as? String).map { ($0, value) } }.sorted { $0.0 < $1.0 }
            for (index, (key, element)) in keyed.enumerated() {
                if index > 0 { text += "," }
                JSONObject.appendString(key, to: &text)
                text += ":"
                append(element, to: &text)
            }
            text += "}"
        case let object as [String: Any]:
            append(object as [AnyHashable: Any], to: &text)
        default: text += "null"
        }
    }
}
