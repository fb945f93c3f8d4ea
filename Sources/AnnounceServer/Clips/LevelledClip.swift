/// A clip read, resampled, trimmed and levelled, before the fade and the
/// measurement: what ``ClipCache`` keeps per file and rate, so that another
/// fade does not read the file again.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

struct LevelledClip: Sendable {
    /// The file the clip was read from.
    var path: String
    /// The trimmed and levelled audio at the output rate.
    var audio: AudioBuffer
    /// The clip's length before trimming, in seconds.
    var originalDuration: Double
    /// The gain applied to reach the common level, in dB.
    var gain: Double

    /// The clip faded in and out over `fadeFrames` and measured.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libebur128
    ///   cannot measure at the clip's rate.
    func prepared(fadeFrames: Int) throws(AudioError) -> PreparedClip {
        var samples = audio.samples
        let fadeFrames = max(0, fadeFrames)
        let measurement = try samples.withUnsafeMutableBufferPointer { samples throws(AudioError) in
            Fade(frames: fadeFrames).apply(to: samples)
            return try ClipMeasurement(measuring: UnsafeBufferPointer(samples), sampleRate: audio.sampleRate)
        }
        return PreparedClip(
            path: path, audio: AudioBuffer(sampleRate: audio.sampleRate, samples: samples),
            originalDuration: originalDuration, gain: gain, fadeFrames: fadeFrames, measurement: measurement)
    }
}
