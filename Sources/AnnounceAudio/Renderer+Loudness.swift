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

    /// Applies one gain to `samples`: the one that reaches the loudness
    /// target, lowered when the true peak would pass the ceiling. Audio too
    /// short for an integrated measurement is brought to the ceiling by its
    /// true peak instead.
    /// - Throws: ``AudioError`` when libebur128 cannot measure.
    func normalize(_ samples: inout [Float]) throws(AudioError) -> Normalization {
        let measured = try Loudness(measuring: AudioBuffer(sampleRate: settings.sampleRate, samples: samples))
        let ceiling = settings.truePeakCeiling
        var gain: Double
        if measured.integrated.isFinite {
            gain = settings.loudnessTarget - measured.integrated
        } else if measured.truePeak.isFinite {
            gain = ceiling - measured.truePeak
        } else {
            gain = 0
        }
        if measured.truePeak.isFinite {
            gain = min(gain, ceiling - measured.truePeak)
        }
        let scale = Float(pow(10, gain / 20))
        samples.withUnsafeMutableBufferPointer { samples in
            for index in samples.indices { samples[index] *= scale }
        }
        // Loudness and true peak are linear in the gain, so the result is
        // the measurement shifted by it; no second pass over the audio.
        return Normalization(integrated: measured.integrated + gain, truePeak: measured.truePeak + gain, gain: gain)
    }
}
