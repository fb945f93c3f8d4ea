#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A raised-cosine fade: starts and ends with zero slope, so neither the
/// edge of a clip nor the end of the fade is heard as a click.
struct Fade {
    /// The gains of a fade-in, rising from near 0 to near 1.
    let gains: [Float]

    /// A fade of `frames` frames.
    init(frames: Int) {
        let frames = max(0, frames)
        gains = [Float](unsafeUninitializedCapacity: frames) { gains, initialized in
            for index in 0..<frames {
                // Sample centres, so a fade of n frames is symmetric and
                // never reaches exactly 0 or 1.
                let phase = Double.pi * (Double(index) + 0.5) / Double(frames)
                gains[index] = Float(0.5 - 0.5 * cos(phase))
            }
            initialized = frames
        }
    }

    var frames: Int { gains.count }

    /// Fades the first `frames` samples of `samples` in and the last ones
    /// out; a buffer shorter than two fades gets shorter fades.
    func apply(to samples: UnsafeMutableBufferPointer<Float>) {
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
