import AnnounceServer

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
    typealias Outcome = ShellProcess.Outcome

    /// Runs `command` with `/bin/sh -c` and waits for it.
    static func run(_ command: String) async -> Outcome {
        await ShellProcess.run(command)
    }
}
