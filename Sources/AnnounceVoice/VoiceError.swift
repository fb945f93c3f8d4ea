/// Why a voice cannot be used. The ``description`` is one line that names
/// the voice (or its folder) and the problem.
import AnnounceCommon
import AnnounceLanguage

public struct VoiceError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// Always ``ErrorCategory/voice``.
    public var category: ErrorCategory { .voice }

    /// The kinds of problem a voice can have.
    public enum Kind: Equatable, Sendable {
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
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// The one-line message naming the voice (or its folder) and the problem.
    public let message: String

    /// An error of `kind` that says `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// No voice folder at `path`.
    package static func noFolder(_ path: String) -> VoiceError {
        VoiceError(.notFound, "no voice at '\(MessageText.escaped(path))': no such folder")
    }

    /// A voice folder at `path` without a manifest.
    package static func noManifest(_ path: String) -> VoiceError {
        VoiceError(.notFound, "no voice at '\(MessageText.escaped(path))': \(Voice.manifestName) not found")
    }

    /// The one-line message: ``message``.
    public var description: String { message }
}
