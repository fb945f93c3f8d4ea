#if canImport(Darwin)
    import Foundation
#else
    import Dispatch
#endif

/// A value guarded by a lock: the one lock of the package, shared by the
/// server's threads, the phone's caches and the extension's stores (public,
/// so the app's targets that compile the extension's logic can use it).
///
/// On Apple platforms the lock is Foundation's `NSLock` (a pthread mutex,
/// which lends the waiter's priority to the holder). Elsewhere it is a
/// Dispatch semaphore of one: `NSLock` lives in the full Foundation, which
/// the lean static server binary leaves out. `Synchronization.Mutex` would
/// serve both but needs iOS 18 and macOS 15. A body never blocks on another
/// lock of this kind while holding one, apart from the documented order in
/// `BatchPipeline`.
public final class LockedState<Value> {
    #if canImport(Darwin)
        private let lock = NSLock()
    #else
        private let lock = DispatchSemaphore(value: 1)
    #endif
    private var value: Value

    /// A lock guarding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if canImport(Darwin)
            lock.lock()
            defer { lock.unlock() }
        #else
            lock.wait()
            defer { lock.signal() }
        #endif
        return try body(&value)
    }
}

// The lock makes every access to the value exclusive, so the box may cross
// threads exactly when the value itself may.
extension LockedState: @unchecked Sendable where Value: Sendable {}
