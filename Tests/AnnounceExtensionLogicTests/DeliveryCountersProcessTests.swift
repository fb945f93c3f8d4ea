@testable import AnnounceExtensionLogic
import AnnounceTestSupport
import Foundation
import Testing

/// Several extension processes counting in one file at once, as iOS may run
/// them: this test bundle runs itself as the writers.
@Suite struct DeliveryCountersProcessTests {
    static let fileVariable = "ANNOUNCE_COUNTERS_FILE"
    static let writerVariable = "ANNOUNCE_COUNTERS_WRITER"
    static let each = 60

    /// Counts `each` deliveries in `file`, as writer `index`.
    static func countAll(in file: URL, writer index: Int) throws {
        let counters = DeliveryCounters(file: file)
        let all = DeliveryCounters.Counter.allCases
        for step in 0..<each { try counters.record(all[(index + step) % all.count]) }
    }

    @Test("a writer counts each delivery once")
    func writerProcess() throws {
        let environment = ProcessInfo.processInfo.environment
        let index = environment[Self.writerVariable].flatMap(Int.init) ?? 0
        if let path = environment[Self.fileVariable] {
            // Run by concurrentProcesses below.
            try Self.countAll(in: URL(fileURLWithPath: path), writer: index)
            return
        }
        let scratch = try ScratchFolder("counters-process")
        let file = scratch.url("announce-counters.json")
        try Self.countAll(in: file, writer: index)
        #expect(DeliveryCounters(file: file).counts() == DeliveryCountersTests.expected(threads: 1, each: Self.each))
    }

    @Test("4 processes counting at once lose no count",
          .enabled(if: WriterProcesses.isAvailable))
    func concurrentProcesses() throws {
        let scratch = try ScratchFolder("counters-processes")
        let file = scratch.url("Library/Application Support/announce-counters.json")
        let writers = try WriterProcesses.start(4, filter: "DeliveryCountersProcessTests/writerProcess") { index in
            [Self.fileVariable: file.path, Self.writerVariable: String(index)]
        }
        for process in writers {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        var expected: [DeliveryCounters.Counter: Int] = [:]
        let all = DeliveryCounters.Counter.allCases
        for index in 0..<4 {
            for step in 0..<Self.each { expected[all[(index + step) % all.count], default: 0] += 1 }
        }
        #expect(DeliveryCounters(file: file).counts() == expected)
    }
}
