import CSndFile

/// Where libsndfile's virtual I/O encodes a new file: a byte buffer in
/// memory.
///
/// Encoding into memory first lets the caller write the whole file with one
/// `write`, and compare what a file should be with what is on disk before
/// serving a file that is already there.
final class MemorySink {
    /// The file's bytes so far.
    private(set) var bytes: [UInt8] = []
    private(set) var position = 0

    /// A sink with room for `capacity` bytes before it grows.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The callbacks, each finding its sink through the user-data pointer.
    /// The corresponding C type is `SF_VIRTUAL_IO`.
    static var callbacks: SF_VIRTUAL_IO {
        SF_VIRTUAL_IO(
            get_filelen: { user in sf_count_t(memorySink(user).bytes.count) },
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
        case SndFileConstant.seekEnd: base = bytes.count
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
        guard let buffer, count > 0, position < bytes.count else { return 0 }
        let available = min(Int(count), bytes.count - position)
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: source.baseAddress! + position, byteCount: available)
        }
        position += available
        return sf_count_t(available)
    }

    /// Writes `count` bytes at the position, growing the buffer (with zeros
    /// for a gap left by a seek past the end).
    fileprivate func write(_ source: UnsafeRawPointer?, count: sf_count_t) -> sf_count_t {
        guard let source, count > 0 else { return 0 }
        let length = Int(count)
        let end = position + length
        if end > bytes.count { bytes.append(contentsOf: repeatElement(0, count: end - bytes.count)) }
        bytes.withUnsafeMutableBytes { target in
            (target.baseAddress! + position).copyMemory(from: source, byteCount: length)
        }
        position = end
        return count
    }
}

/// The sink behind libsndfile's user-data pointer: the one given to
/// `sf_open_virtual`, which the owning handle keeps alive while the file is open.
private func memorySink(_ user: UnsafeMutableRawPointer?) -> MemorySink {
    Unmanaged<MemorySink>.fromOpaque(user!).takeUnretainedValue()
}
