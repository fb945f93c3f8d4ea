import Dispatch

/// A counting semaphore (Dispatch's, which every platform of Swift has).
final class Semaphore: Sendable {
    private let semaphore: DispatchSemaphore

    init(_ value: Int) {
        semaphore = DispatchSemaphore(value: value)
    }

    func wait() { semaphore.wait() }
    func signal() { semaphore.signal() }
}
