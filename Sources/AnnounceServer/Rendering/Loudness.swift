/// The loudness of a signal as EBU R 128 measures it, with libebur128.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

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
        self.init(integrated: meter.integratedLoudness, truePeak: Decibels.decibels(amplitude: meter.truePeakAmplitude))
    }
}
