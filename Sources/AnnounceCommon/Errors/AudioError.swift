/// A failure in the audio layer: a file that cannot be read or written, a
/// clip that is not usable, an announcement that does not fit its budget.
/// The ``AnnounceError/description`` is one line for the user.
public typealias AudioError = AnnounceError<AudioFault>

/// The kinds of ``AudioError``; each belongs to one ``ErrorCategory``.
public enum AudioFault: ErrorKind {
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

    /// Unreadable or unusable clips are the voice's fault, an announcement
    /// over budget is rejected input, an unwritable output is output, and a
    /// format or setting that is not offered is usage.
    public var category: ErrorCategory {
        switch self {
        case .overBudget: .rejectedInput
        case .unreadable, .unusableClip: .voice
        case .unwritable: .output
        case .unsupportedFormat: .usage
        }
    }
}
