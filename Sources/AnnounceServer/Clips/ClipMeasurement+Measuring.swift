import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension ClipMeasurement {
    /// Measures `samples` at `sampleRate`.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libebur128
    ///   cannot measure at this rate.
    /// The corresponding C functions are `ebur128_add_frames_float`,
    /// `ebur128_loudness_window` and `ebur128_true_peak`.
    package init(measuring samples: UnsafeBufferPointer<Float>, sampleRate: Int) throws(AudioError) {
        let (energy, total) = try Self.energyProfile(of: samples, sampleRate: sampleRate)
        var edgePeak: Float = 0
        for index in 0..<min(Self.joinSpan, samples.count) {
            edgePeak = max(edgePeak, abs(samples[index]), abs(samples[samples.count - 1 - index]))
        }
        self.init(
            loudness: Decibels.loudness(energy: total / Double(max(1, samples.count))),
            truePeakAmplitude: try Self.truePeak(of: samples, sampleRate: sampleRate), edgePeak: Double(edgePeak),
            energy: energy)
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
            // Kept to a float's precision (a millionth of a dB of
            // loudness, far below what BS.1770 resolves), which halves a
            // device voice pack, where every limited clip carries one.
            cumulative[index + 1] = Double(Float(total))
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
