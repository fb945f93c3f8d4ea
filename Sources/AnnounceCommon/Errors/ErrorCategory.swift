/// What kind of fault an error is: what a caller does about it, and the
/// exit status the command line ends with (`sysexits.h`).
///
/// The cases are ordered by how much they stop: a batch or a command that
/// met several faults reports the greatest (`max`).
public enum ErrorCategory: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// An amount, a count, a batch item or one of its fields was refused,
    /// or the announcement cannot fit its time budget; other amounts still
    /// go through. The command line exits 65 (`EX_DATAERR`).
    case rejectedInput
    /// The voice is missing, broken or has no clip for a word the options
    /// need, or another input file cannot be read. Exit 66 (`EX_NOINPUT`).
    case voice
    /// An option or a combination of options makes no sense: nothing is
    /// worth trying until it is changed. Exit 64 (`EX_USAGE`).
    case usage
    /// The output cannot be written: a folder cannot be made, the disk is
    /// full, a symbolic link stands where a real folder must be. Exit 73
    /// (`EX_CANTCREAT`).
    case output
    /// A fault announce has no category for: an error of a type that does
    /// not conform to ``CategorizedError``. The library throws none, so
    /// this is a bug to report. Exit 70 (`EX_SOFTWARE`).
    case `internal`

    /// The category of any error: its own for a ``CategorizedError``,
    /// ``internal`` for anything else.
    public init(of error: any Error) {
        self = (error as? any CategorizedError)?.category ?? .internal
    }

    public static func < (lhs: ErrorCategory, rhs: ErrorCategory) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The category's name as the JSON reports and messages spell it.
    public var description: String {
        switch self {
        case .rejectedInput: "rejected input"
        case .voice: "voice"
        case .usage: "usage"
        case .output: "output"
        case .internal: "internal"
        }
    }
}
