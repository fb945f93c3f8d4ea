@testable import AnnounceExtensionLogic
import Foundation
import Testing

@Suite struct RecentPaymentsTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("recent-" + UUID().uuidString)
    }

    var file: URL { folder.appendingPathComponent("Library/Application Support/announce-recent-ids.json") }
    let now = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func aSecondClaimOfAnIdIsARepeatEvenAfterARestart() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try RecentPayments(file: file).claim("order-9", at: now) == .first)
        #expect(try RecentPayments(file: file).claim("order-9", at: now) == .repeated)
        // A new value of the type, as a new extension process makes, reads the same file.
        let restarted = RecentPayments(file: file)
        #expect(try restarted.claim("order-9", at: now.addingTimeInterval(60)) == .repeated)
        #expect(try restarted.claim("order-10", at: now) == .first)
        #expect(restarted.ids() == ["order-9", "order-10"])
    }

    @Test func theRecordKeepsTheNewestIds() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = RecentPayments(file: file, capacity: 5)
        for number in 1...12 { #expect(try record.claim("p\(number)", at: now) == .first) }
        #expect(record.ids() == ["p8", "p9", "p10", "p11", "p12"])
        #expect(try record.claim("p1", at: now) == .first)
        #expect(try record.claim("p12", at: now) == .repeated)
        #expect(record.ids().count == 5)
    }

    @Test func aDamagedRecordCountsAsEmpty() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = RecentPayments(file: file)
        #expect(try record.claim("a", at: now) == .first)
        try Data("[{\"id\":".utf8).write(to: file)
        #expect(try record.claim("a", at: now) == .first)
        #expect(record.ids() == ["a"])
    }

    @Test func concurrentExtensionsClaimEachIdExactlyOnce() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // 8 threads, each with its own record value and so its own open lock
        // file (as separate extension processes have), all delivering the
        // same 40 payments in different orders.
        let writers = 8
        let ids = (0..<40).map { "order-\($0)" }
        let file = self.file
        let now = self.now
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: writers) { _ in
            let record = RecentPayments(file: file, capacity: 100)
            for id in ids.shuffled() {
                do {
                    if try record.claim(id, at: now) == .first { results.add(id) }
                } catch {
                    results.fail("\(error)")
                }
            }
        }
        #expect(results.failures.isEmpty)
        #expect(results.firsts.count == ids.count)
        #expect(Set(results.firsts) == Set(ids))
        #expect(Set(RecentPayments(file: file).ids()) == Set(ids))
    }
}

/// What the writers found, behind a lock.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var won: [String] = []
    private var errors: [String] = []

    func add(_ id: String) { lock.withLock { won.append(id) } }
    func fail(_ message: String) { lock.withLock { errors.append(message) } }
    var firsts: [String] { lock.withLock { won } }
    var failures: [String] { lock.withLock { errors } }
}
