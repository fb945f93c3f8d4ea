import AnnounceCommon

/// "The file already holds exactly these bytes": the one check by which the
/// server (`SoundsFolder`, `announce batch --reuse`) and the phone (the
/// extension's pack rendering) keep a sound already in a folder instead of
/// writing it again. A file is never kept on its name alone.
///
/// The file is opened without following a link and without blocking (a FIFO
/// swapped in at the name is never waited on), must be a regular file of
/// exactly that size, and is read to one byte past it (a file that grew
/// meanwhile is not kept). One that holds the bytes is touched, so its age
/// restarts and age-based cleanup (`SoundFolderRule`) keeps a sound still in
/// use.
///
/// Calls `open`, `fstat`, `read`, `futimens`, `fsync` and `close` (POSIX;
/// on iOS from Foundation, which brings the C library).
public enum ExactFile {
    /// What a failed touch means.
    public enum Touch: Sendable {
        /// The file is not kept when it cannot be touched (it is written
        /// again, which restarts its age): the server's choice.
        case required
        /// The file is kept all the same: the phone's choice, whose sound
        /// must play even from a folder it cannot change.
        case bestEffort
    }

    /// Whether the regular file at `path` (not followed if a link, never
    /// blocking) holds exactly `bytes`; one that does is touched, and with
    /// `durable` flushed with its folder.
    public static func holds(
        _ bytes: UnsafeRawBufferPointer, atPath path: String, touch: Touch = .required, durable: Bool = false
    ) -> Bool {
        guard case .success(let descriptor) = retryingInterrupts({ systemOpen(path, systemOpenNoFollowNonBlocking) })
        else { return false }
        defer { _ = systemClose(descriptor) }
        guard let status = FileStatus(descriptor: descriptor), status.kind == .regular, status.size == bytes.count
        else { return false }
        // One byte more than expected shows a file that grew meanwhile.
        var onDisk = [UInt8](repeating: 0, count: bytes.count + 1)
        var filled = 0
        while filled < onDisk.count {
            let read = onDisk.withUnsafeMutableBytes { buffer in
                retryingInterrupts { systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled) }
            }
            guard case .success(let count) = read, count > 0 else { break }
            filled += count
        }
        guard filled == bytes.count,
            bytes.isEmpty || onDisk.withUnsafeBytes({ systemMemoryEqual($0.baseAddress!, bytes.baseAddress!, bytes.count) })
        else { return false }
        if case .failure = retryingInterrupts({ systemTouch(descriptor) }), touch == .required { return false }
        // A file that cannot be flushed is written again instead.
        if durable {
            guard case .success = retryingInterrupts({ systemFsync(descriptor) }),
                systemFlushFolder(Paths.parent(of: path).isEmpty ? "." : Paths.parent(of: path)) == nil
            else { return false }
        }
        return true
    }

    /// ``holds(_:atPath:touch:durable:)`` for bytes in an array.
    public static func holds(_ bytes: [UInt8], atPath path: String, touch: Touch = .required, durable: Bool = false) -> Bool {
        bytes.withUnsafeBytes { holds($0, atPath: path, touch: touch, durable: durable) }
    }
}
