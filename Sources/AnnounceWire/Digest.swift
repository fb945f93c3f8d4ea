import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A 64-bit FNV-1a digest with a final mix: stable across runs and machines
/// (unlike `Hasher`), for content-derived file names. Not cryptographic.
package struct Digest: Sendable {
    package private(set) var state: UInt64 = 0xCBF2_9CE4_8422_2325

    /// A new digest.
    package init() {}

    /// A digest carried on from `state` (a device voice pack keeps the
    /// state its sound names start from).
    package init(state: UInt64) {
        self.state = state
    }

    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        feed(bytes)
        endPart()
    }

    /// Adds bytes to the current part: parts fed piece by piece digest as
    /// if added whole.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var state = self.state
        for byte in bytes {
            state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        self.state = state
    }

    package mutating func feed(_ text: String) {
        var text = text
        text.withUTF8 { feed(UnsafeRawBufferPointer($0)) }
    }

    /// Ends a part with a separator, so "ab"+"c" and "a"+"bc" differ.
    package mutating func endPart() {
        state = (state ^ 0xFF) &* 0x0000_0100_0000_01B3
    }

    package mutating func add(_ data: Data) {
        data.withUnsafeBytes { add($0) }
    }

    package mutating func add(_ text: String) {
        feed(text)
        endPart()
    }

    package mutating func add(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { add($0) }
    }

    /// The state with its bits mixed (splitmix64's finaliser).
    package var value: UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The first 8 hex digits of ``value``.
    package var hex8: String {
        let text = String(value >> 32, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}
