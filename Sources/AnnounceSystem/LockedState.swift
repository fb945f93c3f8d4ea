/// A value guarded by a pthread mutex: the one lock of the package.
///
/// `Synchronization.Mutex` needs macOS 15, and the package declares no
/// platforms, so the lock is a plain pthread mutex that works everywhere the
/// C libraries build. A body never blocks on another lock of this kind while
/// holding one, apart from the documented order in ``BatchPipeline``.
package final class LockedState<Value> {
    // The mutex lives at a fixed heap address: pthread mutexes must not move.
    private let mutex: UnsafeMutablePointer<SystemMutex>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: SystemMutex())
        systemMutexInit(mutex)
    }

    deinit {
        systemMutexDestroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        systemMutexLock(mutex)
        defer { systemMutexUnlock(mutex) }
        return try body(&value)
    }
}

// The lock makes every access to the value exclusive, so the box may cross
// threads exactly when the value itself may.
extension LockedState: @unchecked Sendable where Value: Sendable {}
