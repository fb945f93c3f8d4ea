import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A raised-cosine fade: starts and ends with zero slope, so neither the
/// edge of a clip nor the end of the fade is heard as a click.
package struct Fade {
    /// The gains of a fade-in, rising from near 0 to near 1.
    package let gains: [Float]

    /// A fade of `frames` frames.
    package init(frames: Int) {
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
    /// out (``FadeCurve/apply(to:)``, which the phone runs too).
    package func apply(to samples: UnsafeMutableBufferPointer<Float>) {
        FadeCurve(gains: gains).apply(to: samples)
    }
}
