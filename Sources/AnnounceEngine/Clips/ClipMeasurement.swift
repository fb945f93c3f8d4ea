/// What libebur128 measures on a prepared clip, once per process, so that an
/// announcement's loudness and true peak follow from its clips' without a
/// pass over the announcement.
///
/// The clip is measured as it sits in an announcement: digital silence
/// before it, and silence after it long enough for the loudness filter to
/// ring out and for the true-peak interpolator to see the last samples.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package struct ClipMeasurement: Equatable, Sendable {
    /// The true peak in dBTP (libebur128, 4x oversampled, never below the
    /// sample peak).
    package var truePeak: Double {
        Decibels.decibels(amplitude: truePeakAmplitude)
    }
    /// The loudness over the clip's length in LUFS: its mean K-weighted
    /// energy, without gating (a word is shorter than one 400 ms block).
    package let loudness: Double

    /// ``truePeak`` as a linear amplitude.
    package let truePeakAmplitude: Double
    /// The largest sample within ``joinSpan`` frames of either end: what a
    /// neighbour closer than that could add to a true peak across the join.
    package let edgePeak: Double
    /// Where the clip's K-weighted energy lies, for the gating blocks of an
    /// announcement.
    package let energy: EnergyProfile

    /// The input frames one 4x-oversampled true-peak value depends on, with
    /// room to spare: libebur128's interpolator is a 49-tap filter, 13 input
    /// frames per output below 96 kHz. Clips further apart than this do not
    /// interact in a true-peak measurement.
    package static let joinSpan = 16
    /// The rates libebur128 oversamples 4x with that filter; from 96 kHz it
    /// oversamples 2x, each output depending on 25 input frames.
    package static let fourTimesOversampled = 1..<96_000
    /// An upper bound on how much the interpolator can raise a value above
    /// the largest input in its span: the sum of the absolute taps of its
    /// worst phase (1.86 for libebur128's filter), rounded up to a power of
    /// two so that dividing by it is exact.
    package static let spanGain = 2.0
    /// The step of the energy profile, in milliseconds: libebur128 measures
    /// a window of whole milliseconds, `sampleRate × 10 / 1000` frames.
    package static let stepMilliseconds = 10
    /// The silence measured after a clip: the loudness filter's 38 Hz
    /// high-pass rings for tens of milliseconds after the fade.
    package static let ringMilliseconds = 60

    /// The measurement of the clip times `scale`, worked out instead of
    /// measured: the loudness filter and the true-peak interpolator are
    /// linear, so energies scale by `scale²` and peaks by `scale` (to float
    /// rounding of the scaled samples, far below what a meter shows).
    package func scaled(by scale: Double) -> ClipMeasurement {
        ClipMeasurement(
            loudness: loudness + Decibels.decibels(amplitude: scale),
            truePeakAmplitude: truePeakAmplitude * scale, edgePeak: edgePeak * scale,
            energy: EnergyProfile(stepFrames: energy.stepFrames, cumulative: energy.cumulative.map { $0 * scale * scale }))
    }

    /// A measurement made elsewhere: by libebur128 on the server, or read
    /// from a device voice pack.
    package init(loudness: Double, truePeakAmplitude: Double, edgePeak: Double, energy: EnergyProfile) {
        self.loudness = loudness
        self.truePeakAmplitude = truePeakAmplitude
        self.edgePeak = edgePeak
        self.energy = energy
    }

}
