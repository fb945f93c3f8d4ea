@testable import AnnounceExtensionLogic
import AnnounceEngine
import AnnounceTestSupport
import AnnounceWire
import Foundation
import Testing

/// The day's log is the truth: a day played through the live model while
/// the phone writes its log (``TillDay/phoneLog``, into a real ``TillLog``
/// file), then the day the phone shares (``TillLog/lastDay(now:)``) played
/// again, gives every payment the same `heard`.
@Suite struct TillLogReplayTests {
    /// `lines` played live, and the day the phone would share of them played again.
    /// The ring switch and Focus, which the phone cannot read, are added as
    /// the merchant would say them (``TillDay/keepsMerchantsWord``).
    static func liveAndReplayed(_ lines: [String]) throws -> (live: [TillDay.Payment], replayed: [TillDay.Payment], shared: String) {
        var live = TillDay(pack: TillDayTests.pack, timeZone: TimeZone(identifier: "UTC")!)
        live.keepsPhoneLog = true
        live.keepsMerchantsWord = true
        for line in lines { try live.play(try TillEvent(line: Array(line.utf8))) }
        live.finish()
        let scratch = try ScratchFolder("till-replay")
        defer { scratch.remove() }
        let log = TillLog(file: scratch.url("announce-till.jsonl"))
        var last = 0.0
        for line in live.phoneLog {
            let at = try #require(TillLog.time(of: line))
            try log.append(line, at: at)
            last = max(last, at)
        }
        let shared = log.lastDay(now: last)
        let replayed = try TillDayTests.play(shared.split(separator: "\n").map(String.init))
        return (live.payments, replayed, shared)
    }

    /// Each payment of `live` heard in `replayed` as it was (one the phone
    /// never received is not in its log, and was not heard).
    static func expectSame(_ live: [TillDay.Payment], _ replayed: [TillDay.Payment], _ label: String) {
        for payment in live {
            let again = replayed.first { $0.id == payment.id }
            #expect((again?.heard ?? .none) == payment.heard, "\(label): live \(payment), replayed \(String(describing: again))")
            #expect((again?.times ?? 0) == payment.times, "\(label): live \(payment), replayed \(String(describing: again))")
            if let again, again.heard != .none { #expect(abs(again.at - payment.at) <= 5, "\(label): \(payment) and \(again)") }
        }
    }

    @Test(arguments: ["lunch-rush", "lock-mid-burst", "getui-shop"])
    func aDayOfTheDocsReplaysFromItsLog(name: String) throws {
        let text = try String(contentsOf: RepositoryPaths.file("docs/days/\(name).jsonl"), encoding: .utf8)
        let (live, replayed, _) = try Self.liveAndReplayed(text.split(separator: "\n").map(String.init))
        #expect(!live.isEmpty)
        Self.expectSame(live, replayed, name)
    }

    /// A phone 15 minutes fast: its log is at its own clock, and the day it
    /// shares is in true time with a `clock` line, so no payment it said
    /// replays as past its expiry.
    @Test func aPhoneFifteenMinutesFastReplaysAsItWasHeard() throws {
        let start = TillDayTests.start
        var lines = [try TillDayTests.line(start, "clock", ["offset": 900]), try TillDayTests.line(start + 1, "app", ["state": "active"])]
        for index in 0..<4 {
            lines.append(try TillDayTests.push(start + 10 + Double(index) * 30, amount: "\(index + 1).00", id: "fast-\(index)", taken: start + 9 + Double(index) * 30))
        }
        lines.append(try TillDayTests.line(start + 200, "app", ["state": "background"]))
        lines.append(try TillDayTests.push(start + 210, amount: "9.00", id: "fast-bg", taken: start + 208))
        let (live, replayed, shared) = try Self.liveAndReplayed(lines)
        #expect(live.allSatisfy { $0.heard != .none }, "\(live)")
        Self.expectSame(live, replayed, "15 minutes fast")
        let first = try TillEvent(line: Array(try #require(shared.split(separator: "\n").first).utf8))
        guard case .clock(let offset) = first.kind else {
            Issue.record("the shared day does not start with its clock: \(shared.prefix(200))")
            return
        }
        #expect((900...905).contains(offset))
        #expect(!shared.contains("\"boot\""))
        // The log as written, at the phone's clock and replayed as if it
        // were true time, would say APNs never delivered them.
        var asWritten = TillDay(pack: TillDayTests.pack, timeZone: TimeZone(identifier: "UTC")!)
        asWritten.keepsPhoneLog = true
        for line in lines { try asWritten.play(try TillEvent(line: Array(line.utf8))) }
        let raw = try TillDayTests.play(asWritten.phoneLog.map { $0.replacingOccurrences(of: #","boot":[0-9.]+"#, with: "", options: .regularExpression) })
        #expect(raw.allSatisfy { $0.heard == .none && $0.reason.contains("expiry") }, "\(raw)")
    }

    /// A clock set right in the middle of the day: each stretch of the log
    /// is moved by its own clock's offset, in the order it happened.
    @Test func aClockSetRightMidDayKeepsTheOrderOfTheDay() throws {
        let start = TillDayTests.start
        let lines = [
            try TillDayTests.line(start, "clock", ["offset": 600]),
            try TillDayTests.line(start + 1, "app", ["state": "active"]),
            try TillDayTests.push(start + 10, amount: "1.00", id: "before", taken: start + 9),
            try TillDayTests.line(start + 60, "clock", ["offset": 0]),
            try TillDayTests.push(start + 70, amount: "2.00", id: "after", taken: start + 69),
            try TillDayTests.line(start + 80, "app", ["state": "background"]),
            try TillDayTests.push(start + 90, amount: "3.00", id: "behind", taken: start + 89),
        ]
        let (live, replayed, shared) = try Self.liveAndReplayed(lines)
        Self.expectSame(live, replayed, "clock set")
        let times = shared.split(separator: "\n").compactMap { TillLog.time(of: String($0)) }
        #expect(times == times.sorted())
        #expect(times.allSatisfy { abs($0 - start - 45) < 60 }, "\(times)")
    }

    /// A clock set right with no push after it: its stretch is put right by
    /// how far the boot moved, not taken to be off as the clock before it.
    @Test func aClockSetWithNoPushAfterItIsPutRightByItsBoot() throws {
        let start = TillDayTests.start
        let lines = [
            try TillDayTests.line(start, "clock", ["offset": 600]),
            try TillDayTests.line(start + 1, "app", ["state": "active"]),
            try TillDayTests.push(start + 10, amount: "1.00", id: "before", taken: start + 9),
            try TillDayTests.push(start + 30, amount: "2.00", id: "before-2", taken: start + 29),
            try TillDayTests.line(start + 60, "clock", ["offset": 0]),
            try TillDayTests.line(start + 80, "app", ["state": "background"]),
            try TillDayTests.line(start + 100, "app", ["state": "active"]),
        ]
        let (_, _, shared) = try Self.liveAndReplayed(lines)
        let events = try shared.split(separator: "\n").map { try TillEvent(line: Array($0.utf8)) }
        let states = events.compactMap { event -> (Double, String)? in
            if case .app(let state) = event.kind { return (event.at, state.rawValue) }
            return nil
        }
        #expect(states.map(\.1) == ["active", "background", "active"], "\(states)")
        #expect(zip(states.map(\.0), [start + 1, start + 80, start + 100]).allSatisfy { abs($0 - $1) <= 2 }, "\(states)")
    }

    /// The settings the phone announced by are in its log whole, with
    /// time-sensitive, so a replay keeps quiet hours and the minimum.
    @Test func theSettingsAreLoggedWhole() throws {
        let line = TillLog.settings(at: 10, boot: 4, file: Data(#"{"minimum-fen": 500, "quiet-hours": {"from": "22:00", "to": "07:00"}, "other": 1}"#.utf8), timeSensitive: false)
        #expect(line == #"{"at":10,"boot":4,"event":"settings","minimum-fen":500,"quiet-hours":{"from":"22:00","to":"07:00"},"time-sensitive":false}"#)
        let start = TillDayTests.start
        let (live, replayed, shared) = try Self.liveAndReplayed([
            try TillDayTests.line(start, "settings", ["minimum-fen": 500, "time-sensitive": false]),
            try TillDayTests.line(start + 1, "app", ["state": "background"]),
            try TillDayTests.push(start + 5, amount: "1.00", id: "small", taken: start + 4),
            try TillDayTests.line(start + 6, "focus", ["on": true]),
            try TillDayTests.push(start + 30, amount: "10.00", id: "held", taken: start + 29),
        ])
        #expect(live.map(\.heard) == [.none, .none], "\(live)")
        Self.expectSame(live, replayed, "settings")
        #expect(shared.contains(#""minimum-fen":500"#) && shared.contains(#""time-sensitive":false"#))
    }

    /// Random days (the app never killed: a crash writes nothing, see
    /// docs/IOS.md), each on a phone whose clock may be off: the replay of
    /// the shared log hears what the phone heard.
    @Test func randomDaysReplayFromTheirLog() throws {
        var random = SplitMix64(seed: 0x1065_da75)
        for dayNumber in 0..<60 {
            let clock = try TillDayTests.line(TillDayTests.start, "clock", ["offset": [0, 900, -300, 60, 7200][Int(random.next() % 5)]])
            let (lines, _) = try TillDayTests.randomDay(&random, prefix: "r\(dayNumber)", kills: false, clockChanges: false, lines: [clock])
            let (live, replayed, _) = try Self.liveAndReplayed(lines)
            Self.expectSame(live, replayed, "day \(dayNumber)")
        }
    }
}
