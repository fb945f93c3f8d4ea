/// Runs `body` in a task and blocks the calling thread until it has
/// returned: the bridge from the command line's synchronous commands to an
/// asynchronous library call (`voice build --tts` runs its commands with
/// swift-subprocess, whose API is async).
///
/// Call it from a thread of the process's own (the command line's main
/// thread), never from a task: it would hold a thread of the shared pool,
/// which `body` may need to run on.
import AnnounceServer

package func waitForTask<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
    let box = ValueBox<Value>()
    let done = Semaphore(0)
    Task.detached {
        box.value = await body()
        done.signal()
    }
    done.wait()
    // The semaphore orders the task's write before this read.
    guard let value = box.value else { preconditionFailure("the task ended without a value") }
    return value
}

/// The value, handed from the task to the waiting thread.
private final class ValueBox<Value>: @unchecked Sendable {
    package var value: Value?
}
