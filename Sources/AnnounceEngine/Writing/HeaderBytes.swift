/// The header of a sound file, laid out front to back: chunk markers, and
/// integers in the byte order the container asks for.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

struct HeaderBytes {
    private(set) var bytes: [UInt8] = []

    /// A four-character code such as `RIFF` or `data`.
    mutating func marker(_ code: StaticString) {
        assert(code.utf8CodeUnitCount == 4 && code.isASCII, "a chunk marker is four ASCII characters")
        bytes.append(contentsOf: UnsafeBufferPointer(start: code.utf8Start, count: code.utf8CodeUnitCount))
    }

    /// `value`, most significant byte first (CAF, AIFF).
    mutating func bigEndian<Value: FixedWidthInteger>(_ value: Value) {
        for shift in stride(from: Value.bitWidth - 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// `value`, least significant byte first (WAV).
    mutating func littleEndian<Value: FixedWidthInteger>(_ value: Value) {
        for shift in stride(from: 0, to: Value.bitWidth, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// `count` zero bytes.
    mutating func zeros(_ count: Int) {
        bytes.append(contentsOf: repeatElement(0, count: count))
    }
}
