import AnnounceCore

extension ErrorCategory {
    /// The one line a report or a command gives for a fault: the error's
    /// description, a failed voice build's problems joined by `; `, and an
    /// uncategorised error marked as the bug it is.
    package static func message(for error: any Error) -> String {
        if let error = error as? VoiceBuildError { return error.lines.joined(separator: "; ") }
        if let error = error as? any CategorizedError { return error.description }
        return "internal error (please report it): \(error)"
    }
}
