import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// What is wrong with one batch item, as a stable word for a machine: the
/// `code` of the item's error line. The message beside it is for people and
/// may be reworded; a code keeps its meaning (docs/CLI.md, "Error codes").
public enum BatchErrorCode: String, CaseIterable, Sendable {
    /// The line is not a valid JSON object (nor a bare amount).
    case notJSON = "not-json"
    /// The line is longer than a batch reads.
    case lineTooLong = "line-too-long"
    /// A field batch does not know.
    case unknownField = "unknown-field"
    /// A field of the wrong type or out of its range (`id`, `at`, `style`,
    /// a variant's key, `voice` as a path), or not one of `amount`, `fen`
    /// and `amounts`.
    case badField = "bad-field"
    /// An amount (`amount`, `fen`, one of `amounts`, a bare line) refused.
    case badAmount = "bad-amount"
    /// A template refused.
    case badTemplate = "bad-template"
    /// A count refused.
    case badCount = "bad-count"
    /// A prefix refused.
    case badPrefix = "bad-prefix"
    /// The message cannot be made: an amount or count its template lacks
    /// or needs, a burst past the summary's limits.
    case badMessage = "bad-message"
    /// A `name` refused.
    case badName = "bad-name"
    /// A variant the reading does not have, or the voice's language lacks.
    case badVariant = "bad-variant"
    /// A `voice` the batch does not know.
    case unknownVoice = "unknown-voice"
    /// The voice has no clip for a word the item needs.
    case notInVoice = "not-in-voice"
    /// The announcement cannot fit its time budget.
    case overBudget = "over-budget"
    /// The voice's files cannot be read or used (exit 66).
    case brokenVoice = "broken-voice"
    /// The sound cannot be written (exit 73; the batch stops).
    case output = "output"
    /// A fault announce has no word for: a bug (exit 70).
    case `internal` = "internal"

    /// The code of an item's fault.
    public init(of error: any Error) {
        switch error {
        case let invalid as BatchItem.Invalid: self = invalid.code
        case is AmountError: self = .badAmount
        case is TemplateError: self = .badTemplate
        case is CountError: self = .badCount
        case is PrefixError: self = .badPrefix
        case is MessageError: self = .badMessage
        case is SoundName.Invalid: self = .badName
        case let language as LanguageError:
            switch language.kind {
            case .undefinedVariant: self = .badVariant
            case .otherReading: self = .badMessage
            case .malformed, .unknown, .clashingVariant, .badPreset: self = .brokenVoice
            }
        case let voice as VoiceError:
            switch voice.kind {
            case .notFound: self = .unknownVoice
            case .missingClip: self = .notInVoice
            default: self = .brokenVoice
            }
        case let audio as AudioError:
            switch audio.kind {
            case .overBudget: self = .overBudget
            case .unwritable: self = .output
            case .unreadable, .unusableClip, .unsupportedFormat: self = .brokenVoice
            }
        default:
            switch ErrorCategory(of: error) {
            case .output: self = .output
            case .voice: self = .brokenVoice
            case .rejectedInput, .usage: self = .badField
            case .internal: self = .internal
            }
        }
    }

    /// The category a batch ends with for an item's fault: anything about
    /// the item itself is rejected input (65); a voice whose files are
    /// broken stays the voice's (66), output and internal faults stay
    /// theirs. Options of the command are refused before any item.
    public var category: ErrorCategory {
        switch self {
        case .brokenVoice: return .voice
        case .output: return .output
        case .internal: return .internal
        default: return .rejectedInput
        }
    }
}
