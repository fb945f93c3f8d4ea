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
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package struct Limiter: Sendable {
    /// How long before a peak the gain starts going down, seconds.
    package static let lookAhead = 0.005
    /// The time constant of the gain's return to 1 after a peak, seconds:
    /// 86 % of the way back within 100 ms.
    package static let release = 0.05
    /// How far below the true-peak ceiling the limiter aims, dB: other
    /// meters oversample differently (ffmpeg's reads up to 0.04 dB above
    /// libebur128 on speech), and 16-bit rounding adds a little.
    package static let margin = 0.1
    /// The most the renderer lets the limiter lower a peak, in dB: beyond
    /// this, speech sounds squashed, so audio that would need more stays
    /// below the loudness target instead, with its peaks lowered by about
    /// this much. Speech clips, 11 to 18 dB from peak to RMS, need up to
    /// about 4 dB at -16 LUFS and -1 dBTP.
    package static let maximumReduction = 6.0
    /// Attempts at meeting the aim before the whole result is scaled down.
    package static let attempts = 4

    /// The output rate.
    package let sampleRate: Int
    /// The highest true peak of the result, dBTP.
    package let aim: Double

    /// A limiter for audio at `sampleRate` written with a true-peak
    /// `ceiling` in dBTP: it aims ``margin`` below it.
    package init(sampleRate: Int, ceiling: Double) {
        self.sampleRate = sampleRate
        self.aim = ceiling - Self.margin
    }

    /// `samples` times `scale` under the smooth gain curve of `needs`
    /// (``TruePeakNeeds`` on the server, a device voice pack on the phone),
    /// then times `down` (1 but where the aim was not met after every
    /// attempt); with the largest gain reduction in dB.
    ///
    /// The one place limited samples are made: the server's limiter and the
    /// phone's renderer both call it, so equal needs give equal samples.
    package func shaped(
        _ samples: UnsafeBufferPointer<Float>, scale: Float, needs: [Float], down: Float = 1
    ) -> (samples: [Float], reduction: Double) {
        let gains = gainCurve(needs)
        var limited = Self.apply(gains, to: samples, scale: scale)
        var reduction = -Decibels.decibels(amplitude: Double(gains.min() ?? 1))
        if down != 1 {
            for index in limited.indices { limited[index] *= down }
            reduction -= Decibels.decibels(amplitude: Double(down))
        }
        return (limited, reduction)
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
    package func gainCurve(_ needs: [Float]) -> [Float] {
        let count = needs.count
        let length = max(1, Int((Self.lookAhead * Double(sampleRate)).rounded()))
        guard needs.contains(where: { $0 < 1 }) else { return [Float](repeating: 1, count: count) }
        // Frames -length ..< count, as index + length: silence before the
        // samples needs nothing.
        let padded = [Float](repeating: 1, count: length) + needs
        let hold = Self.slidingMinimum(padded, window: length)
        let recovery = PortableMath.exp(-1 / (Self.release * Double(sampleRate)))
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
    package static func slidingMinimum(_ values: [Float], window: Int) -> [Float] {
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
    package static func apply(_ gains: [Float], to samples: UnsafeBufferPointer<Float>, scale: Float) -> [Float] {
        [Float](unsafeUninitializedCapacity: samples.count) { output, initialized in
            for index in 0..<samples.count {
                let scaled = samples[index] * scale
                output[index] = gains[index] == 1 ? scaled : scaled * gains[index]
            }
            initialized = samples.count
        }
    }
}
