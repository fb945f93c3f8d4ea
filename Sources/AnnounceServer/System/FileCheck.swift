import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What announce checks before it opens a file it was given: that it is a
/// regular file (a FIFO, a device or a socket would block a reader or never
/// end), and where it really is once symbolic links are followed.
package enum FileCheck {
    /// A file that cannot be used, with the one-line reason.
    package struct Failure: Error, Equatable, Sendable {
        /// Why: `is a FIFO, not a regular file`, `does not exist`.
        package let reason: String
        /// Whether the file is simply not there (nothing at the path).
        package let isMissing: Bool

        /// A failure saying `reason`; `isMissing` when nothing is at the path.
        package init(reason: String, isMissing: Bool) {
            self.reason = reason
            self.isMissing = isMissing
        }
    }

    /// The absolute path of `path` with every symbolic link, `.` and `..`
    /// resolved (`realpath`); nil when it does not exist or cannot be resolved.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path`, a real path, is `folder` (a real path) or inside it.
    /// Compared as bytes: canonically equivalent names are different files.
    package static func isInside(_ path: String, folder: String) -> Bool {
        if path.utf8.elementsEqual(folder.utf8) || folder == "/" { return true }
        let prefix = folder.utf8.last == UInt8(ascii: "/") ? folder : folder + "/"
        return path.utf8.starts(with: prefix.utf8)
    }

    /// Checks, without opening it, that `path` (links followed) is a
    /// regular file.
    /// - Throws: ``Failure`` naming what it is instead.
    package static func requireRegularFile(_ path: String) throws(Failure) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw missingOrUnreadable(path, error: errno) }
        try requireRegular(mode: status.st_mode)
    }

    /// Reads the whole regular file at `path`, at most `limit` bytes. The
    /// file is opened without blocking, so a FIFO put there between a check
    /// and the read is refused rather than waited on; a final symbolic link
    /// is not followed (resolve it first with ``realPath(_:)``).
    /// - Throws: ``Failure`` when it cannot be opened or read, is not a
    ///   regular file, or is larger than `limit`.
    package static func readRegularFile(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = try openRegularFile(path, followingLinks: false)
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(reason: "cannot be read (\(describe(errno)))", isMissing: false) }
        guard status.st_size <= limit else {
            throw Failure(reason: "is too large (\(status.st_size) bytes; at most \(limit))", isMissing: false)
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: "cannot be read (\(describe(errno)))", isMissing: false)
            }
            if got == 0 { break }
            count += got
            guard count <= limit else {
                throw Failure(reason: "is too large (more than \(limit) bytes)", isMissing: false)
            }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Opens `path` for reading without blocking (a FIFO opened for reading
    /// would wait for a writer) and checks that what was opened is a regular
    /// file. The caller closes the descriptor.
    /// - Parameters:
    ///   - path: the file to open.
    ///   - followingLinks: false to refuse a final symbolic link.
    /// - Throws: ``Failure`` when it cannot be opened or is not a regular file.
    package static func openRegularFile(_ path: String, followingLinks: Bool = true) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            let error = errno
            if error == ELOOP && !followingLinks { throw Failure(reason: "is a symbolic link", isMissing: false) }
            throw missingOrUnreadable(path, error: error)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = errno
            close(descriptor)
            throw Failure(reason: "cannot be read (\(describe(error)))", isMissing: false)
        }
        do throws(Failure) {
            try requireRegular(mode: status.st_mode)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    private static func requireRegular(mode: mode_t) throws(Failure) {
        let kind: String
        switch mode & S_IFMT {
        case S_IFREG: return
        case S_IFIFO: kind = "a FIFO"
        case S_IFDIR: kind = "a folder"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "a special file"
        }
        throw Failure(reason: "is \(kind), not a regular file", isMissing: false)
    }

    private static func missingOrUnreadable(_ path: String, error: Int32) -> Failure {
        if error == ENOENT {
            var status = stat()
            // The name is there but leads nowhere: a link to nothing.
            if lstat(path, &status) == 0 { return Failure(reason: "is a symbolic link to nothing", isMissing: false) }
            return Failure(reason: "does not exist", isMissing: true)
        }
        if error == ENOTDIR { return Failure(reason: "does not exist", isMissing: true) }
        return Failure(reason: "cannot be opened (\(describe(error)))", isMissing: false)
    }

    private static func describe(_ error: Int32) -> String {
        String(cString: strerror(error))
    }
}
