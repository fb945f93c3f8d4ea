/// The most gain each frame of a signal may get so that its true peak stays
/// at or below an aim: what the ``Limiter`` must not exceed.
///
/// The true peak is libebur128's, 4x oversampled. libebur128 reports the
/// largest oversampled value of each call that adds frames, so the signal
/// is fed in chunks of ``chunkFrames`` and each chunk's peak is charged to
/// every frame within ``ClipMeasurement/joinSpan`` of it: the interpolator
/// delays its output by about 6 frames and spreads each input over 13, so
/// the frames around a peak, not only those of the chunk, carry it.
///
/// As in ``ClipMeasurement/truePeak(of:sampleRate:)``, only the stretches
/// around samples of at least aim / ``ClipMeasurement/spanGain`` are
/// oversampled, each followed by silence: elsewhere no interpolated value
/// can reach the aim, and the gain may stay 1.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

struct TruePeakNeeds {
    /// Frames fed to libebur128 per call: the resolution of the needs.
    static let chunkFrames = 8

    /// The largest gain of each frame, at most 1.
    package let gains: [Float]

    /// The needs of `samples` times `scale` against a true peak of `aim`
    /// (a linear amplitude) at `sampleRate`.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libebur128
    ///   cannot measure at the rate.
    /// The corresponding C functions are `ebur128_add_frames_float` and
    /// `ebur128_prev_true_peak`.
    init(_ samples: UnsafeBufferPointer<Float>, scale: Float, aim: Double, sampleRate: Int) throws(AudioError) {
        var gains = [Float](repeating: 1, count: samples.count)
        let count = samples.count
        let reach = Double(scale) > 0 ? aim / Double(scale) : .infinity
        let span = ClipMeasurement.joinSpan
        let bound = Float(reach / ClipMeasurement.spanGain)
        let oversampledEverywhere = !ClipMeasurement.fourTimesOversampled.contains(sampleRate)
        let meter = try LoudnessMeter(sampleRate: sampleRate, mode: .truePeak)
        var chunk = [Float](repeating: 0, count: Self.chunkFrames)

        /// Charges the true peak of each chunk of `range` to the frames
        /// around it, then flushes the interpolator with silence (whose
        /// output still belongs to the end of `range`).
        func measure(_ range: Range<Int>) throws(AudioError) {
            var start = range.lowerBound
            while start < range.upperBound + span {
                let end = min(start + Self.chunkFrames, range.upperBound + span)
                // One call per chunk: libebur128 reports the peak of the
                // last call only.
                for offset in 0..<(end - start) {
                    let frame = start + offset
                    chunk[offset] = frame < range.upperBound ? samples[frame] : 0
                }
                let filled = end - start
                try chunk.withUnsafeBufferPointer { chunk throws(AudioError) in
                    try meter.add(UnsafeBufferPointer(rebasing: chunk[0..<filled]))
                }
                let peak = meter.previousTruePeakAmplitude
                if peak > reach {
                    let gain = Float(reach / peak)
                    for frame in max(0, start - span)..<min(count, end + span) where gains[frame] > gain {
                        gains[frame] = gain
                    }
                }
                start = end
            }
        }

        if oversampledEverywhere || !(bound > 0) {
            try measure(0..<count)
        } else {
            var stretch: Range<Int>?
            for index in 0..<count where abs(samples[index]) >= bound {
                let around = max(0, index - span)..<min(count, index + span + 1)
                if let current = stretch, around.lowerBound <= current.upperBound + span {
                    stretch = current.lowerBound..<around.upperBound
                } else {
                    if let current = stretch { try measure(current) }
                    stretch = around
                }
            }
            if let current = stretch { try measure(current) }
        }
        self.gains = gains
    }
}
