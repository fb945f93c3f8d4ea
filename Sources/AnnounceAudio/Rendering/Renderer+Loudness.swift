#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Renderer {
    /// The loudness of normalised audio, and the gain that got it there.
    struct Normalization {
        /// Integrated loudness after the gain, LUFS (`-infinity` if too short).
        var integrated: Double
        /// True peak after the gain, dBTP.
        var truePeak: Double
        /// The gain applied, dB.
        var gain: Double
    }

    /// The gain for audio measured at `integrated` LUFS with a true peak of
    /// `truePeak` dBTP: the one that reaches the loudness target, lowered
    /// when the true peak would pass the ceiling. Audio too short for an
    /// integrated measurement is brought to the ceiling by its true peak.
    func normalization(integrated: Double, truePeak: Double) -> Normalization {
        let ceiling = settings.truePeakCeiling
        var gain: Double
        if integrated.isFinite {
            gain = settings.loudnessTarget - integrated
        } else if truePeak.isFinite {
            gain = ceiling - truePeak
        } else {
            gain = 0
        }
        if truePeak.isFinite {
            gain = min(gain, ceiling - truePeak)
        }
        // Loudness and true peak are linear in the gain: the result is the
        // measurement shifted by it.
        return Normalization(integrated: integrated + gain, truePeak: truePeak + gain, gain: gain)
    }

    /// The normalisation of `timeline`'s joined samples, from its clips'
    /// measurements: no pass over the samples. Valid when the timeline
    /// needs no speed-up and ``Timeline/clipsBoundTruePeak``.
    func estimatedNormalization(of timeline: Timeline) -> Normalization {
        normalization(
            integrated: timeline.estimatedLoudness(sampleRate: settings.rate),
            truePeak: Loudness.decibels(amplitude: timeline.truePeakAmplitude))
    }

    /// Measures `samples` with libebur128 and applies their normalisation:
    /// the limiter's when the ceiling would hold the gain below the target,
    /// with how far it lowered the loudest peak (dB).
    /// - Throws: ``AudioError`` when libebur128 cannot measure.
    func normalize(_ samples: inout [Float]) throws(AudioError) -> (Normalization, limiting: Double) {
        let measured = try Loudness(measuring: AudioBuffer(sampleRate: settings.rate, samples: samples))
        let normalization = normalization(integrated: measured.integrated, truePeak: measured.truePeak)
        if heldByCeiling(normalization) {
            return try limit(&samples, integrated: measured.integrated, truePeak: measured.truePeak)
        }
        let scale = Self.scale(decibels: normalization.gain)
        samples.withUnsafeMutableBufferPointer { samples in
            for index in samples.indices { samples[index] *= scale }
        }
        return (normalization, 0)
    }

    /// The factor of a gain in dB.
    static func scale(decibels: Double) -> Float {
        Float(pow(10, decibels / 20))
    }
}
