/// Conversions between levels in dB and linear quantities, as BS.1770 and
/// libebur128 define them, computed with ``PortableMath`` so that the
/// server and the phone get the same bits.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package enum Decibels {
    /// BS.1770's offset between the mean square of the K-weighted signal
    /// and loudness, as libebur128 applies it.
    package static let loudnessOffset = -0.691

    /// The loudness in LUFS of a K-weighted mean square; `-infinity` for 0.
    package static func loudness(energy: Double) -> Double {
        energy > 0 ? 10 * PortableMath.log10(energy) + loudnessOffset : -.infinity
    }

    /// The K-weighted mean square of a loudness in LUFS; 0 for `-infinity`.
    package static func energy(loudness: Double) -> Double {
        loudness.isFinite ? PortableMath.pow10((loudness - loudnessOffset) / 10) : 0
    }

    /// The linear amplitude of `decibels` (dBFS, dBTP); 0 for `-infinity`.
    package static func amplitude(_ decibels: Double) -> Double {
        PortableMath.pow10(decibels / 20)
    }

    /// `amplitude` in dB (dBFS, dBTP); `-infinity` for 0.
    package static func decibels(amplitude: Double) -> Double {
        amplitude > 0 ? 20 * PortableMath.log10(amplitude) : -.infinity
    }

    /// The factor that applies a gain of `decibels`, as a float sample
    /// multiplier.
    package static func scale(_ decibels: Double) -> Float {
        Float(amplitude(decibels))
    }
}
