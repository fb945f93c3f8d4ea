import Foundation

/// How a delivery ended.
enum DeliveryEnding: Equatable, Sendable {
    /// Its work finished and it was delivered with its own outcome.
    case finished
    /// The system's time ran out (`serviceExtensionTimeWillExpire`):
    /// delivered with what it had.
    case expired
}

/// The open deliveries of one extension instance, each with its own work.
///
/// iOS may hand an instance of the Notification Service Extension a second
/// request while the first is still in flight. Each request's content
/// handler must be called exactly once, with that request's own content;
/// the handler is called by whichever comes first: the end of its own work
/// or the system's time running out, on different threads. A new request
/// never ends an earlier one: a rendered push takes milliseconds but a
/// download can take seconds, and the first payment keeps its whole chance.
///
/// - ``begin(interim:deliver:)`` opens a delivery with what it has so far
///   (`interim`, e.g. the fallback sound); deliveries already open stay open.
/// - ``finish(_:with:)`` delivers that request with its final outcome, once;
///   for a ticket delivered already it does nothing and returns false, so a
///   late download can never deliver twice or another request's notification.
/// - ``expire()`` delivers every open delivery with what it has, in the
///   order they began, and cancels their work.
///
/// Deliveries never overlap. A `deliver` closure may call the queue again (it
/// is told no for its own ticket); it runs on the calling thread of whichever
/// call ended the delivery. Foundation only: the package compiles this file
/// on Linux and tests it with threads.
final class DeliveryQueue<Outcome: Sendable>: @unchecked Sendable {
    /// One request's place in the queue.
    struct Ticket: Hashable, Sendable {
        fileprivate let number: UInt64
    }

    private struct Open {
        let interim: Outcome
        let deliver: @Sendable (Outcome, DeliveryEnding) -> Void
        var cancels: [@Sendable () -> Void] = []
    }

    /// Guards `open` and `issued`; never held while a closure runs.
    private let state = NSLock()
    /// Held while a delivery is handed over, so deliveries never overlap;
    /// recursive, so a `deliver` closure calling the queue cannot deadlock.
    private let handover = NSRecursiveLock()
    private var open: [UInt64: Open] = [:]
    private var issued: UInt64 = 0

    init() {}

    /// Opens a delivery that has `interim` so far.
    func begin(interim: Outcome, deliver: @escaping @Sendable (Outcome, DeliveryEnding) -> Void) -> Ticket {
        state.withLock {
            issued += 1
            open[issued] = Open(interim: interim, deliver: deliver)
            return Ticket(number: issued)
        }
    }

    /// How many deliveries are open.
    var openCount: Int { state.withLock { open.count } }

    /// Runs `cancel` when the delivery of `ticket` ends before its work does
    /// (expired); at once when it has ended already.
    func onCancel(_ ticket: Ticket, _ cancel: @escaping @Sendable () -> Void) {
        state.lock()
        if open[ticket.number] != nil {
            open[ticket.number]?.cancels.append(cancel)
            state.unlock()
        } else {
            state.unlock()
            cancel()
        }
    }

    /// Delivers `ticket` with `outcome`. Returns false, delivering nothing,
    /// when that delivery has ended already.
    @discardableResult
    func finish(_ ticket: Ticket, with outcome: Outcome) -> Bool {
        handover.lock()
        defer { handover.unlock() }
        guard let ended = state.withLock({ open.removeValue(forKey: ticket.number) }) else { return false }
        ended.deliver(outcome, .finished)
        return true
    }

    /// Delivers every open delivery with what it has, oldest first, and
    /// cancels its work.
    func expire() {
        handover.lock()
        defer { handover.unlock() }
        let ended = state.withLock {
            defer { open = [:] }
            return open.sorted { $0.key < $1.key }.map(\.value)
        }
        for delivery in ended {
            delivery.deliver(delivery.interim, .expired)
            for cancel in delivery.cancels { cancel() }
        }
    }
}
