import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
import Dispatch

/// A counting semaphore (Dispatch's, which every platform of Swift has).
package final class Semaphore: Sendable {
    private let semaphore: DispatchSemaphore

    package init(_ value: Int) {
        semaphore = DispatchSemaphore(value: value)
    }

    package func wait() { semaphore.wait() }
    package func signal() { semaphore.signal() }
}
