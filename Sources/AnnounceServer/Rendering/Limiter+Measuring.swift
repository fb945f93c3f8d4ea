import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension Limiter {
    /// What limiting one piece of audio came to: the samples, their true
    /// peak, and what made them, which is all the phone needs to make the
    /// same samples again (``shaped(_:scale:needs:down:)``).
    package struct Result {
        /// The limited samples.
        package var samples: [Float]
        /// Their true peak as a linear amplitude.
        package var truePeak: Double
        /// The largest gain reduction in dB (0 when no peak passed ``aim``).
        package var reduction: Double
        /// The needs the last attempt shaped its gain curve under.
        package var needs: [Float]
        /// The factor the last attempt's samples were scaled down by: 1
        /// unless the aim was not met after every attempt.
        package var down: Float
    }

    /// `samples` times `scale`, limited to ``aim``. `measure` gives the true
    /// peak of a result (libebur128, silence around it by default); its last
    /// call is on the samples returned, so a caller measuring more there
    /// measures once.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libebur128
    ///   cannot measure at the rate, or what `measure` throws.
    func limit(
        _ samples: UnsafeBufferPointer<Float>, scale: Float,
        measure: ((UnsafeBufferPointer<Float>) throws(AudioError) -> Double)? = nil
    ) throws(AudioError) -> Result {
        let rate = sampleRate
        func truePeak(of samples: [Float]) throws(AudioError) -> Double {
            try samples.withUnsafeBufferPointer { samples throws(AudioError) in
                if let measure { return try measure(samples) }
                return try ClipMeasurement.truePeak(of: samples, sampleRate: rate)
            }
        }
        let target = Decibels.amplitude(aim)
        var aimed = target
        var best: Result?
        for _ in 0..<Self.attempts {
            let needs = try TruePeakNeeds(samples, scale: scale, aim: aimed, sampleRate: sampleRate).gains
            let (limited, reduction) = shaped(samples, scale: scale, needs: needs)
            let peak = try truePeak(of: limited)
            let result = Result(samples: limited, truePeak: peak, reduction: reduction, needs: needs, down: 1)
            best = result
            // A hundredth of a dB over counts as met: the next attempt would
            // change the samples by less than 16-bit rounding does.
            guard peak > target * 1.001 else { return result }
            aimed *= target / peak
        }
        // Not met after every attempt (not seen with speech): the whole
        // result comes down by the excess, which keeps the ceiling.
        guard let last = best else { return Result(samples: [], truePeak: 0, reduction: 0, needs: [], down: 1) }
        let down = Float(target / last.truePeak)
        let (limited, reduction) = shaped(samples, scale: scale, needs: last.needs, down: down)
        return Result(samples: limited, truePeak: try truePeak(of: limited), reduction: reduction, needs: last.needs, down: down)
    }
}
