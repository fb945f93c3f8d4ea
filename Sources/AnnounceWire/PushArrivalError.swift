import AnnounceCommon

/// Why a push's announce fields cannot be read as they arrived: one line
/// naming the field and the problem, and the kind of problem, for the
/// extension to count (its log and counters hold no amounts).
///
/// The extension takes the fallback for such a push; `announce check-push`
/// prints the line and ends with status 65.
public typealias PushArrivalError = AnnounceError<PushArrivalFault>

/// What kind of problem a push has; each is what the backend sent wrong
/// (``/AnnounceCommon/ErrorCategory/rejectedInput``). The raw value is the name counters
/// and reports use.
public enum PushArrivalFault: String, ErrorKind, CaseIterable {
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

    /// What the backend sent is wrong.
    public var category: ErrorCategory { .rejectedInput }
}
