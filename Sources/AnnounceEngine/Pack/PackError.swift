import AnnounceCommon

/// A device voice pack that cannot be used, or a message it cannot say:
/// one line naming the pack and the problem. On the phone, the
/// announcement then comes from the server's file or the fallback sound,
/// never from a pack that might say the wrong amount.
public typealias PackError = AnnounceError<PackFault>

/// The kinds of ``PackError``.
public enum PackFault: ErrorKind {
    /// Not a pack, truncated, or its bytes do not match its checksum.
    case damaged
    /// A pack made by another version of the engine or of the format.
    case otherVersion
    /// The pack cannot say this message (a word without a clip, limiter
    /// data it lacks, longer than its budget allows).
    case cannotSay
    /// The message was made for a voice of another language than the
    /// pack's (a Cantonese server's message for a Mandarin pack, or one
    /// read without the 两 a Cantonese pack says).
    case otherLanguage

    /// A damaged or foreign pack is the voice's fault; a message it cannot
    /// say is rejected input.
    public var category: ErrorCategory {
        switch self {
        case .damaged, .otherVersion: .voice
        case .cannotSay, .otherLanguage: .rejectedInput
        }
    }
}
