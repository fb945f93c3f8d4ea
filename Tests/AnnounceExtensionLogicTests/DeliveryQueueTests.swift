@testable import AnnounceExtensionLogic
import AnnounceTestSupport
import Foundation
import Testing

/// One extension instance that iOS hands a second request while the first
/// is still in flight: each keeps its own work and is delivered when that
/// work ends or time runs out, never early because another arrived; no
/// delivery is lost, none gets another's sound.
@Suite struct DeliveryQueueTests {
    /// An outcome that names the request it belongs to.
    struct Tagged: Equatable, Sendable {
        let request: Int
        let final: Bool
    }

    /// Everything the queue delivered, in order, with how each ended.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(Tagged, DeliveryEnding)] = []
        private var inside = 0
        private(set) var mostAtOnce = 0

        func deliver(_ outcome: Tagged, _ ending: DeliveryEnding) {
            lock.withLock {
                inside += 1
                mostAtOnce = max(mostAtOnce, inside)
            }
            // Long enough for an overlapping delivery to show.
            usleep(50)
            lock.withLock {
                entries.append((outcome, ending))
                inside -= 1
            }
        }

        var delivered: [(Tagged, DeliveryEnding)] { lock.withLock { entries } }
        func requests() -> [Int] { delivered.map(\.0.request) }
    }

    @Test func aFinishedDeliveryIsDeliveredOnceWithItsOwnOutcome() {
        let queue = DeliveryQueue<Tagged>()
        let log = Log()
        let ticket = queue.begin(interim: Tagged(request: 1, final: false), deliver: log.deliver)
        #expect(queue.finish(ticket, with: Tagged(request: 1, final: true)))
        #expect(!queue.finish(ticket, with: Tagged(request: 1, final: true)))
        queue.expire()
        #expect(log.delivered.count == 1)
        #expect(log.delivered.first?.0 == Tagged(request: 1, final: true))
        #expect(log.delivered.first?.1 == .finished)
    }

    @Test func aSecondRequestLeavesTheFirstItsWork() {
        let queue = DeliveryQueue<Tagged>()
        let log = Log()
        let first = queue.begin(interim: Tagged(request: 1, final: false), deliver: log.deliver)
        let second = queue.begin(interim: Tagged(request: 2, final: false), deliver: log.deliver)
        // The second began: the first is still open, nothing delivered.
        #expect(log.delivered.isEmpty)
        #expect(queue.openCount == 2)
        // The second (rendered) ends first, the first (a download) later: each its own.
        #expect(queue.finish(second, with: Tagged(request: 2, final: true)))
        #expect(queue.finish(first, with: Tagged(request: 1, final: true)))
        #expect(!queue.finish(first, with: Tagged(request: 1, final: true)))
        #expect(log.delivered.map(\.0) == [Tagged(request: 2, final: true), Tagged(request: 1, final: true)])
        #expect(log.delivered.allSatisfy { $0.1 == .finished })
    }

    @Test func timeRunningOutDeliversEveryOpenRequestOldestFirst() {
        let queue = DeliveryQueue<Tagged>()
        let log = Log()
        let cancelled = Log()
        let tickets = (1...3).map { queue.begin(interim: Tagged(request: $0, final: false), deliver: log.deliver) }
        queue.onCancel(tickets[0]) { cancelled.deliver(Tagged(request: 1, final: false), .expired) }
        #expect(queue.finish(tickets[1], with: Tagged(request: 2, final: true)))
        queue.expire()
        #expect(log.delivered.map(\.0) == [
            Tagged(request: 2, final: true), Tagged(request: 1, final: false), Tagged(request: 3, final: false),
        ])
        #expect(log.delivered.map(\.1) == [.finished, .expired, .expired])
        #expect(cancelled.delivered.count == 1)
        // The download of the first ends after: it delivers nothing.
        #expect(!queue.finish(tickets[0], with: Tagged(request: 1, final: true)))
        #expect(queue.openCount == 0)
    }

    @Test func timeRunningOutDeliversWhatItHasAndCancelsTheWork() {
        let queue = DeliveryQueue<Tagged>()
        let log = Log()
        let cancelled = Log()
        let ticket = queue.begin(interim: Tagged(request: 1, final: false), deliver: log.deliver)
        queue.onCancel(ticket) { cancelled.deliver(Tagged(request: 1, final: false), .expired) }
        queue.expire()
        #expect(log.delivered.count == 1)
        #expect(log.delivered.first?.1 == .expired)
        #expect(cancelled.delivered.count == 1)
        // Work attached after the end is cancelled at once; a finished one is not.
        queue.onCancel(ticket) { cancelled.deliver(Tagged(request: 1, final: true), .expired) }
        #expect(cancelled.delivered.count == 2)
        let next = queue.begin(interim: Tagged(request: 2, final: false), deliver: log.deliver)
        queue.onCancel(next) { cancelled.deliver(Tagged(request: 2, final: false), .expired) }
        #expect(queue.finish(next, with: Tagged(request: 2, final: true)))
        #expect(cancelled.delivered.count == 2)
        // Nothing open: expiring delivers nothing.
        queue.expire()
        #expect(log.delivered.count == 2)
    }

    @Test func aDeliveryMayCallTheQueueWithoutDeadlock() throws {
        let queue = DeliveryQueue<Tagged>()
        let log = Log()
        let done = DispatchSemaphore(value: 0)
        let own = Shared<DeliveryQueue<Tagged>.Ticket?>(nil)
        DispatchQueue.global().async {
            let ticket = queue.begin(interim: Tagged(request: 1, final: false)) { outcome, ending in
                log.deliver(outcome, ending)
                // A handler that asks again (e.g. a late finish) is told no.
                if let ticket = own.value { _ = queue.finish(ticket, with: Tagged(request: 9, final: true)) }
                queue.expire()
            }
            own.value = ticket
            _ = queue.finish(ticket, with: Tagged(request: 1, final: true))
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success, "the queue deadlocked")
        #expect(log.delivered.map(\.0) == [Tagged(request: 1, final: true)])
    }

    @Test("8 threads of requests, late finishes and expiries: each request delivered exactly once, with its own final outcome unless time ran out first")
    func concurrentRequests() {
        let queue = DeliveryQueue<Tagged>()
        let log = Log()
        let requests = 400
        let group = DispatchGroup()
        let nextRequest = Shared(0)
        for thread in 0..<8 {
            DispatchQueue.global().async(group: group) {
                var random = SplitMix64(seed: UInt64(thread + 1))
                while true {
                    let request: Int? = nextRequest.change { next in
                        guard next < requests else { return nil }
                        defer { next += 1 }
                        return next
                    }
                    guard let request else { return }
                    let ticket = queue.begin(interim: Tagged(request: request, final: false), deliver: log.deliver)
                    switch random.next() % 8 {
                    case 0: queue.expire()
                    case 1, 2, 3, 4:
                        // A download that ends later, mostly after other requests began.
                        let delay = DispatchTime.now() + .microseconds(Int(random.next() % 500))
                        DispatchQueue.global().asyncAfter(deadline: delay) {
                            _ = queue.finish(ticket, with: Tagged(request: request, final: true))
                        }
                    default: _ = queue.finish(ticket, with: Tagged(request: request, final: true))
                    }
                }
            }
        }
        group.wait()
        // Let every late finish land before time runs out.
        Thread.sleep(forTimeInterval: 0.2)
        queue.expire()
        let delivered = log.requests()
        #expect(delivered.count == requests)
        #expect(Set(delivered) == Set(0..<requests))
        #expect(log.mostAtOnce == 1, "two deliveries ran at once")
        for (outcome, ending) in log.delivered {
            #expect(outcome.final == (ending == .finished), "request \(outcome.request): \(ending) with final \(outcome.final)")
        }
    }
}

/// A value several threads read and change, under a lock.
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    @discardableResult
    func change<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&stored) }
    }
}
