import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// A prepared clip times a gain and limited to a true-peak ceiling: what the
/// ``Joiner`` joins when the ceiling would otherwise hold an announcement
/// below its loudness target.
package struct LimitedClip: Sendable {
    /// The limited samples (the gain included) and their measurement.
    package var clip: PreparedClip
    /// The largest gain reduction of the limiter, dB; 0 when the clip's
    /// peaks stayed under the ceiling at this gain.
    package var reduction: Double
    /// The samples as 16-bit integers, when already made.
    package var pcm16: [Int16]?

    /// A limited clip made elsewhere.
    package init(clip: PreparedClip, reduction: Double, pcm16: [Int16]? = nil) {
        self.clip = clip
        self.reduction = reduction
        self.pcm16 = pcm16
    }

    /// Whether `clip` times `scale` has a true peak above `limiter`'s aim,
    /// so that it must be limited at that gain; otherwise the limiter would
    /// leave every sample alone.
    package static func needsLimiting(_ clip: PreparedClip, scale: Float, limiter: Limiter) -> Bool {
        clip.measurement.truePeakAmplitude * Double(scale) > Decibels.amplitude(limiter.aim)
    }

    /// `clip` times `scale`, where the limiter leaves it alone: its
    /// measurement scales with it (the loudness filter and the true-peak
    /// interpolator are linear).
    package static func scaled(_ clip: PreparedClip, gain: Double, scale: Float) -> LimitedClip {
        let samples = clip.audio.samples.map { $0 * scale }
        let scaled = PreparedClip(
            path: clip.path, audio: AudioBuffer(sampleRate: clip.audio.sampleRate, samples: samples),
            originalDuration: clip.originalDuration, gain: clip.gain + gain, fadeFrames: clip.fadeFrames,
            measurement: clip.measurement.scaled(by: Double(scale)))
        return LimitedClip(clip: scaled, reduction: 0)
    }

    /// `clip` times `scale`, shaped under `needs` (then times `down`), with
    /// `measurement` of the result: how both the server (which measures)
    /// and the phone (which reads the measurement from its pack) make a
    /// limited clip.
    package static func shaped(
        _ clip: PreparedClip, gain: Double, scale: Float, limiter: Limiter, needs: [Float], down: Float,
        measurement: ClipMeasurement
    ) -> LimitedClip {
        let (samples, reduction) = clip.audio.samples.withUnsafeBufferPointer { samples in
            limiter.shaped(samples, scale: scale, needs: needs, down: down)
        }
        let limited = PreparedClip(
            path: clip.path, audio: AudioBuffer(sampleRate: clip.audio.sampleRate, samples: samples),
            originalDuration: clip.originalDuration, gain: clip.gain + gain, fadeFrames: clip.fadeFrames,
            measurement: measurement)
        return LimitedClip(clip: limited, reduction: reduction)
    }
}
