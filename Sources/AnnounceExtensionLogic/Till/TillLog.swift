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
/// - **The phone's time, put right when shared:** each line is written at
///   the phone's clock (`at`) with when that clock says the phone started
///   (`boot`: the clock less the seconds since boot, sleep counted, which
///   moves only when the clock is set or the phone restarts). The phone
///   cannot know true time when it writes, but the day's pushes say it
///   afterwards: each carries when its payment was taken (`announce-at`).
///   ``sharedDay(_:)`` turns each stretch of one clock (one `boot`) into
///   true time by the offset its pushes agree on, and says that offset in a
///   `clock` line, so the replay sees the phone's clock as the phone did
///   and the day in true time, in the order it happened.
/// - **Everything the phone decided by:** the app writes the merchant's
///   whole settings file and whether time-sensitive notifications are
///   allowed at each start and change (`settings`), the media volume, the
///   app's states, the lock and interruptions; the extension writes each
///   push it receives. The ring switch and Focus, which the app cannot read,
///   are the merchant's to add (docs/IOS.md, "The day's log").
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

    /// The lines of the 24 hours before `now` (the phone's clock), as a
    /// day to share: in true time, with its `clock` lines
    /// (``sharedDay(_:)``).
    func lastDay(now: Double) -> String {
        Self.sharedDay(Self.entries(in: record.contents()).filter { $0.time >= now - 24 * 3600 }.map(\.line))
    }

    /// `lines` as written on the phone (each at the phone's clock, with its
    /// `boot`) as a day in true time for `announce till`: the lines of each
    /// clock (their `boot` within ``ClockCheck/spread`` of each other) moved
    /// by that clock's offset, the offset of the day's fresh pushes on it
    /// (``clockOffset(_:)``; a clock without pushes, set while the phone ran
    /// on, by the offset of one with pushes moved as the boot moved, else as
    /// the one before it), and a `clock` line before the first line of each
    /// clock whose offset differs from the one before; `boot` dropped; the
    /// lines in the order of true time. A line that is not an event is
    /// passed over.
    static func sharedDay(_ lines: [String]) -> String {
        struct Read {
            var at: Double
            var boot: Double?
            var members: [JSONLineParser.Member]
            var clock = 0
        }
        let parser = JSONLineParser(maximumLength: maximumBytes)
        var read: [Read] = lines.compactMap { line in
            guard var members = try? parser.parseObject(line),
                  case .number(let text)? = members.first(where: { $0.key == "at" })?.value, let at = Double(text), at.isFinite
            else { return nil }
            var boot: Double?
            if let index = members.firstIndex(where: { $0.key == "boot" }) {
                if case .number(let text) = members[index].value { boot = Double(text).flatMap { $0.isFinite ? $0 : nil } }
                members.remove(at: index)
            }
            return Read(at: at, boot: boot, members: members)
        }
        // The clocks: each line's boot within the spread of the first of
        // its clock; a line without one is on the clock of the line above.
        var boots: [Double] = []
        var current = 0
        for index in read.indices {
            if let boot = read[index].boot {
                current = boots.firstIndex { abs($0 - boot) <= ClockCheck.spread } ?? {
                    boots.append(boot)
                    return boots.count - 1
                }()
            }
            read[index].clock = current
        }
        // Each clock's offset, from its pushes' announce-at.
        var samples: [[Double]] = Array(repeating: [], count: max(boots.count, 1))
        for line in read {
            guard case .string("push")? = line.members.first(where: { $0.key == "event" })?.value,
                  let event = try? TillEvent(line: Array(TillEvent.compact(.object(line.members)).utf8)),
                  case .push(_, _, let payload) = event.kind,
                  let taken = PushFields(userInfo: payload.userInfo).at, taken.isFinite
            else { continue }
            samples[line.clock].append(line.at - taken)
        }
        // A clock without pushes: one set while the phone ran on (its lines'
        // seconds since boot, `at` less `boot`, go on from the other's) is
        // off by that clock's offset moved as its boot moved, exactly; else
        // (a restart between them) as the clock written before it, or after.
        var estimates = samples.map(clockOffset)
        let known = estimates.indices.filter { estimates[$0] != nil }
        let order = read.map(\.clock).reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
        var uptimes = Array(repeating: (low: Double.infinity, high: -Double.infinity), count: boots.count)
        for line in read {
            guard let boot = line.boot else { continue }
            uptimes[line.clock] = (min(uptimes[line.clock].low, line.at - boot), max(uptimes[line.clock].high, line.at - boot))
        }
        func onOneRun(_ one: Int, _ other: Int) -> Bool {
            guard one < uptimes.count, other < uptimes.count else { return false }
            return uptimes[one].high <= uptimes[other].low + ClockCheck.spread || uptimes[other].high <= uptimes[one].low + ClockCheck.spread
        }
        for clock in estimates.indices where estimates[clock] == nil {
            // The clocks with pushes, nearest first: those written before it, then after.
            let position = order.firstIndex(of: clock) ?? 0
            let nearest = (Array(order[..<position].reversed()) + Array(order[position...])).filter(known.contains)
            if let run = nearest.first(where: { onOneRun($0, clock) }), let offset = estimates[run] {
                estimates[clock] = TillDay.milliseconds(offset + boots[clock] - boots[run])
            } else {
                estimates[clock] = nearest.first.flatMap { estimates[$0] } ?? 0
            }
        }
        let offsets = estimates.map { $0 ?? 0 }
        // In true time, in order (a clock set back goes after what came before).
        let ordered = read.map { line in (at: TillDay.milliseconds(line.at - offsets[line.clock]), line: line) }
            .enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        var text = ""
        var said = 0.0
        for (at, line) in ordered {
            let offset = offsets[line.clock]
            if offset != said {
                text += Self.line(at: at, event: "clock", [("offset", offset)]) + "\n"
                said = offset
            }
            var members = line.members
            if let index = members.firstIndex(where: { $0.key == "at" }) {
                var number = ""
                JSONObject.appendNumber(at, to: &number)
                members[index] = JSONLineParser.Member(key: "at", value: .number(number))
            }
            text += TillEvent.compact(.object(members)) + "\n"
        }
        return text
    }

    /// The offset of a clock whose pushes arrived `offsets` after their
    /// `announce-at` (its clock less the server's, with the seconds the
    /// pushes took): the lower median of the largest group within
    /// ``ClockCheck/spread`` of each other, as ``ClockCheck`` judges the
    /// phone's clock (a push stored for an hour moves nothing); nil without
    /// pushes.
    static func clockOffset(_ offsets: [Double]) -> Double? {
        let best = ClockCheck.agreeing(offsets)
        guard !best.isEmpty else { return nil }
        return TillDay.milliseconds(best[best.startIndex + (best.count - 1) / 2])
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

    /// The phone's clock now, and when it says the phone started: each
    /// line's `at` and `boot`.
    static func now() -> (at: Double, boot: Double) {
        let date = Date()
        return (date.timeIntervalSince1970, BootClock.bootTime(now: date))
    }

    /// The line of an event the app saw at `at` (the phone's clock) on a
    /// clock that says the phone started at `boot` (``BootClock/bootTime(now:)``):
    /// `name` and its `fields` (strings, numbers, flags, and for a push its
    /// `payload` as iOS gave it).
    static func line(at: Double, boot: Double? = nil, event name: String, _ fields: [(String, Any)] = []) -> String {
        var text = "{\"at\":"
        JSONObject.appendNumber((at * 1000).rounded() / 1000, to: &text)
        if let boot {
            text += ",\"boot\":"
            JSONObject.appendNumber((boot * 1000).rounded() / 1000, to: &text)
        }
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
    static func push(at: Double, boot: Double? = nil, service: PushService, channel: TillEvent.Channel, userInfo: [AnyHashable: Any]) -> String {
        line(at: at, boot: boot, event: "push", [("service", service.rawValue), ("channel", channel.rawValue), ("payload", userInfo)])
    }

    /// The merchant's settings as the phone uses them: every key of
    /// `announce-settings.json` as `file` holds it (none when it is not an
    /// object: the defaults), and whether the app's time-sensitive
    /// notifications are allowed (left out while not yet read).
    static func settings(at: Double, boot: Double? = nil, file: Data?, timeSensitive: Bool?) -> String {
        var text = String(line(at: at, boot: boot, event: "settings").dropLast())
        let members = file.flatMap { try? JSONLineParser(maximumLength: maximumBytes).parseObject(Array($0)) } ?? []
        for member in members where MerchantSettingsFile.keys.contains(member.key) {
            text += ","
            JSONObject.appendString(member.key, to: &text)
            text += ":"
            JSONObject.appendValue(member.value, to: &text)
        }
        guard let timeSensitive else { return text + "}" }
        return text + ",\"time-sensitive\":" + (timeSensitive ? "true" : "false") + "}"
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
