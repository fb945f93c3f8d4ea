// NSRecursiveLock is the full Foundation's; off Apple's platforms the
// handover lock is the C library's recursive mutex (see RecursiveLock).
#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#else
    import Foundation
#endif
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

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

    private struct Deliveries {
        var open: [UInt64: Open] = [:]
        var issued: UInt64 = 0
    }

    /// The open deliveries; never held while a closure runs.
    private let state = LockedState(Deliveries())
    /// Held while a delivery is handed over, so deliveries never overlap;
    /// recursive, so a `deliver` closure calling the queue cannot deadlock.
    private let handover = RecursiveLock()

    init() {}

    /// Opens a delivery that has `interim` so far.
    func begin(interim: Outcome, deliver: @escaping @Sendable (Outcome, DeliveryEnding) -> Void) -> Ticket {
        state.withLock { state in
            state.issued += 1
            state.open[state.issued] = Open(interim: interim, deliver: deliver)
            return Ticket(number: state.issued)
        }
    }

    /// How many deliveries are open.
    var openCount: Int { state.withLock { $0.open.count } }

    /// Runs `cancel` when the delivery of `ticket` ends before its work does
    /// (expired); at once when it has ended already.
    func onCancel(_ ticket: Ticket, _ cancel: @escaping @Sendable () -> Void) {
        let added = state.withLock { state in
            guard state.open[ticket.number] != nil else { return false }
            state.open[ticket.number]?.cancels.append(cancel)
            return true
        }
        // Outside the lock: the closure may call the queue.
        if !added { cancel() }
    }

    /// Delivers `ticket` with `outcome`. Returns false, delivering nothing,
    /// when that delivery has ended already.
    @discardableResult
    func finish(_ ticket: Ticket, with outcome: Outcome) -> Bool {
        handover.lock()
        defer { handover.unlock() }
        guard let ended = state.withLock({ $0.open.removeValue(forKey: ticket.number) }) else { return false }
        ended.deliver(outcome, .finished)
        return true
    }

    /// Delivers every open delivery with what it has, oldest first, and
    /// cancels its work.
    func expire() {
        handover.lock()
        defer { handover.unlock() }
        let ended = state.withLock { state in
            defer { state.open = [:] }
            return state.open.sorted { $0.key < $1.key }.map(\.value)
        }
        for delivery in ended {
            delivery.deliver(delivery.interim, .expired)
            for cancel in delivery.cancels { cancel() }
        }
    }
}

#if canImport(FoundationEssentials)
    /// A lock its holder may take again: a recursive pthread mutex, as
    /// `NSRecursiveLock` is on Apple's platforms.
    private final class RecursiveLock: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

        init() {
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        func lock() { pthread_mutex_lock(mutex) }
        func unlock() { pthread_mutex_unlock(mutex) }
    }
#else
    private typealias RecursiveLock = NSRecursiveLock
#endif
