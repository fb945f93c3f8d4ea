/// The gains of a fade-in, applied at both ends of a clip: the server
/// computes them (a raised cosine), a device voice pack carries them, and
/// both apply them here, so the faded samples are the same bits.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package struct FadeCurve: Sendable {
    /// The gains of a fade-in, rising from near 0 to near 1.
    package let gains: [Float]

    package init(gains: [Float]) {
        self.gains = gains
    }

    /// The fade's length in frames.
    package var frames: Int { gains.count }

    /// Fades the first ``frames`` samples of `samples` in and the last ones
    /// out; a buffer shorter than two fades gets shorter fades.
    package func apply(to samples: UnsafeMutableBufferPointer<Float>) {
        let count = samples.count
        let length = min(frames, count / 2)
        guard length > 0 else { return }
        // A shortened fade uses every (frames / length)-th gain, so it still
        // runs from 0 to 1.
        let step = Double(frames) / Double(length)
        gains.withUnsafeBufferPointer { gains in
            for index in 0..<length {
                let gain = gains[min(frames - 1, Int(Double(index) * step + step / 2))]
                samples[index] *= gain
                samples[count - 1 - index] *= gain
            }
        }
    }
}
