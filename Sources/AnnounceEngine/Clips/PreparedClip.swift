/// A clip ready to be joined: mono at the output rate, silence trimmed from
/// both ends, brought to the common level of ``ClipPreparation``, faded in
/// and out, and measured.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package struct PreparedClip: Equatable, Sendable {
    /// The file the clip was read from.
    package var path: String
    /// The trimmed, levelled and faded audio at the output rate.
    package var audio: AudioBuffer
    /// The clip's length before trimming, in seconds.
    package var originalDuration: Double
    /// The gain applied to reach the common level, in dB.
    package var gain: Double
    /// The raised-cosine fade baked into both ends of ``audio``, in frames
    /// (0 for none; shorter in a clip shorter than two fades).
    package var fadeFrames: Int
    /// Loudness and true peak of ``audio``, measured with libebur128.
    package var measurement: ClipMeasurement

    /// A prepared clip; ``ClipPreparation`` makes these.
    package init(path: String, audio: AudioBuffer, originalDuration: Double, gain: Double, fadeFrames: Int, measurement: ClipMeasurement) {
        self.path = path
        self.audio = audio
        self.originalDuration = originalDuration
        self.gain = gain
        self.fadeFrames = fadeFrames
        self.measurement = measurement
    }
}
