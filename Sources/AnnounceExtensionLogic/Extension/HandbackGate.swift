import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceEngine
import AnnounceWire
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The push service's receipt, then the content handler: every service's
/// extension call (JPush, Getui, Tencent Push, Aliyun) uploads an arrival
/// receipt and says to hand the content back inside its completion, or the
/// receipt is lost when iOS tears the extension down. A service that never
/// answers must not hold the payment's sound either.
///
/// A gate runs its hand-back once, by whichever comes first: the service's
/// completion (``open(_:)``), the cap (``cap``, a few seconds after the
/// receipt was asked for), or the system's time running out
/// (``expireAll()`` in `serviceExtensionTimeWillExpire`). Whatever is done
/// after the hand-back (counting, logging, which wait on file locks) runs
/// after the content handler, never before it.
///
/// Foundation only: the package compiles this file on Linux and tests it
/// with threads.
final class HandbackGates: @unchecked Sendable {
    /// The longest a receipt may hold a payment's hand-back.
    static let cap: TimeInterval = 3

    /// One hand-back.
    final class Gate: @unchecked Sendable {
        private let work: LockedState<(handBack: @Sendable () -> Void, afterwards: @Sendable () -> Void)?>
        fileprivate weak var gates: HandbackGates?
        fileprivate let number: UInt64

        fileprivate init(number: UInt64, handBack: @escaping @Sendable () -> Void, afterwards: @escaping @Sendable () -> Void) {
            self.number = number
            work = LockedState((handBack, afterwards))
        }

        /// Hands back, once: the content handler, then what comes after.
        /// Returns whether this call was the one that did.
        @discardableResult
        func open() -> Bool {
            guard let work = work.withLock({ work in defer { work = nil }; return work }) else { return false }
            gates?.close(number)
            work.handBack()
            work.afterwards()
            return true
        }

        /// Whether it has handed back.
        var isOpen: Bool { work.withLock { $0 == nil } }
    }

    private let gates = LockedState<(open: [UInt64: Gate], issued: UInt64)>(([:], 0))

    init() {}

    /// A gate that hands back with `handBack`, then runs `afterwards`.
    func gate(handBack: @escaping @Sendable () -> Void, afterwards: @escaping @Sendable () -> Void = {}) -> Gate {
        gates.withLock { gates in
            gates.issued += 1
            let gate = Gate(number: gates.issued, handBack: handBack, afterwards: afterwards)
            gate.gates = self
            gates.open[gates.issued] = gate
            return gate
        }
    }

    /// How many gates wait.
    var waiting: Int { gates.withLock { $0.open.count } }

    /// Opens every gate still waiting, oldest first: the system's time is up.
    func expireAll() {
        let waiting = gates.withLock { gates in gates.open.sorted { $0.key < $1.key }.map(\.value) }
        for gate in waiting { gate.open() }
    }

    fileprivate func close(_ number: UInt64) {
        gates.withLock { _ = $0.open.removeValue(forKey: number) }
    }
}
