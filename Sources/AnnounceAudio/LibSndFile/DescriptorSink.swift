import CSndFile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where libsndfile's virtual I/O writes a new file: an open descriptor,
/// written with `pwrite` at a position kept here.
///
/// `sf_open_fd` asks the kernel for every position and length (`lseek`,
/// `fstat`), about a dozen system calls per file. Here the first
/// ``headRegion`` bytes, where libsndfile writes and rewrites the header,
/// are kept in memory until ``flush()``, and the samples go straight to the
/// file from the caller's buffer: two writes per file.
final class DescriptorSink {
    /// The bytes at the start of the file kept in memory until ``flush()``.
    static let headRegion = 4096

    let descriptor: Int32
    private(set) var position: Int64 = 0
    /// The size of the file so far.
    private(set) var length: Int64 = 0
    /// The `errno` of the first failed write, 0 while all went well.
    private(set) var failure: Int32 = 0
    /// The start of the file as written so far, up to ``headRegion`` bytes.
    private var head: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes the kept start of the file. Call once libsndfile has closed
    /// the file; ``failure`` says whether every write got through.
    func flush() {
        guard !head.isEmpty else { return }
        head.withUnsafeBytes { head in
            // A short write is recorded in `failure`.
            _ = writeThrough(head.baseAddress!, count: Int64(head.count), at: 0)
        }
        head = []
    }

    /// The callbacks, each finding its sink through the user-data pointer.
    /// The corresponding C type is `SF_VIRTUAL_IO`.
    static var callbacks: SF_VIRTUAL_IO {
        SF_VIRTUAL_IO(
            get_filelen: { user in descriptorSink(user).length },
            seek: { offset, whence, user in descriptorSink(user).seek(offset, whence: whence) },
            read: { _, _, _ in 0 },  // a new file is only written
            write: { bytes, count, user in descriptorSink(user).write(bytes, count: count) },
            tell: { user in descriptorSink(user).position })
    }

    fileprivate func seek(_ offset: sf_count_t, whence: Int32) -> sf_count_t {
        let base: Int64
        switch whence {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = position
        case SEEK_END: base = length
        default: return -1
        }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0 else { return -1 }
        position = target
        return position
    }

    /// Writes `count` bytes at the position: the part inside the head
    /// region into memory, the rest to the file. On failure (a full disk)
    /// returns how many bytes got through, which libsndfile reports as a
    /// short write.
    fileprivate func write(_ bytes: UnsafeRawPointer?, count: sf_count_t) -> sf_count_t {
        guard let bytes, count > 0, failure == 0 else { return 0 }
        var done: sf_count_t = 0
        let region = Int64(Self.headRegion)
        if position < region {
            let kept = Int(min(count, region - position))
            let start = Int(position)
            if head.count < start + kept { head.append(contentsOf: repeatElement(0, count: start + kept - head.count)) }
            head.withUnsafeMutableBytes { head in
                (head.baseAddress! + start).copyMemory(from: bytes, byteCount: kept)
            }
            done = sf_count_t(kept)
        }
        if done < count {
            done += writeThrough(bytes + Int(done), count: count - done, at: position + done)
        }
        position += done
        length = max(length, position)
        return done
    }

    /// Writes `count` bytes at `offset` in the file, retrying partial writes
    /// and interruptions. Returns how many got through.
    private func writeThrough(_ bytes: UnsafeRawPointer, count: Int64, at offset: Int64) -> Int64 {
        var done: Int64 = 0
        while done < count {
            let written = pwrite(descriptor, bytes + Int(done), Int(count - done), off_t(offset + done))
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            if written == 0 {
                failure = ENOSPC
                break
            }
            done += Int64(written)
        }
        return done
    }
}

/// The sink behind libsndfile's user-data pointer: the one given to
/// `sf_open_virtual`, which the owning handle keeps alive while the file is open.
private func descriptorSink(_ user: UnsafeMutableRawPointer?) -> DescriptorSink {
    Unmanaged<DescriptorSink>.fromOpaque(user!).takeUnretainedValue()
}
