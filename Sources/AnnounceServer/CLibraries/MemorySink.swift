import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
import CSndFile

/// Where libsndfile's virtual I/O encodes a new file: a growable block of
/// memory.
///
/// Encoding into memory first lets the caller write the whole file with one
/// `write`, and compare what a file should be with what is on disk before
/// serving a file that is already there.
package final class MemorySink {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    /// The size of the file so far.
    private var length = 0
    private var position = 0

    /// Blocks given back by spent sinks, to be written again: a fresh block
    /// of a file's size costs a page fault per 4 KiB on every file, about a
    /// fifth of a batch item's time.
    private static let spare = LockedState<[SpareBlock]>([])

    /// A block no sink owns: whoever takes it off the list owns it alone,
    /// so it may cross threads.
    private struct SpareBlock: @unchecked Sendable {
        let storage: UnsafeMutableRawPointer
        let capacity: Int
    }
    /// The most blocks kept, and the largest kept (4 MiB).
    private static let spareCount = 16
    private static let spareCapacity = 4 << 20

    /// A sink with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        let needed = max(capacity, 64)
        if let block = Self.spare.withLock({ $0.popLast() }) {
            storage = block.storage
            self.capacity = block.capacity
            if block.capacity < needed { grow(to: needed) }
        } else {
            self.capacity = needed
            storage = .allocate(byteCount: needed, alignment: 16)
        }
    }

    deinit {
        let kept = capacity <= Self.spareCapacity && Self.spare.withLock { spare in
            guard spare.count < Self.spareCount else { return false }
            spare.append(SpareBlock(storage: storage, capacity: capacity))
            return true
        }
        if !kept { storage.deallocate() }
    }

    /// Runs `body` with the file's bytes.
    package func withBytes<Result, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: length))
    }

    /// The callbacks, each finding its sink through the user-data pointer.
    /// The corresponding C type is `SF_VIRTUAL_IO`.
    static var callbacks: SF_VIRTUAL_IO {
        SF_VIRTUAL_IO(
            get_filelen: { user in sf_count_t(memorySink(user).length) },
            seek: { offset, whence, user in memorySink(user).seek(offset, whence: whence) },
            read: { buffer, count, user in memorySink(user).read(into: buffer, count: count) },
            write: { bytes, count, user in memorySink(user).write(bytes, count: count) },
            tell: { user in sf_count_t(memorySink(user).position) })
    }

    fileprivate func seek(_ offset: sf_count_t, whence: Int32) -> sf_count_t {
        let base: Int
        switch whence {
        case SndFileConstant.seekSet: base = 0
        case SndFileConstant.seekCurrent: base = position
        case SndFileConstant.seekEnd: base = length
        default: return -1
        }
        let (target, overflow) = Int64(base).addingReportingOverflow(Int64(offset))
        guard !overflow, target >= 0, target <= Int64(Int32.max) else { return -1 }
        position = Int(target)
        return sf_count_t(position)
    }

    /// libsndfile reads back what it wrote (to patch a header); a new file
    /// holds nothing else.
    fileprivate func read(into buffer: UnsafeMutableRawPointer?, count: sf_count_t) -> sf_count_t {
        guard let buffer, count > 0, position < length else { return 0 }
        let available = min(Int(count), length - position)
        buffer.copyMemory(from: storage + position, byteCount: available)
        position += available
        return sf_count_t(available)
    }

    /// Writes `count` bytes at the position (one copy), growing the storage
    /// when needed; a gap left by a seek past the end reads as zeros.
    fileprivate func write(_ source: UnsafeRawPointer?, count: sf_count_t) -> sf_count_t {
        guard let source, count > 0 else { return 0 }
        let end = position + Int(count)
        if end > capacity { grow(to: max(end, capacity * 2)) }
        if position > length { (storage + length).initializeMemory(as: UInt8.self, repeating: 0, count: position - length) }
        (storage + position).copyMemory(from: source, byteCount: Int(count))
        position = end
        length = max(length, end)
        return count
    }

    private func grow(to newCapacity: Int) {
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        if length > 0 { grown.copyMemory(from: storage, byteCount: length) }
        storage.deallocate()
        storage = grown
        capacity = newCapacity
    }
}

/// The sink behind libsndfile's user-data pointer: the one given to
/// `sf_open_virtual`, which the owning handle keeps alive while the file is open.
private func memorySink(_ user: UnsafeMutableRawPointer?) -> MemorySink {
    Unmanaged<MemorySink>.fromOpaque(user!).takeUnretainedValue()
}
