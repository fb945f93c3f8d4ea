import AnnounceServer
import AnnounceStudio

/// The exit status of each kind of fault (`sysexits.h` values): the one
/// place where the library's ``ErrorCategory`` becomes a number, so the
/// same fault ends every command the same way.
enum ExitStatus: Int32, Sendable, Comparable, CaseIterable {
    /// Everything went through.
    case success = 0
    /// A bad option or argument combination (`--name` included).
    case usage = 64
    /// An amount or batch item (its fields, `name` included) was rejected,
    /// or cannot fit the budget.
    case dataError = 65
    /// The voice is missing or broken (a clip unreadable or unusable, a
    /// word without a clip), or an input file cannot be read.
    case noInput = 66
    /// A fault of a type the library does not categorise: a bug.
    case software = 70
    /// The output cannot be written (folder, permissions, full disk, a
    /// symbolic link where a real folder must be).
    case cannotCreate = 73
    /// Standard output was closed by its reader (`| head`): the command
    /// stops quietly.
    case outputClosed = 74
    /// A usable voice whose clip says a tone other than its script's
    /// (`voice check`, `voice tones`): the least serious, since every
    /// announcement can still be rendered.
    case tonesDisagree = 78

    /// The status a fault of `category` ends a command with.
    init(_ category: ErrorCategory) {
        switch category {
        case .rejectedInput: self = .dataError
        case .voice: self = .noInput
        case .usage: self = .usage
        case .output: self = .cannotCreate
        case .internal: self = .software
        }
    }

    /// The status a fault ends a command with, by its category.
    init(for error: any Error) {
        self.init(ErrorCategory(of: error))
    }

    /// The one line a command gives for a fault.
    static func message(for error: any Error) -> String {
        ErrorCategory.message(for: error)
    }

    /// Which of two statuses a command that met both ends with: the one that
    /// stops more (standard output closed over an unwritable output over a
    /// usage error over a broken voice over a rejected amount over a tone
    /// that disagrees).
    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool {
        lhs.severity < rhs.severity
    }

    private var severity: Int {
        switch self {
        case .success: 0
        case .tonesDisagree: 1
        case .dataError: 2
        case .noInput: 3
        case .usage: 4
        case .cannotCreate: 5
        case .software: 6
        case .outputClosed: 7
        }
    }
}
