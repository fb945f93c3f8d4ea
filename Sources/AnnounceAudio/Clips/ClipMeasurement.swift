/// What libebur128 measures on a prepared clip, once per process, so that an
/// announcement's loudness and true peak follow from its clips' without a
/// pass over the announcement.
///
/// The clip is measured as it sits in an announcement: digital silence
/// before it, and silence after it long enough for the loudness filter to
/// ring out and for the true-peak interpolator to see the last samples.
package struct ClipMeasurement: Equatable, Sendable {
    /// The true peak in dBTP (libebur128, 4x oversampled, never below the
    /// sample peak).
    package var truePeak: Double {
        Loudness.decibels(amplitude: truePeakAmplitude)
    }
    /// The loudness over the clip's length in LUFS: its mean K-weighted
    /// energy, without gating (a word is shorter than one 400 ms block).
    package let loudness: Double

    /// ``truePeak`` as a linear amplitude.
    let truePeakAmplitude: Double
    /// The largest sample within ``joinSpan`` frames of either end: what a
    /// neighbour closer than that could add to a true peak across the join.
    let edgePeak: Double
    /// Where the clip's K-weighted energy lies, for the gating blocks of an
    /// announcement.
    let energy: EnergyProfile

    /// The input frames one 4x-oversampled true-peak value depends on, with
    /// room to spare: libebur128's interpolator is a 49-tap filter, 13 input
    /// frames per output below 96 kHz. Clips further apart than this do not
    /// interact in a true-peak measurement.
    static let joinSpan = 16
    /// The rates libebur128 oversamples 4x with that filter; from 96 kHz it
    /// oversamples 2x, each output depending on 25 input frames.
    static let fourTimesOversampled = 1..<96_000
    /// An upper bound on how much the interpolator can raise a value above
    /// the largest input in its span: the sum of the absolute taps of its
    /// worst phase (1.86 for libebur128's filter), rounded up to a power of
    /// two so that dividing by it is exact.
    static let spanGain = 2.0
    /// The step of the energy profile, in milliseconds: libebur128 measures
    /// a window of whole milliseconds, `sampleRate × 10 / 1000` frames.
    static let stepMilliseconds = 10
    /// The silence measured after a clip: the loudness filter's 38 Hz
    /// high-pass rings for tens of milliseconds after the fade.
    static let ringMilliseconds = 60

    /// Measures `samples` at `sampleRate`.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libebur128
    ///   cannot measure at this rate.
    /// The corresponding C functions are `ebur128_add_frames_float`,
    /// `ebur128_loudness_window` and `ebur128_true_peak`.
    init(measuring samples: UnsafeBufferPointer<Float>, sampleRate: Int) throws(AudioError) {
        let total: Double
        (energy, total) = try Self.energyProfile(of: samples, sampleRate: sampleRate)
        loudness = Loudness.loudness(energy: total / Double(max(1, samples.count)))
        truePeakAmplitude = try Self.truePeak(of: samples, sampleRate: sampleRate)
        var edgePeak: Float = 0
        for index in 0..<min(Self.joinSpan, samples.count) {
            edgePeak = max(edgePeak, abs(samples[index]), abs(samples[samples.count - 1 - index]))
        }
        self.edgePeak = Double(edgePeak)
    }

    /// The measurement of the clip times `scale`, worked out instead of
    /// measured: the loudness filter and the true-peak interpolator are
    /// linear, so energies scale by `scale²` and peaks by `scale` (to float
    /// rounding of the scaled samples, far below what a meter shows).
    func scaled(by scale: Double) -> ClipMeasurement {
        ClipMeasurement(
            loudness: loudness + Loudness.decibels(amplitude: scale),
            truePeakAmplitude: truePeakAmplitude * scale, edgePeak: edgePeak * scale,
            energy: EnergyProfile(stepFrames: energy.stepFrames, cumulative: energy.cumulative.map { $0 * scale * scale }))
    }

    private init(loudness: Double, truePeakAmplitude: Double, edgePeak: Double, energy: EnergyProfile) {
        self.loudness = loudness
        self.truePeakAmplitude = truePeakAmplitude
        self.edgePeak = edgePeak
        self.energy = energy
    }

    /// The K-weighted energy of `samples` and the silence after them, step
    /// by step, and in all.
    private static func energyProfile(
        of samples: UnsafeBufferPointer<Float>, sampleRate: Int
    ) throws(AudioError) -> (EnergyProfile, Double) {
        let meter = try LoudnessMeter(sampleRate: sampleRate, mode: .windows)
        // A step is exactly the frames libebur128 counts in a window of
        // `stepMilliseconds`, so each window reads back one step.
        let step = max(1, sampleRate * stepMilliseconds / 1000)
        let ring = sampleRate * ringMilliseconds / 1000
        let steps = (samples.count + ring + step - 1) / step
        var padded = [Float](repeating: 0, count: step)
        var total = 0.0
        var cumulative = [Double](repeating: 0, count: steps + 1)
        for index in 0..<steps {
            let start = index * step
            if start + step <= samples.count {
                try meter.add(UnsafeBufferPointer(rebasing: samples[start..<(start + step)]))
            } else {
                // The last part of the clip and the silence after it.
                let available = max(0, samples.count - start)
                padded.withUnsafeMutableBufferPointer { padded in
                    for offset in 0..<step { padded[offset] = offset < available ? samples[start + offset] : 0 }
                }
                try meter.add(padded)
            }
            total += try meter.energy(ofLast: stepMilliseconds) * Double(step)
            cumulative[index + 1] = total
        }
        return (EnergyProfile(stepFrames: step, cumulative: cumulative), total)
    }

    /// The true peak of `samples` with silence around them, as libebur128
    /// measures it, as a linear amplitude.
    ///
    /// Oversampling is by far the most expensive part of libebur128 (about
    /// 50 ns a sample), and only stretches near the loudest samples can hold
    /// the peak, so only they are measured. The true peak is at least the
    /// sample peak P, and a value interpolated from inputs all below
    /// P / ``spanGain`` stays below P; so only the ``joinSpan`` frames around
    /// samples of at least P / ``spanGain`` are fed to libebur128, each stretch
    /// followed by ``joinSpan`` frames of silence. Every value interpolated
    /// around such a sample then comes from the same inputs as in a full
    /// pass, and the silence between stretches, framed by samples below the
    /// bound, adds nothing above P: the result is the full pass's, to the bit.
    /// With speech that is a sixth of the samples.
    static func truePeak(of samples: UnsafeBufferPointer<Float>, sampleRate: Int) throws(AudioError) -> Double {
        var peak: Float = 0
        for sample in samples { peak = max(peak, abs(sample)) }
        let meter = try LoudnessMeter(sampleRate: sampleRate, mode: .truePeak)
        let span = joinSpan
        let silence = [Float](repeating: 0, count: span)
        guard fourTimesOversampled.contains(sampleRate), peak > 0 else {
            try meter.add(samples)
            try meter.addSilence(4 * span)
            return meter.truePeakAmplitude
        }
        let bound = peak / Float(spanGain)
        var stretch: Range<Int>?
        for index in samples.indices where abs(samples[index]) >= bound {
            let around = max(0, index - span)..<min(samples.count, index + span + 1)
            if let current = stretch, around.lowerBound <= current.upperBound + span {
                stretch = current.lowerBound..<around.upperBound
            } else {
                if let current = stretch {
                    try meter.add(UnsafeBufferPointer(rebasing: samples[current]))
                    try meter.add(silence)
                }
                stretch = around
            }
        }
        if let current = stretch {
            try meter.add(UnsafeBufferPointer(rebasing: samples[current]))
            try meter.add(silence)
        }
        return meter.truePeakAmplitude
    }
}
