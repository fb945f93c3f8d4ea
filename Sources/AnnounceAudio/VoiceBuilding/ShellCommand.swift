#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A command line run through `/bin/sh -c`, with `{name}` placeholders
/// replaced by shell-quoted values. The command's standard output goes to
/// standard error (announce's own standard output carries its report), and
/// its standard input is `/dev/null`.
struct ShellCommand {
    /// The command with placeholders, as the user gave it.
    let template: String

    /// The template with each `{name}` of `values` replaced by the value in
    /// single quotes; other braces stay as they are.
    func substituted(_ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let tail = rest[rest.index(after: open)...]
            if let close = tail.firstIndex(of: "}"), let value = values[String(tail[..<close])] {
                result += Self.quoted(value)
                rest = tail[tail.index(after: close)...]
            } else {
                result += "{"
                rest = tail
            }
        }
        return result + rest
    }

    /// `value` in single quotes, each `'` written as `'\''`.
    static func quoted(_ value: String) -> String {
        "'" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// How a command ended.
    enum Outcome: Equatable {
        case exited(Int32)
        case signalled(Int32)
        case notStarted(String)
    }

    /// Runs `command` with `/bin/sh -c` and waits for it.
    /// The corresponding C functions are `posix_spawn` and `waitpid`.
    static func run(_ command: String) -> Outcome {
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
