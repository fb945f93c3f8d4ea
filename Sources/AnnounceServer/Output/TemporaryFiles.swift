/// The temporary files this process is writing, so that a termination
/// signal removes them instead of leaving them behind.
///
/// ``removeOnTermination()`` blocks SIGINT, SIGTERM and SIGHUP in the
/// calling thread (call it first thing, before any other thread starts, so
/// every thread inherits the mask) and starts one thread that waits for
/// them: it takes the lock, removes every file still listed, and ends the
/// process with 128 + the signal's number, as the shell reports a process
/// killed by it. A writer lists its file under the same lock before
/// creating it, so no file is created after the sweep. SIGPIPE is ignored:
/// a closed output is then an `EPIPE` write error the caller handles.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

package final class TemporaryFiles: Sendable {
    package static let shared = TemporaryFiles()

    private struct State {
        var paths: Set<String> = []
        var terminating = false
        /// Writers between listing a file and having created it.
        var creating = 0
    }

    private let state = LockedState(State())

    /// Lists `path`, then runs `create` (which makes the file) outside the
    /// lock, so writers on several threads create their files at once. The
    /// sweep waits for every listed creation to finish, so it sees every
    /// file made before it; none is started after it. Once a termination
    /// signal has been handled this never returns: the process is ending.
    package func creating<Result>(_ path: String, _ create: () -> Result) -> Result {
        let listed = state.withLock { state in
            guard !state.terminating else { return false }
            state.paths.insert(path)
            state.creating += 1
            return true
        }
        // The sweeping thread is ending the process: wait for it without
        // holding the lock it needs.
        while !listed { _ = systemWaitForever() }
        defer { state.withLock { $0.creating -= 1 } }
        return create()
    }

    /// Counts temporary names in this process, so concurrent writers in one
    /// folder never pick the same one.
    private let counter = LockedState(0)
    private let processID = systemProcessID()

    /// Makes a new entry with a name no one else uses, in `folder` (a
    /// path ending in `/`, or empty for the current folder): the one way
    /// announce names what it writes before it is complete, a sound's
    /// temporary file or a voice's build folder alike
    /// (``SoundName/temporaryName(process:number:)``). `make` creates the
    /// entry exclusively (`O_EXCL`, `mkdir`); a name already taken (a
    /// leftover of a process with the same id) is skipped. The entry is
    /// listed for removal on a termination signal until ``forget(_:)``.
    /// - Returns: what `make` returned and the path, or the first error
    ///   other than the name being taken.
    package func createUnique<Made>(
        in folder: String, _ make: (String) -> Result<Made, SystemError>
    ) -> Result<(made: Made, path: String), SystemError> {
        var reason = SystemError(systemErrorExists)
        for _ in 0..<100 {
            let number = counter.withLock { counter in
                counter &+= 1
                return counter
            }
            let path = folder + SoundName.temporaryName(process: processID, number: number)
            switch creating(path, { make(path) }) {
            case .success(let made):
                return .success((made, path))
            case .failure(let error):
                forget(path)
                reason = error
                guard error.code == systemErrorExists else { return .failure(error) }
            }
        }
        return .failure(reason)
    }

    /// Takes `path` off the list once it was renamed into place or removed.
    package func forget(_ path: String) {
        state.withLock { _ = $0.paths.remove(path) }
    }

    /// Starts removing temporary files on SIGINT, SIGTERM and SIGHUP (see
    /// the type's documentation). Call once, before starting other threads.
    package func removeOnTermination() {
        let signals = systemBlockTerminationSignals()
        _ = systemStartThread { [self] in
            removeAllAndExit(128 + systemWaitForSignal(signals))
        }
    }

    /// Removes every listed file and ends the process with `status` at
    /// once; no temporary file is created after the sweep.
    package func removeAllAndExit(_ status: Int32) -> Never {
        state.withLock { $0.terminating = true }
        while true {
            // The process ends while the lock is held: no writer lists or
            // forgets a file after the sweep.
            state.withLock { state in
                guard state.creating == 0 else { return }
                for path in state.paths { _ = systemUnlink(path) }
                systemExitNow(status)
            }
            systemPause(100)
        }
    }
}
