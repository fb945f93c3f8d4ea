/// G.711 µ-law and A-law, one byte a sample, computed the way libsndfile
/// computes them, so the phone's files match the server's byte for byte.
///
/// libsndfile looks each sample up in a table by its magnitude: a 16-bit
/// sample divided by 4 (µ-law) or 16 (A-law), rounded towards zero; a float
/// times 32767/4 or 32767/16, rounded to the nearest (ties to even). A
/// negative sample gets the positive code with the sign bit cleared, so a
/// float that rounds to 0 keeps its sign (-0.0 counts as positive). The
/// tables here are built from the G.711 segment rule, not copied.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package enum G711 {
    /// The µ-law code of a 16-bit sample.
    package static func ulaw(_ sample: Int16) -> UInt8 {
        code(Int(sample), divisor: 4, from: ulawCodes)
    }

    /// The A-law code of a 16-bit sample.
    package static func alaw(_ sample: Int16) -> UInt8 {
        code(Int(sample), divisor: 16, from: alawCodes)
    }

    /// The µ-law code of a float sample, clipped first (see
    /// ``SoundFileEncoder/clipped(_:)``).
    package static func ulaw(_ sample: Float) -> UInt8 {
        code(sample, scale: 32_767.0 / 4, from: ulawCodes)
    }

    /// The A-law code of a float sample, clipped first (see
    /// ``SoundFileEncoder/clipped(_:)``).
    package static func alaw(_ sample: Float) -> UInt8 {
        code(sample, scale: 32_767.0 / 16, from: alawCodes)
    }

    /// The positive code of each µ-law magnitude, 0 ... 8192 (a 16-bit
    /// sample's magnitude over 4).
    private static let ulawCodes: [UInt8] = (0...8_192).map(ulawCode(magnitude:))

    /// The positive code of each A-law magnitude, 0 ... 2048 (a 16-bit
    /// sample's magnitude over 16).
    private static let alawCodes: [UInt8] = (0...2_048).map(alawCode(magnitude:))

    private static func code(_ sample: Int, divisor: Int, from codes: [UInt8]) -> UInt8 {
        sample >= 0 ? codes[sample / divisor] : codes[-sample / divisor] & 0x7F
    }

    private static func code(_ sample: Float, scale: Float, from codes: [UInt8]) -> UInt8 {
        let clipped = SoundFileEncoder.clipped(sample)
        // |clipped × scale| ≤ scale, which rounds to the last entry at most.
        let magnitude = Int((scale * clipped).rounded(.toNearestOrEven)).magnitude
        return clipped >= 0 ? codes[Int(magnitude)] : codes[Int(magnitude)] & 0x7F
    }

    /// G.711 µ-law of a 14-bit magnitude: biased by 33, its segment is where
    /// its top bit lies (bit 5 → 0 ... bit 12 → 7), its mantissa the four
    /// bits below that; the code is the complement, so positive codes have
    /// the sign bit set. Magnitudes past the last segment get its largest
    /// code.
    private static func ulawCode(magnitude: Int) -> UInt8 {
        let biased = min(magnitude + 33, 0x1FFF)
        let segment = topBit(biased) - 5
        let mantissa = (biased >> (segment + 1)) & 0xF
        return ~UInt8(segment << 4 | mantissa)
    }

    /// G.711 A-law of a 12-bit magnitude: magnitudes below 32 in segments 0
    /// and 1 with their low four bits, then one segment per bit (bit 5 → 2
    /// ... bit 10 → 7), its mantissa the four bits below the top one; the
    /// code has every other bit inverted (0xD5 for positive samples).
    /// Magnitudes past the last segment get the largest code.
    private static func alawCode(magnitude: Int) -> UInt8 {
        guard magnitude < 2_048 else { return 0x7F ^ 0xD5 }
        let segment = magnitude < 16 ? 0 : topBit(magnitude) - 3
        let mantissa = segment < 2 ? magnitude & 0xF : (magnitude >> (segment - 1)) & 0xF
        return UInt8(segment << 4 | mantissa) ^ 0xD5
    }

    /// The position of the highest set bit of a positive `value`.
    private static func topBit(_ value: Int) -> Int {
        Int.bitWidth - 1 - value.leadingZeroBitCount
    }
}
