import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes results in input order as soon as a result and all earlier ones are
/// done, whatever order the workers finish in. At most `window` results are
/// ever waiting or in flight, so memory stays flat on endless input.
final class OrderedOutput: @unchecked Sendable {
    private let lock = Lock()
    private var waiting: [Int: String] = [:]
    private var next = 0
    private let slots: DispatchSemaphore
    private let onWrite: @Sendable (Int) -> Void

    /// - Parameter onWrite: called (under the lock) with how many results
    ///   have been written so far.
    init(window: Int, onWrite: @escaping @Sendable (Int) -> Void) {
        slots = DispatchSemaphore(value: window)
        self.onWrite = onWrite
    }

    /// Blocks until there is room for one more result in flight.
    func reserve() {
        slots.wait()
    }

    /// Gives back a room that ``reserve()`` took and no result will fill.
    func release() {
        slots.signal()
    }

    /// Hands over the result for sequence number `sequence` (0, 1, 2, …).
    func complete(_ sequence: Int, _ text: String) {
        lock.withLock {
            waiting[sequence] = text
            var wrote = false
            while let ready = waiting.removeValue(forKey: next) {
                writeOutput(ready)
                next += 1
                wrote = true
                slots.signal()
            }
            if wrote {
                flushOutput()
                onWrite(next)
            }
        }
    }
}
