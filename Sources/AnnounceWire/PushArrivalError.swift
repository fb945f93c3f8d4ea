import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

/// Why a push's announce fields cannot be read as they arrived: one line
/// naming the field and the problem, and the kind of problem, for the
/// extension to count (its log and counters hold no amounts).
///
/// The extension takes the fallback for such a push; `announce check-push`
/// prints the line and ends with status 65.
public struct PushArrivalError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem the push has.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// Larger than APNs delivers (``PushPayload/apnsLimit``).
        case tooLarge = "too-large"
        /// A string that must hold JSON (`announce-message` as a string,
        /// Getui's `payload`) does not, or the push itself is not JSON.
        case notJSON = "not-json"
        /// A field of the wrong JSON type (`announce-id` a number,
        /// `announce-at` a word, `announce-message` a list).
        case wrongType = "wrong-type"
        /// announce's fields one object deeper than the service delivers
        /// them (inside `extras`, inside Getui's payload's own object).
        case nestedTooDeep = "nested-too-deep"
        /// A field both at the top level and inside the service's key, with
        /// different values.
        case disagreement
    }

    /// What kind of problem the push has.
    public let kind: Kind
    /// The one-line message.
    public let description: String

    package init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// What the backend sent is wrong.
    public var category: ErrorCategory { .rejectedInput }
}
