import AnnounceCore

/// The exit status for each kind of fault (sysexits.h values), one mapping
/// for every command and for library users that report like the command
/// line: the same fault gives the same status everywhere.
public enum ExitStatus: Int32, Sendable, Comparable {
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
    /// The output cannot be written (folder, permissions, full disk, a
    /// symbolic link where a real folder must be).
    case cannotCreate = 73
    /// Standard output was closed by its reader (`| head`): the command
    /// stops quietly.
    case outputClosed = 74

    /// The status a fault of this kind ends a command with.
    public init(for error: any Error) {
        switch error {
        case is AmountError, is CountError, is MessageError:
            self = .dataError
        case is TemplateError:
            self = .usage
        case is VoiceError:
            self = .noInput
        case is SoundName.Invalid:
            // A bad `--name` is refused as a usage error before anything
            // runs; a bad `name` of a batch item is rejected data.
            self = .dataError
        case let error as AudioError:
            switch error.kind {
            case .overBudget: self = .dataError
            case .unreadable, .unusableClip: self = .noInput
            case .unwritable: self = .cannotCreate
            case .unsupportedFormat: self = .usage
            }
        case let error as BatchItem.Invalid:
            self = error.status
        case is VoiceScriptError:
            // A script file that cannot be read as one is bad data.
            self = .dataError
        case let error as VoiceBuildError:
            switch error.kind {
            case .usage: self = .usage
            case .mismatch: self = .dataError
            case .input, .check: self = .noInput
            case .output: self = .cannotCreate
            }
        default:
            self = .noInput
        }
    }

    /// The one line a report or a command gives for a fault.
    public static func message(for error: any Error) -> String {
        if let error = error as? VoiceBuildError { return error.lines.joined(separator: "; ") }
        return (error as? CustomStringConvertible)?.description ?? "\(error)"
    }

    /// Which of two statuses a command that met both ends with: the one that
    /// stops more (an unwritable output over a broken voice over a rejected
    /// amount).
    public static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool {
        lhs.severity < rhs.severity
    }

    private var severity: Int {
        switch self {
        case .success: 0
        case .dataError: 1
        case .noInput: 2
        case .usage: 3
        case .cannotCreate: 4
        case .outputClosed: 5
        }
    }
}
