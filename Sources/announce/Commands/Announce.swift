import AnnounceServer
import AnnounceStudio
import ArgumentParser

@main
struct Announce: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = ExitStatus.allCases

    static let configuration = CommandConfiguration(
        commandName: "announce",
        abstract: "Turn a payment amount into a spoken Chinese announcement, a sound file an iPhone plays as a notification sound.",
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
        let line = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
        let nearest = suggestion(for: line, arguments: Array(CommandLine.arguments.dropFirst()))
        Console.error(line + (nearest.map { (line.hasSuffix(".") ? " " : ". ") + "Did you mean '\($0)'?" } ?? ""))
        exit(withError: ExitCode(code.rawValue))
    }

    /// The option or value to suggest (`--format`) for the parser's refusal
    /// of a mistyped option, or of a value not among an option's choices,
    /// when one is near; nil otherwise (the parser's message already
    /// suggests, or nothing is near).
    static func suggestion(for message: String, arguments: [String]) -> String? {
        guard !message.contains("Did you mean") else { return nil }
        if let match = message.wholeMatch(of: /Unknown option '(--[^']+)'/) {
            let options = helpMessage(for: command(for: arguments)).matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) }
            return Suggestion.nearest(to: String(match.output.1), among: options)
        }
        if let match = message.firstMatch(of: /^The value '([^']*)' is invalid for '[^']*'\. Please provide one of (.*)\.$/) {
            let choices = match.output.2.matches(of: /'([^']*)'/).map { String($0.output.1) }
            return Suggestion.nearest(to: String(match.output.1), among: choices)
        }
        return nil
    }

    /// The command the arguments run: the subcommands named before the
    /// first option or value, else the default command.
    static func command(for arguments: [String]) -> ParsableCommand.Type {
        var command: ParsableCommand.Type = Announce.self
        for argument in arguments {
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == argument }) else { break }
            command = next
        }
        if command == Announce.self, let standard = configuration.defaultSubcommand { return standard }
        return command
    }
}
