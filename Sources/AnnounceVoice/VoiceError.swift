import AnnounceCommon
import AnnounceLanguage

/// Why a voice cannot be used. The ``/AnnounceCommon/AnnounceError/description`` is one
/// line that names the voice (or its folder) and the problem.
public typealias VoiceError = AnnounceError<VoiceFault>

/// The kinds of problem a voice can have; every one is the voice's fault
/// (``/AnnounceCommon/ErrorCategory/voice``).
public enum VoiceFault: ErrorKind {
    /// No voice folder or manifest where one was looked for.
    case notFound
    /// The manifest cannot be read or is not valid JSON.
    case unreadableManifest
    /// The manifest is JSON but breaks the voice format.
    case invalidManifest
    /// A clip file or the manifest leads outside the voice folder, or is
    /// not a regular file (a FIFO, a device, a folder).
    case unusableFile
    /// A word of a phrase has no clip in the voice.
    case missingClip(word: String)

    /// Always ``/AnnounceCommon/ErrorCategory/voice``.
    public var category: ErrorCategory { .voice }
}

extension VoiceError {
    /// No voice folder at `path`.
    package static func noFolder(_ path: String) -> VoiceError {
        VoiceError(.notFound, "no voice at '\(MessageText.escaped(path))': no such folder")
    }

    /// A voice folder at `path` without a manifest.
    package static func noManifest(_ path: String) -> VoiceError {
        VoiceError(.notFound, "no voice at '\(MessageText.escaped(path))': \(Voice.manifestName) not found")
    }
}
