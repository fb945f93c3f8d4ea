#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Musl)
    @preconcurrency import Musl
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// A command line run through `/bin/sh -c` and waited for. Its standard
/// input is `/dev/null` and its standard output goes to standard error
/// (announce's own standard output carries reports).
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
    /// The corresponding C functions are `posix_spawn` and `waitpid`.
    package static func run(_ command: String) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (text: String) in
            text.withCString { strdup($0) }
        }
        defer { arguments.forEach { free($0) } }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments + [nil]
        var pid = pid_t()
        let status = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
        guard status == 0 else { return .notStarted(String(cString: strerror(status))) }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 {
            guard errno == EINTR else { return .notStarted(String(cString: strerror(errno))) }
        }
        let signal = waitStatus & 0x7f
        return signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(signal)
    }
}
