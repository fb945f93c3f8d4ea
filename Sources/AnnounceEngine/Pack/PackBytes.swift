import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes the little-endian fields of a device voice pack.
package struct PackWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    /// Bytes as they are, with no count before them.
    package mutating func raw(_ value: [UInt8]) { bytes.append(contentsOf: value) }

    package mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func u16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    /// `value` in 7-bit groups, low first, the high bit set on all but the
    /// last: one byte below 128.
    package mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    package mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func i32(_ value: Int32) { u32(UInt32(bitPattern: value)) }

    /// A count or size, which the pack keeps in 32 bits.
    package mutating func count(_ value: Int) { u32(UInt32(clamping: value)) }

    /// A double by its bits: read back exactly.
    package mutating func f64(_ value: Double) { u64(value.bitPattern) }

    package mutating func f32(_ value: Float) { u32(value.bitPattern) }

    package mutating func text(_ value: String) { bytes(Array(value.utf8)) }

    package mutating func bytes(_ value: [UInt8]) {
        count(value.count)
        bytes.append(contentsOf: value)
    }

    package mutating func floats(_ values: [Float]) {
        count(values.count)
        bytes.reserveCapacity(bytes.count + values.count * 4)
        for value in values { f32(value) }
    }

    package mutating func doubles(_ values: [Double]) {
        count(values.count)
        for value in values { f64(value) }
    }

    /// Overwrites 8 bytes at `offset` (the checksum, once the rest is known).
    package mutating func patch(u64 value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<(offset + 8), with: $0) }
    }
}

/// Reads the fields ``PackWriter`` writes, refusing any that runs past the
/// end: a count from a damaged pack never makes an allocation larger than
/// the pack itself. Reads from `Data`, which may map the pack's file rather
/// than copy it.
package struct PackReader {
    private let data: Data
    /// The next byte to read, from the start of `data`.
    package private(set) var offset: Int
    /// Names the pack in errors.
    package let name: String

    package init(_ data: Data, name: String, offset: Int = 0) {
        self.data = data
        self.name = name
        self.offset = offset
    }

    package var remaining: Int { data.count - offset }

    package func truncated(_ what: @autoclosure () -> String) -> PackError {
        PackError(.damaged, "\(name): the pack ends inside \(what()) (at byte \(offset) of \(data.count))")
    }

    /// Moves past `length` bytes, returning where they start.
    package mutating func skip(_ length: Int, _ what: @autoclosure () -> String) throws(PackError) -> Int {
        guard length >= 0, length <= remaining else { throw truncated(what()) }
        defer { offset += length }
        return offset
    }

    /// Reads `body` from the `length` bytes at the current offset, where
    /// they are: a mapped pack's bytes are not copied.
    package mutating func read<T>(_ length: Int, _ what: @autoclosure () -> String, _ body: (UnsafeRawBufferPointer) -> T) throws(PackError) -> T {
        let start = try skip(length, what())
        return data.withUnsafeBytes { raw in
            body(UnsafeRawBufferPointer(rebasing: raw[(raw.startIndex + start)..<(raw.startIndex + start + length)]))
        }
    }

    package mutating func u32(_ what: @autoclosure () -> String) throws(PackError) -> UInt32 {
        try read(4, what()) { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
    }

    package mutating func u16(_ what: @autoclosure () -> String) throws(PackError) -> UInt16 {
        try read(2, what()) { UInt16(littleEndian: $0.loadUnaligned(as: UInt16.self)) }
    }

    /// What ``PackWriter/varint(_:)`` wrote; at most 10 bytes.
    package mutating func varint(_ what: @autoclosure () -> String) throws(PackError) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 70, by: 7) {
            let byte = try read(1, what()) { $0[0] }
            guard shift < 63 || byte <= 1 else { break }
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte < 0x80 { return value }
        }
        throw PackError(.damaged, "\(name): \(what()) holds a number longer than 64 bits")
    }

    package mutating func u64(_ what: @autoclosure () -> String) throws(PackError) -> UInt64 {
        try read(8, what()) { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    }

    package mutating func i32(_ what: @autoclosure () -> String) throws(PackError) -> Int32 { Int32(bitPattern: try u32(what())) }

    /// A count of items of `itemSize` bytes each that must all be there.
    package mutating func count(_ what: @autoclosure () -> String, itemSize: Int = 1) throws(PackError) -> Int {
        let count = Int(try u32(what()))
        guard count <= remaining / max(1, itemSize) else { throw truncated(what()) }
        return count
    }

    package mutating func f64(_ what: @autoclosure () -> String) throws(PackError) -> Double { Double(bitPattern: try u64(what())) }

    package mutating func f32(_ what: @autoclosure () -> String) throws(PackError) -> Float { Float(bitPattern: try u32(what())) }

    package mutating func text(_ what: @autoclosure () -> String) throws(PackError) -> String {
        let bytes = try self.bytes(what())
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding replaces invalid UTF-8; a round trip tells.
        guard text.utf8.elementsEqual(bytes) else { throw PackError(.damaged, "\(name): \(what()) is not UTF-8") }
        return text
    }

    package mutating func bytes(_ what: @autoclosure () -> String) throws(PackError) -> [UInt8] {
        let length = try count(what())
        return try read(length, what()) { Array($0) }
    }

    package mutating func floats(_ what: @autoclosure () -> String) throws(PackError) -> [Float] {
        let count = try self.count(what(), itemSize: 4)
        return try read(count * 4, what()) { raw in
            [Float](unsafeUninitializedCapacity: count) { output, initialized in
                for item in 0..<count {
                    output[item] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: item * 4, as: UInt32.self)))
                }
                initialized = count
            }
        }
    }

    package mutating func doubles(_ what: @autoclosure () -> String) throws(PackError) -> [Double] {
        let count = try self.count(what(), itemSize: 8)
        return try read(count * 8, what()) { raw in
            [Double](unsafeUninitializedCapacity: count) { output, initialized in
                for item in 0..<count {
                    output[item] = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: item * 8, as: UInt64.self)))
                }
                initialized = count
            }
        }
    }

    /// The FNV digest of every byte from `start` to the end.
    package func digest(from start: Int) -> UInt64 {
        var digest = Digest()
        data.withUnsafeBytes { raw in
            digest.feed(UnsafeRawBufferPointer(rebasing: raw[(raw.startIndex + min(start, raw.count))...]))
        }
        return digest.value
    }
}
