// The file system calls announce makes, as thin wrappers (and `FileStatus`, what stat(2) says), for the server and
// the phone alike: the spellings that differ between Glibc and Darwin are
// decided here once. Processes, signals and threads are the server's
// (AnnounceServer's System/). Foundation on Apple's platforms (it brings the
// C library; a phone file may not import Darwin); elsewhere
// FoundationEssentials and the C library.
#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        @preconcurrency import Glibc
    #elseif canImport(Musl)
        @preconcurrency import Musl
    #endif
#else
    import Foundation
#endif

/// The calling thread's `errno`.
package var systemErrno: Int32 { errno }

/// The message for the error number `code`: `No space left on device`.
package func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// Runs a system call that returns -1 and sets `errno` on failure, again
/// while it is interrupted by a signal (`EINTR`). Returns the call's result,
/// or the error number.
package func retryingInterrupts<Result: FixedWidthInteger>(_ call: () -> Result) -> Swift.Result<Result, SystemError> {
    while true {
        let result = call()
        if result != -1 { return .success(result) }
        let code = errno
        if code != EINTR { return .failure(SystemError(code)) }
    }
}

package func systemOpen(_ path: String, _ flags: Int32, _ mode: UInt32 = 0) -> Int32 {
    open(path, flags, mode_t(mode))
}

package func systemOpenAt(_ directory: Int32, _ name: String, _ flags: Int32) -> Int32 {
    openat(directory, name, flags)
}

package func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
package func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
package func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, bytes, count) }
package func systemFsync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }
package func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
package func systemUnlink(_ path: String) -> Int32 { unlink(path) }
package func systemUnlinkAt(_ directory: Int32, _ name: String) -> Int32 { unlinkat(directory, name, 0) }

/// Sets the file's access and modification times to now (`futimens`).
/// On Apple's platforms `futimens` exists from iOS 11 and macOS 10.13 (the
/// SDK's `sys/stat.h`; Apple's man page archive predates it and documents
/// `futimes`: https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/utimes.2.html),
/// below the iOS sample's deployment target (iOS 15).
package func systemTouch(_ descriptor: Int32) -> Int32 { futimens(descriptor, nil) }

/// Whether `count` bytes at `lhs` and `rhs` are the same.
package func systemMemoryEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
    memcmp(lhs, rhs, count) == 0
}

/// Flushes a folder's entries (`fsync` of the folder), so a rename in it
/// survives a power cut; nil when it did, else the error.
package func systemFlushFolder(_ path: String) -> SystemError? {
    let opened = retryingInterrupts { systemOpen(path, systemOpenReadOnly) }
    switch opened {
    case .failure(let error): return error
    case .success(let descriptor):
        defer { _ = systemClose(descriptor) }
        if case .failure(let error) = retryingInterrupts({ systemFsync(descriptor) }) { return error }
        return nil
    }
}

package let systemOpenReadOnly = O_RDONLY
package let systemOpenDirectory = O_RDONLY | O_DIRECTORY | O_CLOEXEC
package let systemOpenCreateNew = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
package let systemOpenDirectoryNoFollow = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
/// `O_NOFOLLOW` and `O_NONBLOCK` are in iOS's open(2):
/// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/open.2.html
package let systemOpenNoFollowNonBlocking = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
package let systemErrorExists = EEXIST
package let systemErrorInterrupted = EINTR
package let systemErrorNoSpace = ENOSPC
package let systemErrorLoop = ELOOP
package let systemErrorNotDirectory = ENOTDIR
package let systemErrorPipe = EPIPE
package let systemErrorNoEntry = ENOENT
package let systemErrorAgain = EAGAIN

/// What `stat` says of a path: its kind, size and last change.
package struct FileStatus: Sendable {
    package enum Kind: Sendable { case regular, directory, symbolicLink, other }

    package let kind: Kind
    package let size: Int
    /// The last modification, in seconds since 1970.
    package let modified: Double

    /// The status of `path`, of the link itself unless `followingLinks`;
    /// nil when there is nothing there (or it cannot be looked at).
    package init?(path: String, followingLinks: Bool) {
        var status = stat()
        let result = retryingInterrupts { followingLinks ? stat(path, &status) : lstat(path, &status) }
        guard case .success = result else { return nil }
        self.init(status)
    }

    /// The status of `name` in the open folder `directory`, never following a link.
    package init?(directory: Int32, name: String) {
        var status = stat()
        let result = retryingInterrupts { fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) }
        guard case .success = result else { return nil }
        self.init(status)
    }

    /// The status of an open descriptor.
    package init?(descriptor: Int32) {
        var status = stat()
        guard case .success = retryingInterrupts({ fstat(descriptor, &status) }) else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int(status.st_size)
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        modified = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
