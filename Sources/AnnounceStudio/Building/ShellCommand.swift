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

    /// `command` cut into its words as the shell reads them, each with its
    /// text as written and its value without quotes, and the blanks between
    /// (value nil); the texts joined are `command` again.
    static func words(_ command: String) -> [(raw: String, value: String?)] {
        var pieces: [(raw: String, value: String?)] = []
        var raw = "", value = "", quote: Character?, inWord = false
        for character in command {
            if quote == nil && (character == " " || character == "\t") {
                if inWord { pieces.append((raw, value)); raw = ""; value = ""; inWord = false }
                if let last = pieces.last, last.value == nil { pieces[pieces.count - 1].raw.append(character) } else { pieces.append((String(character), nil)) }
                continue
            }
            inWord = true
            raw.append(character)
            if let open = quote {
                if character == open { quote = nil } else { value.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
            } else {
                value.append(character)
            }
        }
        if inWord { pieces.append((raw, value)) }
        return pieces
    }

    /// How a command ended.
    typealias Outcome = ShellProcess.Outcome

    /// Runs `command` with `/bin/sh -c` and waits for it.
    static func run(_ command: String) async -> Outcome {
        await ShellProcess.run(command)
    }
}
