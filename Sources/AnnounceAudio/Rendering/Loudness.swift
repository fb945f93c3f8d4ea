#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The loudness of a signal as EBU R 128 measures it, with libebur128.
package struct Loudness: Equatable, Sendable {
    /// The integrated loudness in LUFS; `-infinity` for audio shorter than
    /// one 400 ms measuring block, or silent.
    package var integrated: Double
    /// The true peak (inter-sample peak, 4x oversampled) in dBTP;
    /// `-infinity` for digital silence.
    package var truePeak: Double

    /// A measurement made elsewhere.
    package init(integrated: Double, truePeak: Double) {
        self.integrated = integrated
        self.truePeak = truePeak
    }

    /// Measures `audio`: integrated loudness and true peak, one full pass of
    /// libebur128 over every sample.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libebur128
    ///   cannot measure at the audio's sample rate.
    /// The corresponding C functions are `ebur128_loudness_global` and
    /// `ebur128_true_peak`.
    package init(measuring audio: AudioBuffer) throws(AudioError) {
        let meter = try LoudnessMeter(sampleRate: audio.sampleRate)
        try meter.add(audio.samples)
        self.init(integrated: meter.integratedLoudness, truePeak: Self.decibels(amplitude: meter.truePeakAmplitude))
    }

    /// BS.1770's offset between the mean square of the K-weighted signal
    /// and loudness, as libebur128 applies it.
    static let offset = -0.691

    /// The loudness in LUFS of a K-weighted mean square; `-infinity` for 0.
    static func loudness(energy: Double) -> Double {
        energy > 0 ? 10 * log10(energy) + offset : -.infinity
    }

    /// The K-weighted mean square of a loudness in LUFS; 0 for `-infinity`.
    static func energy(_ loudness: Double) -> Double {
        loudness.isFinite ? pow(10, (loudness - offset) / 10) : 0
    }

    /// The linear amplitude of `decibels` (dBFS, dBTP); 0 for `-infinity`.
    static func amplitude(decibels: Double) -> Double {
        pow(10, decibels / 20)
    }

    /// `amplitude` in dB (dBFS, dBTP); `-infinity` for 0.
    static func decibels(amplitude: Double) -> Double {
        amplitude > 0 ? 20 * log10(amplitude) : -.infinity
    }
}
