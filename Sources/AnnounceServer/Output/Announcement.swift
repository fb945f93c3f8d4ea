import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A rendered announcement: the message, the clips that said it, the audio,
/// and the name its file gets.
public struct Announcement: Sendable {
    /// What was said.
    public let message: Message
    /// The clips that say the message, in order.
    package let plan: ClipPlan
    /// The plan's clips with their lengths, as reports show them.
    public let clips: [Announcer.Plan.Clip]
    /// The audio, at the output rate, with the speed-up used.
    package let rendered: RenderedAudio
    /// The container and encoding of the file.
    public let format: OutputFormat
    /// The content-derived file name, e.g. `announce-123.45-1a2b3c4d.caf`.
    public let soundName: String

    /// The whole phrase as text.
    public var text: String { message.text }
    /// The words said.
    public var words: [String] { message.words }

    /// The samples, mono, at the output rate (as decoding the file gives
    /// them, for 16-bit PCM).
    package var audio: AudioBuffer { rendered.audio }
    /// The output sample rate.
    public var sampleRate: Int { rendered.sampleRate }
    /// The length in seconds.
    public var duration: Double { rendered.duration }
    /// The speed-up used to fit the budget (1.0 for none).
    public var speed: Double { rendered.speed }

    /// Writes the sound into `root/Library/Sounds/` (made if missing), where a
    /// Notification Service Extension's app group keeps sounds: a shortcut
    /// for ``SoundsFolder/write(_:name:reuse:durable:)``.
    /// - Parameters:
    ///   - root: the folder that holds `Library/Sounds`.
    ///   - name: a file name to use instead of ``soundName``; check
    ///     it with ``SoundName/validate(_:format:)`` first.
    public func write(toRoot root: String, name: String? = nil) throws(AudioError) -> WrittenSound {
        let folder = SoundsFolder(root: root)
        try folder.create()
        return try folder.write(self, name: name)
    }

    /// Writes the sound into the existing folder `directory` atomically (see
    /// ``SoundsFolder/write(_:name:reuse:durable:)``).
    public func write(toDirectory directory: String, name: String? = nil) throws(AudioError) -> WrittenSound {
        try SoundsFolder(path: directory).write(self, name: name)
    }

    /// The sound file in memory, exactly as written; `path` names it in errors.
    func encoded(naming path: String) throws(AudioError) -> MemorySink {
        try SoundFile.encode(rendered.samples, sampleRate: rendered.sampleRate, format: format, naming: path)
    }
}
