import AnnounceServer
import Subprocess

/// A command line run through `/bin/sh -c` and waited for. Its standard
/// input is `/dev/null` and its standard output goes to standard error
/// (announce's own standard output carries reports).
///
/// swift-subprocess starts it: the child gets the default signal handling
/// and mask (announce blocks termination signals in its own threads) and no
/// descriptor of announce's other than the three standard ones.
package enum ShellProcess {
    /// How a command ended.
    package enum Outcome: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal of this number ended it.
        case signalled(Int32)
        /// It could not be started, for this reason.
        case notStarted(String)
    }

    /// Runs `command` with `/bin/sh -c` and waits for it.
    package static func run(_ command: String) async -> Outcome {
        do {
            let result = try await Subprocess.run(
                .path("/bin/sh"), arguments: ["-c", command],
                input: .none, output: .currentStandardError, error: .currentStandardError)
            switch result.terminationStatus {
            case .exited(let status): return .exited(status)
            case .signaled(let signal): return .signalled(signal)
            }
        } catch let error as SubprocessError {
            return .notStarted(error.underlyingError.map { "\($0)" } ?? error.description)
        } catch {
            return .notStarted("\(error)")
        }
    }
}
