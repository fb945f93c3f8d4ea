/// Apple's IMA4 (IMA ADPCM in AIFF-C), encoded the way libsndfile encodes
/// it, so the phone's files match the server's byte for byte.
///
/// Every packet holds 64 samples in 34 bytes: two bytes of state (the
/// predictor's top nine bits and the step index), then a 4-bit code per
/// sample, the first of each pair in the low half of its byte. The encoder
/// keeps its full 16-bit predictor from packet to packet. A last, partial
/// packet is filled out with the samples at the same places of the packet
/// before it (zeros when there is none): libsndfile encodes its packet
/// buffer as it stands.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package enum IMA4 {
    /// The samples in a packet.
    package static let framesPerPacket = 64
    /// The bytes of a packet.
    package static let bytesPerPacket = 34

    /// The number of packets `frames` samples take.
    static func packets(frames: Int) -> Int {
        frames / framesPerPacket + (frames % framesPerPacket == 0 ? 0 : 1)
    }

    /// A float sample as the 16-bit sample libsndfile encodes: clipped (see
    /// ``SoundFileEncoder/clipped(_:)-(Float)``), times 32767, rounded to
    /// the nearest (ties to even).
    package static func sample(_ sample: Float) -> Int16 {
        Int16((32_767 * SoundFileEncoder.clipped(sample)).rounded(.toNearestOrEven))
    }

    /// Encodes `samples` into `data`, which has room for exactly
    /// ``packets(frames:)`` packets and holds zeros.
    static func encode(_ samples: UnsafeBufferPointer<Int16>, into data: UnsafeMutableBufferPointer<UInt8>) {
        var encoder = Encoder()
        var packet = [Int16](repeating: 0, count: framesPerPacket)
        for (index, start) in stride(from: 0, to: samples.count, by: framesPerPacket).enumerated() {
            let end = min(start + framesPerPacket, samples.count)
            for offset in 0..<(end - start) { packet[offset] = samples[start + offset] }
            encoder.encode(packet, into: UnsafeMutableBufferPointer(rebasing: data[(index * bytesPerPacket)...]))
        }
    }

    /// The predictor and step index, carried from sample to sample.
    private struct Encoder {
        var predictor = 0
        var stepIndex = 0

        /// Writes one packet of 64 samples into the first 34 bytes of
        /// `bytes`.
        mutating func encode(_ packet: [Int16], into bytes: UnsafeMutableBufferPointer<UInt8>) {
            bytes[0] = UInt8(truncatingIfNeeded: predictor >> 8)
            bytes[1] = UInt8(truncatingIfNeeded: predictor & 0x80 | stepIndex & 0x7F)
            for (index, sample) in packet.enumerated() {
                let code = encode(Int(sample))
                bytes[2 + index / 2] |= code << (index % 2 * 4)
            }
        }

        /// The 4-bit code of `sample` (sign, then three bits of the
        /// difference in steps of half the step size), moving the predictor
        /// by what a decoder adds for that code.
        private mutating func encode(_ sample: Int) -> UInt8 {
            var difference = sample - predictor
            var code = 0
            if difference < 0 {
                code = 8
                difference = -difference
            }
            var step = IMA4.stepSizes[stepIndex]
            var change = step >> 3
            for bit in [4, 2, 1] {
                if difference >= step {
                    code |= bit
                    difference -= step
                    change += step
                }
                step >>= 1
            }
            predictor = min(max(predictor + (code & 8 == 0 ? change : -change), -32_768), 32_767)
            stepIndex = min(max(stepIndex + IMA4.indexChanges[code & 7], 0), IMA4.stepSizes.count - 1)
            return UInt8(code)
        }
    }

    /// How the step index moves after each code's magnitude (the IMA ADPCM
    /// recommendation's table).
    private static let indexChanges = [-1, -1, -1, -1, 2, 4, 6, 8]

    /// The 89 step sizes of the IMA ADPCM recommendation.
    private static let stepSizes = [
        7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97,
        107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796,
        876, 963, 1_060, 1_166, 1_282, 1_411, 1_552, 1_707, 1_878, 2_066, 2_272, 2_499, 2_749, 3_024, 3_327, 3_660,
        4_026, 4_428, 4_871, 5_358, 5_894, 6_484, 7_132, 7_845, 8_630, 9_493, 10_442, 11_487, 12_635, 13_899, 15_289,
        16_818, 18_500, 20_350, 22_385, 24_623, 27_086, 29_794, 32_767,
    ]
}
