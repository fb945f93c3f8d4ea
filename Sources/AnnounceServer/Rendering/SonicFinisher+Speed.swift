import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension SonicFinisher {
    /// How many times libsonic is asked before giving up: its output length
    /// is not exactly `count / speed`, so a first try can miss by a few
    /// pitch periods and the speed is nudged up.
    static let speedAttempts = 6

    /// `samples` sped up by the smallest factor that fits `limit` frames,
    /// with the factor used.
    /// - Throws: ``AudioError`` of kind `overBudget` when even
    ///   ``RenderSettings/maxSpeed`` is not fast enough.
    func speedUp(_ samples: [Float], toFit limit: Int, fade: Fade) throws(AudioError) -> ([Float], Double) {
        let rate = settings.rate
        let maxSpeed = settings.maxSpeed
        // libsonic's output can miss its length by a pitch period; a few ms
        // over is cut from the end of the last clip's tail instead.
        let slack = max(1, rate / 200)
        try joiner.checkReachable(frames: samples.count, limit: limit)
        var speed = min(maxSpeed, Double(samples.count) / Double(limit))
        for _ in 0..<Self.speedAttempts {
            var output = try SonicStream(sampleRate: rate, speed: speed).process(samples)
            if output.count <= limit {
                return (output, speed)
            }
            if output.count - limit <= slack {
                output.removeLast(output.count - limit)
                output.withUnsafeMutableBufferPointer { output in
                    let tail = min(fade.frames, output.count)
                    fadeOut(UnsafeMutableBufferPointer(rebasing: output[(output.count - tail)...]), fade: fade)
                }
                return (output, speed)
            }
            guard speed < maxSpeed else {
                throw joiner.overBudget(needing: Double(output.count))
            }
            speed = min(maxSpeed, speed * Double(output.count) / Double(limit) * 1.0005)
        }
        throw joiner.overBudget(needing: Double(samples.count) / maxSpeed)
    }

    /// Fades `samples` out along `fade`'s curve fitted to their length, so
    /// a cut end goes to silence without a click.
    private func fadeOut(_ samples: UnsafeMutableBufferPointer<Float>, fade: Fade) {
        let count = samples.count
        guard count > 0, fade.frames > 0 else { return }
        let step = Double(fade.frames) / Double(count)
        fade.gains.withUnsafeBufferPointer { gains in
            for index in 0..<count {
                let gain = gains[min(gains.count - 1, Int(Double(count - 1 - index) * step + step / 2))]
                samples[index] *= gain
            }
        }
    }
}
