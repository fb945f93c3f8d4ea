#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A look-ahead true-peak limiter: scales samples by a gain and lowers that
/// gain smoothly, only around the peaks that would pass the ceiling.
///
/// Speech clips peak 11 to 18 dB above their RMS, so at -16 LUFS their
/// loudest syllables would pass -1 dBTP by up to a few dB. Lowering the
/// whole announcement until they fit leaves it near -18 LUFS; the limiter
/// lowers only those syllables.
///
/// Where the true peak would pass ``aim``, found with libebur128's 4x
/// oversampling (``TruePeakNeeds``), the gain goes down linearly over the
/// ``lookAhead`` before the peak (the attack) and comes back up
/// exponentially with the time constant ``release`` after it: no step in
/// the gain, so nothing clicks, and the ramp is slow against the pitch of
/// the voice, so it does not distort it. Where no peak passes, the gain is
/// exactly 1 and the samples are exactly `sample × scale`.
///
/// The limited samples are measured again with libebur128; should the
/// smoothing let a peak stay above ``aim`` (the interpolator sees the gain
/// change across its 13 frames), the aim is lowered by the excess and the
/// samples made again. The result measures at most ``aim`` dBTP, to a
/// hundredth of a dB.
struct Limiter {
    /// How long before a peak the gain starts going down, seconds.
    static let lookAhead = 0.005
    /// The time constant of the gain's return to 1 after a peak, seconds:
    /// 86 % of the way back within 100 ms.
    static let release = 0.05
    /// How far below the true-peak ceiling the limiter aims, dB: other
    /// meters oversample differently (ffmpeg's reads up to 0.04 dB above
    /// libebur128 on speech), and 16-bit rounding adds a little.
    static let margin = 0.1
    /// The most the renderer lets the limiter lower a peak, dB
    /// (``Renderer/maximumLimiting``).
    static let maximumReduction = Renderer.maximumLimiting
    /// Attempts at meeting the aim before the whole result is scaled down.
    static let attempts = 4

    /// The output rate.
    let sampleRate: Int
    /// The highest true peak of the result, dBTP.
    let aim: Double

    /// A limiter for audio at `sampleRate` written with a true-peak
    /// `ceiling` in dBTP: it aims ``margin`` below it.
    init(sampleRate: Int, ceiling: Double) {
        self.sampleRate = sampleRate
        self.aim = ceiling - Self.margin
    }

    /// `samples` times `scale`, limited, with the true peak of the result as
    /// a linear amplitude and the largest gain reduction in dB (0 when no
    /// peak passed ``aim``). `measure` gives the true peak of a result
    /// (libebur128, silence around it by default); its last call is on the
    /// samples returned, so a caller measuring more there measures once.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libebur128
    ///   cannot measure at the rate, or what `measure` throws.
    func limit(
        _ samples: UnsafeBufferPointer<Float>, scale: Float,
        measure: ((UnsafeBufferPointer<Float>) throws(AudioError) -> Double)? = nil
    ) throws(AudioError) -> (samples: [Float], truePeak: Double, reduction: Double) {
        let rate = sampleRate
        func truePeak(of samples: [Float]) throws(AudioError) -> Double {
            try samples.withUnsafeBufferPointer { samples throws(AudioError) in
                if let measure { return try measure(samples) }
                return try ClipMeasurement.truePeak(of: samples, sampleRate: rate)
            }
        }
        let target = Loudness.amplitude(decibels: aim)
        var aimed = target
        var best: (samples: [Float], truePeak: Double, reduction: Double)?
        for _ in 0..<Self.attempts {
            let needs = try TruePeakNeeds(samples, scale: scale, aim: aimed, sampleRate: sampleRate)
            let gains = gainCurve(needs.gains)
            let limited = Self.apply(gains, to: samples, scale: scale)
            let peak = try truePeak(of: limited)
            let reduction = -Loudness.decibels(amplitude: Double(gains.min() ?? 1))
            best = (limited, peak, reduction)
            // A hundredth of a dB over counts as met: the next attempt would
            // change the samples by less than 16-bit rounding does.
            guard peak > target * 1.001 else { return (limited, peak, reduction) }
            aimed *= target / peak
        }
        // Not met after every attempt (not seen with speech): the whole
        // result comes down by the excess, which keeps the ceiling.
        guard var (limited, peak, reduction) = best else { return ([], 0, 0) }
        let down = Float(target / peak)
        for index in limited.indices { limited[index] *= down }
        reduction -= Loudness.decibels(amplitude: Double(down))
        peak = try truePeak(of: limited)
        return (limited, peak, reduction)
    }

    /// The smooth gain under `needs`, the most gain each frame may have:
    /// never above it, 1 wherever the needs within ``lookAhead`` after and
    /// the release before allow it.
    ///
    /// With L frames of look-ahead, `hold[p]` is the least need in frames
    /// p ..< p + L; the release lets it rise back slowly; the gain of frame
    /// n is the mean of the held values of frames n - L + 1 ... n. Each of
    /// those covers frame n, so the mean stays under frame n's need, and a
    /// mean of L values moves linearly over L frames.
    func gainCurve(_ needs: [Float]) -> [Float] {
        let count = needs.count
        let length = max(1, Int((Self.lookAhead * Double(sampleRate)).rounded()))
        guard needs.contains(where: { $0 < 1 }) else { return [Float](repeating: 1, count: count) }
        // Frames -length ..< count, as index + length: silence before the
        // samples needs nothing.
        let padded = [Float](repeating: 1, count: length) + needs
        let hold = Self.slidingMinimum(padded, window: length)
        let recovery = exp(-1 / (Self.release * Double(sampleRate)))
        // Deficits (1 - gain) in Double: a run of deficits of exactly 0
        // sums to exactly 0, so untouched frames get a gain of exactly 1.
        var deficits = [Double](repeating: 0, count: padded.count)
        var previous = 0.0
        for index in padded.indices {
            let released = previous * recovery
            // The release would never reach 0 exactly; below 1e-4 (a
            // thousandth of a dB) it is inaudible, and the mean below
            // smooths the last step.
            previous = max(Double(1 - hold[index]), released < 1e-4 ? 0 : released)
            deficits[index] = previous
        }
        var gains = [Float](repeating: 1, count: count)
        var sum = 0.0
        for index in 0..<padded.count {
            sum += deficits[index]
            if index >= length { sum -= deficits[index - length] }
            // Frame `index - length` of the samples averages the held values
            // of padded frames index - length + 1 ... index.
            let frame = index - length
            if frame >= 0 {
                // Guard against sums that cancel to a tiny negative value.
                let mean = sum <= 0 ? 0 : sum / Double(length)
                gains[frame] = mean == 0 ? 1 : min(needs[frame], Float(1 - mean))
            }
        }
        return gains
    }

    /// The least value of `values[p ..< p + window]` for every p (the window
    /// cut at the end): a monotonic queue, one pass.
    static func slidingMinimum(_ values: [Float], window: Int) -> [Float] {
        var result = [Float](repeating: 1, count: values.count)
        var queue = [Int](repeating: 0, count: values.count)
        var head = 0
        var tail = 0
        // Walks backwards: the window of p starts at p.
        for index in values.indices.reversed() {
            while tail > head && values[queue[tail - 1]] >= values[index] { tail -= 1 }
            queue[tail] = index
            tail += 1
            while queue[head] >= index + window { head += 1 }
            result[index] = values[queue[head]]
        }
        return result
    }

    /// `samples` times `scale` times each frame's gain; exactly
    /// `sample × scale` where the gain is 1.
    static func apply(_ gains: [Float], to samples: UnsafeBufferPointer<Float>, scale: Float) -> [Float] {
        [Float](unsafeUninitializedCapacity: samples.count) { output, initialized in
            for index in 0..<samples.count {
                let scaled = samples[index] * scale
                output[index] = gains[index] == 1 ? scaled : scaled * gains[index]
            }
            initialized = samples.count
        }
    }
}
