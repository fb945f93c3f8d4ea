import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension SonicFinisher {
    /// The engine's loudness rules at these settings.
    var joiner: Joiner { Joiner(settings: settings) }

    /// Measures `samples` with libebur128 and applies their normalisation:
    /// the limiter's when the ceiling would hold the gain below the target,
    /// with how far it lowered the loudest peak (dB).
    /// - Throws: ``AudioError`` when libebur128 cannot measure.
    func normalize(_ samples: inout [Float]) throws(AudioError) -> (Joiner.Normalization, limiting: Double) {
        let measured = try Loudness(measuring: AudioBuffer(sampleRate: settings.rate, samples: samples))
        let normalization = joiner.normalization(integrated: measured.integrated, truePeak: measured.truePeak)
        if joiner.heldByCeiling(normalization) {
            return try limit(&samples, integrated: measured.integrated, truePeak: measured.truePeak)
        }
        let scale = Decibels.scale(normalization.gain)
        samples.withUnsafeMutableBufferPointer { samples in
            for index in samples.indices { samples[index] *= scale }
        }
        return (normalization, 0)
    }
}
