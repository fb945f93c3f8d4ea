import AnnounceServer
import AnnounceStudio
import ArgumentParser

@main
struct Announce: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = ExitStatus.allCases

    static let configuration = CommandConfiguration(
        commandName: "announce",
        abstract: "Turn a payment amount into a spoken Chinese announcement (支付宝到账一百二十三点四五元).",
        discussion: """
            `announce 123.45` renders: render is the default command.

            Every command ends with one of these statuses; of several faults, the most serious decides (\(ExitStatus.bySeverity)).

            \(ExitStatus.help(exitStatuses))
            """,
        version: "0.1.0",
        subcommands: [Render.self, Explain.self, Batch.self, Prune.self, CheckPush.self, Till.self, VoiceCommand.self],
        defaultSubcommand: Render.self
    )

    /// Every command writes to a pipe that may close (`| head`): SIGPIPE is
    /// ignored so that it is a write error announce handles (exit 74).
    static func main() {
        systemIgnoreBrokenPipe()
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(refusing: error)
        }
        do {
            var command = command
            try command.run()
        } catch {
            exit(refusing: error)
        }
        exit()
    }

    /// Ends the process for `error`: help and version requests print as
    /// the parser prints them, a status a command chose ends quietly, and
    /// every other refusal is one line `announce: …` with its status
    /// (64 for a bad option or value).
    private static func exit(refusing error: any Error) -> Never {
        let code = exitCode(for: error)
        if error is ExitCode || code == .success {
            exit(withError: error)
        }
        // The library's own errors end with their category's status; what
        // the parser raises (a bad option or value) with its usage status;
        // anything else is an internal error, never a silent 1.
        if error is any CategorizedError || code == .failure {
            Console.error(ExitStatus.message(for: error))
            exit(withError: ExitCode(ExitStatus(for: error).rawValue))
        }
        let message = message(for: error).split(whereSeparator: \.isNewline)
            .map { String($0.drop(while: \.isWhitespace)) }.joined(separator: " ")
        Console.error(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)
        exit(withError: ExitCode(code.rawValue))
    }
}
