@testable import AnnounceExtensionLogic
import AnnounceTestSupport
import Foundation
import Testing

/// Several extension processes claiming payments in one record at once, as
/// iOS may run them: this test bundle runs itself as the writers.
@Suite struct RecentPaymentsProcessTests {
    static let ids = (0..<30).map { "order-\($0)" }
    static let fileVariable = "ANNOUNCE_RECENT_FILE"
    static let resultsVariable = "ANNOUNCE_RECENT_RESULTS"
    static let writerVariable = "ANNOUNCE_RECENT_WRITER"

    /// Writer `index`'s order of the ids: rotated by its index, every other
    /// one reversed, so the writers meet on every id.
    static func order(writer index: Int) -> [String] {
        let start = (index * 7) % ids.count
        let rotated = Array(ids[start...] + ids[..<start])
        return index.isMultiple(of: 2) ? rotated : rotated.reversed()
    }

    /// Claims every id in `file` and returns those this writer was first to.
    static func claimAll(in file: URL, writer index: Int) throws -> [String] {
        let record = RecentPayments(file: file, capacity: 100)
        return try order(writer: index).filter { try record.claim($0, at: Date()) == .first }
    }

    @Test("a writer claims every id; alone, it is first to each, and a second pass repeats them all")
    func writerProcess() throws {
        let environment = ProcessInfo.processInfo.environment
        let index = environment[Self.writerVariable].flatMap(Int.init) ?? 0
        if let path = environment[Self.fileVariable], let results = environment[Self.resultsVariable] {
            // Run by concurrentProcesses below: claim in the shared record, report the firsts.
            let firsts = try Self.claimAll(in: URL(fileURLWithPath: path), writer: index)
            try Data(firsts.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: results))
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recent-process-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("announce-recent-ids.json")
        #expect(Set(try Self.claimAll(in: file, writer: index)) == Set(Self.ids))
        #expect(try Self.claimAll(in: file, writer: index + 1).isEmpty)
    }

    @Test("4 processes delivering the same 30 payments at once announce each exactly once",
          .enabled(if: WriterProcesses.isAvailable))
    func concurrentProcesses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recent-processes-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("announce-recent-ids.json")
        let results = (0..<4).map { folder.appendingPathComponent("writer-\($0).txt") }
        let processes = try WriterProcesses.start(4, filter: "RecentPaymentsProcessTests/writerProcess") { index in
            [Self.fileVariable: file.path, Self.resultsVariable: results[index].path, Self.writerVariable: String(index)]
        }
        let writers = Array(zip(processes, results))
        var firsts: [String] = []
        for (process, results) in writers {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let text = try String(contentsOf: results, encoding: .utf8)
            firsts += text.split(separator: "\n").map(String.init)
        }
        #expect(firsts.count == Self.ids.count)
        #expect(Set(firsts) == Set(Self.ids))
        #expect(Set(RecentPayments(file: file).ids()) == Set(Self.ids))
    }
}
