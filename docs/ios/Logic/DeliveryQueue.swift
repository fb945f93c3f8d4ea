import Foundation

/// How a delivery ended.
enum DeliveryEnding: Equatable, Sendable {
    /// Its work finished and it was delivered with its own outcome.
    case finished
    /// The same extension instance got a new request first: delivered with
    /// what it had (its interim outcome) before the new one began.
    case superseded
    /// The system's time ran out (`serviceExtensionTimeWillExpire`):
    /// delivered with what it had.
    case expired
}

/// The deliveries of one extension instance, one at a time.
///
/// iOS may hand an instance of the Notification Service Extension a second
/// request while the first is still in flight. Each request's content
/// handler must be called exactly once, with that request's own content;
/// the handler is called by whichever comes first: the end of its work, a
/// new request, or the system's time running out, on different threads.
///
/// - ``begin(interim:deliver:)`` opens a delivery with what it has so far
///   (`interim`, e.g. the fallback sound). A delivery still open is delivered
///   first, with its interim outcome and ``DeliveryEnding/superseded``, and
///   its work cancelled, all before `begin` returns: the new request's work
///   starts only after the old one is handed back.
/// - ``finish(_:with:)`` delivers with the final outcome, once; for a ticket
///   delivered already it does nothing and returns false, so a late download
///   can never deliver another request's notification.
/// - ``expire()`` delivers the open one with what it has.
///
/// Deliveries never overlap and run in the order their requests began. A
/// `deliver` closure may call the queue again (it is told no); it runs on the
/// calling thread of whichever call ended the delivery. Foundation only: the
/// package compiles this file on Linux and tests it with threads.
final class DeliveryQueue<Outcome: Sendable>: @unchecked Sendable {
    /// One request's place in the queue.
    struct Ticket: Hashable, Sendable {
        fileprivate let number: UInt64
    }

    private struct Open {
        let ticket: Ticket
        let interim: Outcome
        let deliver: @Sendable (Outcome, DeliveryEnding) -> Void
        var cancels: [@Sendable () -> Void] = []
    }

    /// Guards `open` and `issued`; never held while a closure runs.
    private let state = NSLock()
    /// Held while a delivery is handed over, so deliveries never overlap;
    /// recursive, so a `deliver` closure calling the queue cannot deadlock.
    private let handover = NSRecursiveLock()
    private var open: Open?
    private var issued: UInt64 = 0

    init() {}

    /// Opens a delivery that has `interim` so far, after delivering any
    /// delivery still open (``DeliveryEnding/superseded``).
    func begin(interim: Outcome, deliver: @escaping @Sendable (Outcome, DeliveryEnding) -> Void) -> Ticket {
        handover.lock()
        defer { handover.unlock() }
        let previous: Open?
        let ticket: Ticket
        state.lock()
        issued += 1
        ticket = Ticket(number: issued)
        previous = open
        open = Open(ticket: ticket, interim: interim, deliver: deliver)
        state.unlock()
        if let previous { hand(previous, previous.interim, .superseded) }
        return ticket
    }

    /// Runs `cancel` when the delivery of `ticket` ends before its work does
    /// (superseded or expired); at once when it has ended already.
    func onCancel(_ ticket: Ticket, _ cancel: @escaping @Sendable () -> Void) {
        state.lock()
        if open?.ticket == ticket {
            open?.cancels.append(cancel)
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
        guard let ended = take(ticket) else { return false }
        ended.deliver(outcome, .finished)
        return true
    }

    /// Delivers the open delivery, if any, with what it has.
    func expire() {
        handover.lock()
        defer { handover.unlock() }
        guard let ended = take(nil) else { return }
        hand(ended, ended.interim, .expired)
    }

    /// Removes the open delivery when it is `ticket`'s (any, for nil).
    private func take(_ ticket: Ticket?) -> Open? {
        state.lock()
        defer { state.unlock() }
        guard let current = open, ticket == nil || current.ticket == ticket else { return nil }
        open = nil
        return current
    }

    private func hand(_ ended: Open, _ outcome: Outcome, _ ending: DeliveryEnding) {
        ended.deliver(outcome, ending)
        for cancel in ended.cancels { cancel() }
    }
}
