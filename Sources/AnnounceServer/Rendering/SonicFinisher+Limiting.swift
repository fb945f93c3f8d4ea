import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension SonicFinisher {
    /// Limits `samples` (joined, perhaps sped up) to the true-peak ceiling
    /// at the gain that brings them to the loudness target, measuring the
    /// result with libebur128; corrected by how far that misses the target,
    /// the pass closest to it kept. For audio whose clips cannot be
    /// limited one by one; `integrated` is the loudness of `samples`.
    /// - Throws: ``AudioError`` when libebur128 cannot measure.
    func limit(_ samples: inout [Float], integrated: Double, truePeak: Double) throws(AudioError) -> (Joiner.Normalization, limiting: Double) {
        let rate = settings.rate
        let target = settings.loudnessTarget
        let limiter = Limiter(sampleRate: rate, ceiling: settings.truePeakCeiling)
        var search = GainSearch(target: target, step: 0, tolerance: 0.01, maximum: joiner.maximumLimiterGain(truePeak: truePeak))
        var gain = search.onGrid(target - integrated)
        var best: (samples: [Float], normalization: Joiner.Normalization, reduction: Double)?
        for _ in 0..<Joiner.limiterPasses {
            let limiting = try samples.withUnsafeBufferPointer { samples throws(AudioError) in
                try limiter.limit(samples, scale: Decibels.scale(gain))
            }
            let (limited, reduction) = (limiting.samples, limiting.reduction)
            let measured = try Loudness(measuring: AudioBuffer(sampleRate: rate, samples: limited))
            let normalization = Joiner.Normalization(integrated: measured.integrated, truePeak: measured.truePeak, gain: gain)
            if best.map({ abs(measured.integrated - target) < abs($0.normalization.integrated - target) }) ?? true {
                best = (limited, normalization, reduction)
            }
            // A hundredth of a LU is as close as the measurement is useful.
            guard let next = search.next(after: gain, gave: measured.integrated) else { break }
            gain = next
        }
        guard let best else { return (Joiner.Normalization(integrated: integrated, truePeak: -.infinity, gain: 0), 0) }
        samples = best.samples
        return (best.normalization, best.reduction)
    }
}
