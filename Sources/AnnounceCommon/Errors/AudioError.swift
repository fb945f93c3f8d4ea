/// A failure in the audio layer: a file that cannot be read or written, a
/// clip that is not usable, an announcement that does not fit its budget.
/// The ``description`` is one line for the user.
public struct AudioError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of failure; each belongs to one ``/AnnounceCommon/ErrorCategory``.
    public enum Kind: Equatable, Sendable {
        /// A clip or input file cannot be opened or decoded.
        case unreadable
        /// A clip decodes but cannot be used (empty, silent, too long).
        case unusableClip
        /// The output cannot be written (folder, permissions, full disk).
        case unwritable
        /// The announcement cannot be made to fit the time budget.
        case overBudget
        /// An output format or encoding that is not offered.
        case unsupportedFormat
    }

    /// What kind of failure this is.
    public let kind: Kind
    /// The one-line message naming the file or clip and the problem.
    public let message: String

    /// An error of `kind` that says `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The one-line message: ``message``.
    public var description: String { message }

    /// Unreadable or unusable clips are the voice's fault, an announcement
    /// over budget is rejected input, an unwritable output is output, and a
    /// format or setting that is not offered is usage.
    public var category: ErrorCategory {
        switch kind {
        case .overBudget: .rejectedInput
        case .unreadable, .unusableClip: .voice
        case .unwritable: .output
        case .unsupportedFormat: .usage
        }
    }
}
