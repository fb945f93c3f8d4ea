/// Float samples to 16-bit integers, exactly as libsndfile converts floats
/// with clipping on: scaled to 32 bits (times 2^31, clipped, rounded to the
/// nearest, ties to even), then the upper 16 bits; NaN becomes 0.
///
/// A loop of plain float operations, which the compiler vectorises, is about
/// three times as fast as libsndfile's per-sample conversion, and
/// `sf_writef_short` hands the samples to a 16-bit PCM file in one write; the
/// bytes are the same (the formula below was checked against the 32-bit one
/// for every float, and libsndfile's on a million).
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package enum PCM16 {
    /// `samples`, each times `scale`, as 16-bit integers.
    package static func samples(_ samples: [Float], scale: Float = 1) -> [Int16] {
        [Int16](unsafeUninitializedCapacity: samples.count) { output, initialized in
            samples.withUnsafeBufferPointer { samples in
                guard let target = output.baseAddress else { return }
                convert(samples, scale: scale, into: target)
            }
            initialized = samples.count
        }
    }

    /// Converts `samples`, each times `scale` (rounded to a float first, as a
    /// gain applied to float samples is), into `output`, which has room for
    /// them all. Scaling by 1 changes nothing.
    package static func convert(_ samples: UnsafeBufferPointer<Float>, scale: Float, into output: UnsafeMutablePointer<Int16>) {
        // The upper 16 bits of x × 2^31 rounded is floor(y + 2^-17) for
        // y = x × 2^15: rounding at 32 bits first moves values just below an
        // integer (by at most half a 32-bit step) up to it. With r = y
        // rounded to the nearest integer, that floor is r - 1 exactly when
        // r - y > 2^-17 (r - y is exact, and for |y| ≥ 128, where floats are
        // 2^-16 apart, the same as r > y).
        let threshold: Float = 1.0 / 131_072
        // Adding 1.5 × 2^23 rounds a float of magnitude below 2^22 to an
        // integer in the low bits of its mantissa: no rounding instruction,
        // which the baseline x86-64 target lacks, is needed.
        let magic: Float = 12_582_912
        for index in 0..<samples.count {
            let scaled = (samples[index] * scale) * 32_768
            let finite = scaled == scaled ? scaled : 0
            let clipped = finite < 32_767 ? (finite > -32_768 ? finite : -32_768) : 32_767
            let rounded = clipped + magic
            let floored = (rounded - magic) - clipped > threshold ? rounded - 1 : rounded
            output[index] = Int16(truncatingIfNeeded: floored.bitPattern)
        }
    }
}
