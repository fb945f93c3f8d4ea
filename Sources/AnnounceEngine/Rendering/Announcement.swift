import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// A rendered announcement: the message, the clips that said it, the audio,
/// and the name its file gets. The server's `Announcer`
/// and the phone's ``PackAnnouncer`` both make these.
public struct Announcement: Sendable {
    /// What was said.
    public let message: Message
    /// The clips that say the message, in order.
    package let plan: ClipPlan
    /// The plan's clips with their lengths, as reports show them; nil for
    /// an announcement from a device voice pack, which holds no recordings.
    public let clips: [PlannedClip]?
    /// The audio, at the output rate, with the speed-up used.
    package let rendered: RenderedAudio
    /// The container and encoding of the file.
    public let format: OutputFormat
    /// The content-derived file name, e.g. `announce-123.45-1a2b3c4d.caf`.
    public let soundName: String
    /// 1 unless the samples were joined from a device voice pack's sped-up
    /// tier; then that tier's speed.
    public let tierSpeed: Double

    /// An announcement of `message` said by `plan`'s clips as `rendered`.
    package init(
        message: Message, plan: ClipPlan, clips: [PlannedClip]?, rendered: RenderedAudio, format: OutputFormat,
        soundName: String, tierSpeed: Double = 1
    ) {
        self.message = message
        self.plan = plan
        self.clips = clips
        self.rendered = rendered
        self.format = format
        self.soundName = soundName
        self.tierSpeed = tierSpeed
    }

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
    /// The speed-up used to fit the budget (1.0 for none): the whole
    /// signal's, or the pack tier's it was joined from.
    public var speed: Double { rendered.speed }

    /// The sound file's bytes, made by the engine's own encoder (the one the
    /// phone has): exactly as the server's libsndfile writes the same
    /// samples in the same format.
    /// - Throws: ``/AnnounceCommon/AudioError`` when the format cannot hold the samples.
    public func fileBytes() throws(AudioError) -> [UInt8] {
        switch rendered.samples {
        case .pcm16(let samples): try SoundFileEncoder.encode(samples, sampleRate: rendered.sampleRate, format: format)
        case .float(let samples): try SoundFileEncoder.encode(samples, sampleRate: rendered.sampleRate, format: format)
        }
    }
}
