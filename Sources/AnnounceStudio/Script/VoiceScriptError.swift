import AnnounceServer

/// Why a voice script cannot be made or read. The
/// ``/AnnounceCommon/AnnounceError/description`` is one line.
public typealias VoiceScriptError = AnnounceError<VoiceScriptFault>

/// The kinds of ``VoiceScriptError``.
public enum VoiceScriptFault: ErrorKind {
    /// A script file that cannot be read as one (not a script, another
    /// version, items misnumbered or naming unsafe files): rejected input.
    case invalidScript
    /// Options a script cannot be made from (a word without pinyin, a
    /// phrase with blanks or too long): a usage error.
    case unscriptable

    /// A script that cannot be read is rejected input; options a script
    /// cannot be made from are usage.
    public var category: ErrorCategory {
        switch self {
        case .invalidScript: .rejectedInput
        case .unscriptable: .usage
        }
    }
}
