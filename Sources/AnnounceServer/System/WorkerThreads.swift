/// Runs a body on several threads at once and waits for all of them: plain
/// pthreads, so `jobs: N` means N threads, whatever a pool would choose.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

package enum WorkerThreads {
    /// Runs `body` on `count` threads, the calling thread being one of them,
    /// and returns when every run has returned. A thread the system refuses
    /// to start leaves its share to the others.
    package static func run(count: Int, _ body: @escaping @Sendable () -> Void) {
        var joins: [@Sendable () -> Void] = []
        for _ in 1..<max(1, count) {
            if let join = systemStartThread(body) { joins.append(join) }
        }
        body()
        for join in joins { join() }
    }
}
