@testable import AnnounceExtensionLogic
import AnnounceTestSupport
import Foundation
import Testing

@Suite struct DeliveryCountersTests {
    let scratch: ScratchFolder
    var file: URL { scratch.url("Library/Application Support/announce-counters.json") }

    init() throws {
        scratch = try ScratchFolder("counters")
    }

    @Test func countsSurviveARestart() throws {
        let counters = DeliveryCounters(file: file)
        try counters.record(.downloaded)
        try counters.record(.downloaded)
        try counters.record(.fallbackTimedOut)
        // A new extension process reads the same file.
        let restarted = DeliveryCounters(file: file)
        #expect(restarted.counts() == [.downloaded: 2, .fallbackTimedOut: 1])
        try restarted.record(.late)
        #expect(counters.counts() == [.downloaded: 2, .fallbackTimedOut: 1, .late: 1])
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == #"{"downloaded":2,"fallback-timed-out":1,"late":1}"#)
    }

    @Test func aDamagedOrForeignRecordKeepsOnlyWhatItCanRead() throws {
        try scratch.folder("Library/Application Support")
        let counters = DeliveryCounters(file: file)
        try Data(#"{"downloaded": 3, "late": -4, "held": "7", "nonsense": 9, "reused": 1.5, "as-sent": true, "repeated": 2}"#.utf8).write(to: file)
        #expect(counters.counts() == [.downloaded: 3, .repeated: 2])
        try Data("[1, 2".utf8).write(to: file)
        #expect(counters.counts() == [:])
        try counters.record(.held)
        #expect(counters.counts() == [.held: 1])
        // Saturates instead of wrapping or trapping.
        try Data(#"{"held": \#(Int.max)}"#.utf8).write(to: file)
        try counters.record(.held)
        #expect(counters.counts() == [.held: Int.max])
    }

    @Test func aRecordTooLargeToReadStartsAfresh() throws {
        try scratch.folder("Library/Application Support")
        try Data(repeating: UInt8(ascii: " "), count: 2_000_000).write(to: file)
        let counters = DeliveryCounters(file: file)
        #expect(counters.counts() == [:])
        try counters.record(.reused)
        #expect(counters.counts() == [.reused: 1])
        #expect(try Data(contentsOf: file).count < 100)
    }

    @Test func aFIFOUnderTheNameIsNeverWaitedOn() throws {
        try scratch.folder("Library/Application Support")
        #expect(mkfifo(file.path, 0o600) == 0)
        let done = DispatchSemaphore(value: 0)
        let counters = DeliveryCounters(file: file)
        DispatchQueue.global().async {
            _ = try? counters.record(.asSent)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success, "recording waited on a FIFO")
        #expect(counters.counts() == [.asSent: 1])
    }

    @Test func countsThatCannotBeWrittenAreKeptAndWrittenLater() throws {
        // The container is not usable (as before the first unlock): the
        // record's folder cannot be made because a file stands in its way.
        try scratch.folder("Library")
        try Data().write(to: scratch.url("Library/Application Support"))
        let counters = DeliveryCounters(file: file)
        #expect(throws: LockedRecordFile.Failure.self) { try counters.record(.fallbackNoFolder) }
        #expect(throws: LockedRecordFile.Failure.self) { try counters.record(.fallbackNoFolder) }
        #expect(counters.unwritten == [.fallbackNoFolder: 2])
        #expect(counters.counts() == [.fallbackNoFolder: 2])
        // Usable again (unlocked): the next count writes the kept ones too.
        try FileManager.default.removeItem(at: scratch.url("Library/Application Support"))
        try counters.record(.downloaded)
        #expect(counters.unwritten == [:])
        #expect(DeliveryCounters(file: file).counts() == [.fallbackNoFolder: 2, .downloaded: 1])
    }

    @Test func resetStartsTheCountsAgain() throws {
        let counters = DeliveryCounters(file: file)
        try counters.record(.repeated)
        try counters.reset()
        #expect(counters.counts() == [:])
        try counters.record(.late)
        #expect(DeliveryCounters(file: file).counts() == [.late: 1])
    }

    @Test func eightThreadsEachWithItsOwnStoreLoseNoCount() throws {
        let group = DispatchGroup()
        let failures = Shared(0)
        for thread in 0..<8 {
            DispatchQueue.global().async(group: group) {
                let counters = DeliveryCounters(file: file)
                for index in 0..<50 {
                    let counter = DeliveryCounters.Counter.allCases[(thread + index) % DeliveryCounters.Counter.allCases.count]
                    if (try? counters.record(counter)) == nil { failures.change { $0 += 1 } }
                }
            }
        }
        group.wait()
        #expect(failures.value == 0)
        let counts = DeliveryCounters(file: file).counts()
        #expect(counts.values.reduce(0, +) == 400)
        #expect(counts == Self.expected(threads: 8, each: 50))
    }

    @Test func oneStoreSharedByThreadsLosesNoCount() throws {
        let counters = DeliveryCounters(file: file)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            _ = try? counters.record(index.isMultiple(of: 2) ? .downloaded : .reused)
        }
        #expect(DeliveryCounters(file: file).counts() == [.downloaded: 100, .reused: 100])
        #expect(counters.unwritten == [:])
    }

    /// What `threads` writers counting `each` times, as above, add up to.
    static func expected(threads: Int, each: Int) -> [DeliveryCounters.Counter: Int] {
        var counts: [DeliveryCounters.Counter: Int] = [:]
        let all = DeliveryCounters.Counter.allCases
        for thread in 0..<threads {
            for index in 0..<each { counts[all[(thread + index) % all.count], default: 0] += 1 }
        }
        return counts
    }

    @Test func theSummaryNamesEachGroupInOneLine() {
        let counts: [DeliveryCounters.Counter: Int] = [
            .rendered: 5, .downloaded: 12, .reused: 30, .fallbackTimedOut: 1, .fallbackDownloadFailed: 2, .repeated: 1, .late: 3,
        ]
        #expect(DeliveryCounters.summary(counts) == [
            "已播报 47 次：本机合成 5，下载 12，已有文件 30",
            "备用提示音 3 次：超时 1，下载失败 2",
            "未播报 4 次：重复推送 1，过时推送 3",
        ])
        #expect(DeliveryCounters.summary([:]) == ["尚无到账推送"])
        let everything = Dictionary(uniqueKeysWithValues: DeliveryCounters.Counter.allCases.map { ($0, 1) })
        #expect(DeliveryCounters.summary(everything) == [
            "已播报 4 次：本机合成 1，下载 1，已有文件 1，按推送音效 1",
            "备用提示音 6 次：超时 1，下载失败 1，文件名无效 1，地址无效 1，推送格式无效 1，共享容器不可用 1",
            "未播报 7 次：重复推送 1，过时推送 1，静音横幅 1，播报已关闭 1，由其他手机播报 1，免打扰时段 1，低于起播金额 1",
            "应用内播放 7 次：播报 1，文件已删，改放备用提示音 1，无文件，按通知声音 1，无法播放，按通知声音 1，离开前台，按通知声音 1，等待过久未播 1，推送通道直达 1",
            "设置文件问题 4 次：已损坏 1，来自新版本 1，暂不可读 1，有无效值 1",
        ])
    }
}

/// The store on a tiny file system: full, then read-only, as an App Group
/// container can be.
@Suite(.serialized, .enabled(if: ScratchMount.isAvailable, "needs root and mount(8) for a tmpfs"))
struct DeliveryCountersFullContainerTests {
    @Test func aFullContainerKeepsTheCountsUntilThereIsRoom() throws {
        let mount = try ScratchMount(kilobytes: 16)
        defer { mount.unmount() }
        let counters = DeliveryCounters(file: mount.url.appendingPathComponent("announce-counters.json"))
        try counters.record(.downloaded)
        let filler = mount.url.appendingPathComponent("filler")
        try? Data(repeating: 0, count: 64_000).write(to: filler)
        #expect(throws: LockedRecordFile.Failure.self) { try counters.record(.fallbackDownloadFailed) }
        #expect(counters.counts() == [.downloaded: 1, .fallbackDownloadFailed: 1])
        try FileManager.default.removeItem(at: filler)
        try counters.record(.downloaded)
        #expect(DeliveryCounters(file: counters.file).counts() == [.downloaded: 2, .fallbackDownloadFailed: 1])
    }

    @Test func aReadOnlyContainerKeepsTheCountsUntilItIsWritable() throws {
        let mount = try ScratchMount(kilobytes: 64)
        defer { mount.unmount() }
        let counters = DeliveryCounters(file: mount.url.appendingPathComponent("announce-counters.json"))
        try counters.record(.reused)
        try mount.remountReadOnly()
        #expect(throws: LockedRecordFile.Failure.self) { try counters.record(.late) }
        #expect(DeliveryCounters(file: counters.file).counts() == [.reused: 1])
        try mount.remountReadWrite()
        try counters.record(.reused)
        #expect(DeliveryCounters(file: counters.file).counts() == [.reused: 2, .late: 1])
    }
}
