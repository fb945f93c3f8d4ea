/// Hands results on in input order as soon as a result and all earlier ones
/// are done, whatever order the workers finish in. At most `window` results
/// are ever waiting or in flight, so memory stays flat on endless input.
///
/// One lock guards the waiting results; the `emit` callback runs under it,
/// so it must not wait for anything of the pipeline's.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

final class OrderedOutput<Result: Sendable>: @unchecked Sendable {
    private struct State {
        var waiting: [Int: Result] = [:]
        var next = 0
    }

    private let state: LockedState<State>
    private let room: Semaphore
    private let emit: @Sendable (Result) -> Void
    private let drained: @Sendable (Int) -> Void

    /// - Parameters:
    ///   - emit: called with each result, in order.
    ///   - drained: called after the results that became ready together
    ///     were emitted, with how many have been emitted so far.
    init(window: Int, emit: @escaping @Sendable (Result) -> Void, drained: @escaping @Sendable (Int) -> Void) {
        state = LockedState(State())
        room = Semaphore(window)
        self.emit = emit
        self.drained = drained
    }

    /// Waits until there is room for one more result in flight. Call it
    /// before taking any other lock.
    func reserve() {
        room.wait()
    }

    /// Gives back a room that ``reserve()`` took and no result will fill.
    func release() {
        room.signal()
    }

    /// Hands over the result for sequence number `sequence` (0, 1, 2, …).
    func complete(_ sequence: Int, _ result: Result) {
        state.withLock { state in
            state.waiting[sequence] = result
            let before = state.next
            while let ready = state.waiting.removeValue(forKey: state.next) {
                state.next += 1
                emit(ready)
                room.signal()
            }
            if state.next > before { drained(state.next) }
        }
    }
}
