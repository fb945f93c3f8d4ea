import AnnounceServer

/// Why a voice was not built. Nothing is left in the output folder. The
/// ``lines`` say what is wrong, one problem each.
package struct VoiceBuildError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of problem that stop a build; each belongs to one ``/AnnounceCommon/ErrorCategory``.
    package enum Kind: Equatable, Sendable {
        /// An option that makes no sense (a bad id, no recordings and no command).
        case usage
        /// A recording or TTS output missing or unreadable, or the TTS command failed.
        case input
        /// The recordings do not match the script (items missing, split or extra).
        case mismatch
        /// The built voice failed its check.
        case check
        /// The output folder cannot be written.
        case output
    }

    /// What kind of problem stopped the build.
    package let kind: Kind
    /// One line per problem.
    package let lines: [String]
    /// The budget the check measured, when the built voice failed it: what
    /// `voice build` shows before refusing, as `voice check` would.
    package var budget: VoiceBudget?

    /// An error of `kind` with one line per problem.
    package init(_ kind: Kind, _ lines: [String]) {
        self.kind = kind
        self.lines = lines
    }

    /// An error of `kind` with one line.
    package init(_ kind: Kind, _ line: String) {
        self.init(kind, [line])
    }

    /// Errors are equal when they say the same; the budget shown with one is not compared.
    package static func == (lhs: VoiceBuildError, rhs: VoiceBuildError) -> Bool {
        lhs.kind == rhs.kind && lhs.lines == rhs.lines
    }

    /// The lines, joined by newlines.
    package var description: String { lines.joined(separator: "\n") }

    /// The lines, joined by `; `.
    package var line: String { lines.joined(separator: "; ") }

    /// Recordings that do not match the script are rejected input; a
    /// missing recording or a voice that fails its check is the voice's
    /// fault.
    package var category: ErrorCategory {
        switch kind {
        case .usage: .usage
        case .mismatch: .rejectedInput
        case .input, .check: .voice
        case .output: .output
        }
    }
}
