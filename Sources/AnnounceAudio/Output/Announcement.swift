import AnnounceCore
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A rendered announcement: the phrase, the clips that said it, the audio,
/// and the name its file gets.
public struct Announcement: Sendable {
    public let phrase: Phrase
    public let plan: ClipPlan
    public let rendered: RenderedAudio
    public let format: OutputFormat
    /// The content-derived file name, e.g. `announce-123.45-1a2b3c4d.caf`.
    public let soundName: String

    /// The samples, mono, at the output rate (as decoding the file gives
    /// them, for 16-bit PCM).
    public var audio: AudioBuffer { rendered.audio }
    /// The output sample rate.
    public var sampleRate: Int { rendered.sampleRate }
    /// The length in seconds.
    public var duration: Double { rendered.duration }
    /// The speed-up used to fit the budget (1.0 for none).
    public var speed: Double { rendered.speed }

    /// Writes the sound into `root/Library/Sounds/` (made if missing), where a
    /// Notification Service Extension's app group keeps sounds.
    /// - Parameter name: a file name to use instead of ``soundName``; check
    ///   it with ``SoundName/validate(_:format:)`` first.
    public func write(toRoot root: String, name: String? = nil) throws(AudioError) -> WrittenSound {
        let directory = try SoundName.soundsDirectory(root: root)
        return try write(toDirectory: directory, name: name)
    }

    /// Writes the sound into `directory` atomically: a temporary file in the
    /// same folder, renamed into place, so no half-written file ever carries
    /// the final name.
    public func write(toDirectory directory: String, name: String? = nil) throws(AudioError) -> WrittenSound {
        let fileName = name ?? soundName
        let path = Paths.join(directory, fileName)
        let bytes = try SoundFile.write(rendered.samples, sampleRate: rendered.sampleRate, format: format, to: path)
        return WrittenSound(path: path, name: fileName, bytes: bytes)
    }
}

/// A sound file on disk.
public struct WrittenSound: Equatable, Sendable {
    /// The file's path.
    public let path: String
    /// The name to put in the push payload's `aps.sound`.
    public let name: String
    /// The file's size.
    public let bytes: Int
}
