@testable import AnnounceExtensionLogic
import AnnounceTestSupport
import AnnounceWire
import Foundation
import Testing

/// The status screen's lines of when the phone would not be heard, and the
/// app's log of its day, replayable with `announce till`.
@Suite struct TillStatusAndLogTests {
    @Test func eachReasonTheMerchantWouldNotHearIsALineOfItsOwn() {
        #expect(TillStatus.lines(TillStatus.Phone()) == [])
        var phone = TillStatus.Phone(tillMode: false, mediaVolume: 0.02, focused: true, timeSensitive: false, clock: .ahead(900))
        #expect(TillStatus.lines(phone) == [.silentWhenLocked, .mediaVolumeLow, .focusHolds, .clockOff])
        phone.notificationProblems = [.soundsOff]
        let messages = TillStatus.messages(phone)
        #expect(messages.count == 5)
        #expect(messages.first == NotificationHealth.Problem.soundsOff.message)
        #expect(messages.last?.contains("快了约 15 分钟") == true)
        #expect(Set(messages).count == messages.count && messages.allSatisfy { !$0.contains("\n") })
        // A volume that is not a number is no volume.
        #expect(TillStatus.lines(TillStatus.Phone(mediaVolume: .nan)) == [.mediaVolumeLow])
        #expect(TillStatus.lines(TillStatus.Phone(focused: true, timeSensitive: true)) == [])
        #expect(TillStatus.lines(TillStatus.Phone(clock: .fine)) == [])
    }

    @Test func theLogKeepsTheLastDayInTheVocabularyOfTill() throws {
        let scratch = try ScratchFolder("till-log")
        defer { scratch.remove() }
        let log = TillLog(file: scratch.url("Library/Application Support/announce-till.jsonl"))
        let userInfo = try #require(try JSONSerialization.jsonObject(with: Data(PushArrivalSamples.sample(PushService.jpush.rawValue))) as? [AnyHashable: Any])
        let start = 1_767_225_600.0
        try log.append(TillLog.line(at: start - 30 * 3600, event: "app", [("state", "active")]), at: start - 30 * 3600)
        try log.append(TillLog.line(at: start, event: "app", [("state", "active")]), at: start)
        try log.append(TillLog.line(at: start + 1, event: "volume", [("media", 0.5)]), at: start + 1)
        try log.append(TillLog.push(at: start + 2, service: .jpush, channel: .apns, userInfo: userInfo), at: start + 2)
        // A line the other process adds late goes in its place by time.
        try log.append(TillLog.line(at: start + 1.5, event: "idle"), at: start + 1.5)
        #expect(log.lines().compactMap(TillLog.time(of:)) == [start, start + 1, start + 1.5, start + 2])
        // The line of 30 hours ago is gone; the rest read back as events.
        let lines = log.lines()
        #expect(lines.count == 4)
        for line in lines { _ = try TillEvent(line: Array(line.utf8)) }
        // Shared, the day is in true time: the push, taken at `start` and
        // here 2 s later by the phone's clock, sets the clock's offset.
        let day = log.lastDay(now: start + 3)
        #expect(day.hasSuffix("\n") && day.split(separator: "\n").count == 5)
        #expect(day.hasPrefix(#"{"at":1767225598,"event":"clock","offset":2}"#), "\(day.prefix(80))")
        // Replayed, the push is the payment iOS delivered.
        var till = TillDay(pack: nil, timeZone: TimeZone(identifier: "UTC")!)
        for line in lines { try till.play(try TillEvent(line: Array(line.utf8))) }
        till.finish()
        #expect(till.payments.map(\.id) == ["order-9"])
        #expect(till.payments.first?.amount == "123.45")
    }

    @Test func theLogIsBounded() {
        let line = TillLog.line(at: 10, event: "idle")
        let many = Array(repeating: line, count: TillLog.maximumBytes / line.utf8.count + 50)
        let kept = TillLog.keeping(many, now: 10)
        #expect(kept.reduce(0) { $0 + $1.utf8.count + 1 } <= TillLog.maximumBytes)
        #expect(kept.count < many.count)
        #expect(TillLog.time(of: "not json") == nil)
        #expect(TillLog.line(at: 1.5, event: "volume", [("media", Double.nan)]) == #"{"at":1.5,"event":"volume","media":null}"#)
    }
}
