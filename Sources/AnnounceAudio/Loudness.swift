#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The loudness of a signal as EBU R 128 measures it, with libebur128.
public struct Loudness: Equatable, Sendable {
    /// The integrated loudness in LUFS; `-infinity` for audio shorter than
    /// one 400 ms measuring block, or silent.
    public var integrated: Double
    /// The true peak (inter-sample peak, 4x oversampled) in dBTP;
    /// `-infinity` for digital silence.
    public var truePeak: Double

    /// A measurement made elsewhere.
    public init(integrated: Double, truePeak: Double) {
        self.integrated = integrated
        self.truePeak = truePeak
    }

    /// Measures `audio`.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libebur128
    ///   cannot measure at the audio's sample rate.
    /// The corresponding C functions are `ebur128_loudness_global` and
    /// `ebur128_true_peak`.
    public init(measuring audio: AudioBuffer) throws(AudioError) {
        let meter = try LoudnessMeter(sampleRate: audio.sampleRate)
        try meter.add(audio.samples)
        let peak = meter.truePeakAmplitude
        self.init(integrated: meter.integratedLoudness, truePeak: peak > 0 ? 20 * log10(peak) : -.infinity)
    }
}
