#if canImport(FoundationEssentials)
    import Dispatch
    import FoundationEssentials
#else
    import Foundation
#endif

/// A value guarded by a lock, for the extension's stores that threads share.
///
/// `NSLock` (a pthread mutex, which lends the waiter's priority to the
/// holder) on Apple's platforms; elsewhere, where the server leaves the full
/// Foundation out, a Dispatch semaphore of one. The body never takes another
/// such lock.
final class LockedValue<Value> {
    #if canImport(FoundationEssentials)
        private let lock = DispatchSemaphore(value: 1)
    #else
        private let lock = NSLock()
    #endif
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(FoundationEssentials)
            lock.wait()
            defer { lock.signal() }
        #else
            lock.lock()
            defer { lock.unlock() }
        #endif
        return try body(&value)
    }
}

// The lock makes every access to the value exclusive, so the box may cross
// threads exactly when the value itself may.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
