import ArgumentParser

/// The exit statuses in every command's help: one table (code, `sysexits.h`
/// name, meaning), of which each command shows the lines of the statuses it
/// can end with, so no help can say a code differently from another.
extension ExitStatus {
    /// The status's name in `sysexits.h`.
    var name: String {
        switch self {
        case .success: "EX_OK"
        case .usage: "EX_USAGE"
        case .dataError: "EX_DATAERR"
        case .noInput: "EX_NOINPUT"
        case .software: "EX_SOFTWARE"
        case .cannotCreate: "EX_CANTCREAT"
        case .outputClosed: "EX_IOERR"
        case .tonesDisagree: "EX_CONFIG"
        }
    }

    /// What the status means, in words true of every command that ends with it.
    var meaning: String {
        switch self {
        case .success: "everything went through"
        case .usage: "a bad option, option value or argument"
        case .dataError: "an amount, item, script or push rejected, or over budget"
        case .noInput: "the voice or an input file missing, unreadable or broken"
        case .software: "an internal error: a bug, please report it"
        case .cannotCreate: "an output file or folder cannot be made, written or removed"
        case .outputClosed: "standard output closed (| head) or not writable"
        case .tonesDisagree: "a clip of the voice says another tone than its script"
        }
    }

    /// The status's line of the table: `  65  EX_DATAERR    rejected input …`,
    /// columns as wide as the table's widest, short enough for an 80-column
    /// terminal not to wrap it.
    var helpLine: String {
        func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: width - text.count + 2)
        }
        let codeWidth = Self.allCases.map { String($0.rawValue).count }.max() ?? 0
        let nameWidth = Self.allCases.map(\.name.count).max() ?? 0
        return "  " + padded(String(rawValue), codeWidth) + padded(name, nameWidth) + meaning
    }

    /// The fault statuses from the most serious down, as a command that
    /// met several chooses: `74 over 70 over 73 over 64 over 66 over 65 over 78`.
    static var bySeverity: String {
        // Joined by hand: the help of the root command, made at every start,
        // holds this, and the generic `joined` costs a scan of the runtime's
        // conformance records.
        var text = ""
        for status in allCases.filter({ $0 != .success }).sorted(by: >) {
            text += (text.isEmpty ? "" : " over ") + String(status.rawValue)
        }
        return text
    }

    /// The heading of the table in a command's help.
    static let helpHeading = "Exit status:"

    /// The end of a command's help: the heading and the lines of `statuses`.
    static func help(_ statuses: [ExitStatus]) -> String {
        ([helpHeading] + statuses.map(\.helpLine)).joined(separator: "\n")
    }
}

/// A command whose help ends with the exit statuses it can end with:
/// ``ExitStatus/help(_:)`` of ``exitStatuses``.
protocol ListsExitStatuses: ParsableCommand {
    /// Every status the command can end with, in the table's order.
    static var exitStatuses: [ExitStatus] { get }
}
