// The system calls announce makes, as thin wrappers: the files of this
// module are the only ones that import the platform's C library for them,
// so the spellings that differ between Glibc and Darwin (`st_mtim` /
// `st_mtimespec`, `pthread_t`, `write`) are decided here once.

import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Musl)
    @preconcurrency import Musl
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

package typealias SystemSignalSet = sigset_t

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
package func systemMkdir(_ path: String, _ mode: UInt32 = 0o777) -> Int32 { mkdir(path, mode_t(mode)) }
package func systemRemoveFolder(_ path: String) -> Int32 { rmdir(path) }
package func systemProcessID() -> Int32 { Int32(getpid()) }
package func systemIsTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

package let systemOpenReadOnly = O_RDONLY
package let systemOpenDirectory = O_RDONLY | O_DIRECTORY | O_CLOEXEC
package let systemOpenCreateNew = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
package let systemOpenDirectoryNoFollow = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
package let systemOpenNoFollowNonBlocking = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
package let systemErrorExists = EEXIST
package let systemErrorInterrupted = EINTR
package let systemErrorNoSpace = ENOSPC
package let systemErrorLoop = ELOOP
package let systemErrorNotDirectory = ENOTDIR
package let systemErrorPipe = EPIPE
package let systemErrorNoEntry = ENOENT
package let systemErrorAgain = EAGAIN

/// Sets the file's access and modification times to now (`futimens`).
package func systemTouch(_ descriptor: Int32) -> Int32 { futimens(descriptor, nil) }

/// Ignores SIGPIPE, so writing to a closed pipe is an `EPIPE` error.
package func systemIgnoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }

/// Sleeps for `microseconds`.
package func systemPause(_ microseconds: UInt32) { usleep(microseconds) }

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

/// The names in the open folder `directory` (without `.` and `..`), or the
/// error number. The descriptor stays open and owned by the caller.
package func systemDirectoryEntries(_ directory: Int32) -> Swift.Result<[String], SystemError> {
    let copy = dup(directory)
    guard copy >= 0 else { return .failure(SystemError(errno)) }
    guard let stream = fdopendir(copy) else {
        let code = errno
        close(copy)
        return .failure(SystemError(code))
    }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return .success(names)
}

/// The current time in seconds since 1970.
package func systemNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The machine's offset from UTC in seconds at `seconds` since 1970, by its
/// time zone's rules (`TZ`, `/etc/localtime`, daylight saving included);
/// nil when the time cannot be converted. FoundationEssentials'
/// `TimeZone.current` knows named zones only with ICU's data, which the
/// server leaves out.
package func systemUTCOffset(at seconds: Double) -> Int? {
    guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
    var time = time_t(seconds.rounded(.down))
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return nil }
    return Int(parts.tm_gmtoff)
}

// MARK: Threads

/// Starts a detached-or-joinable thread running `body`; returns a joiner, or
/// nil when the system refuses to start one.
package func systemStartThread(_ body: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)? {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
        var thread: pthread_t?
    #else
        var thread = pthread_t()
    #endif
    let started = pthread_create(&thread, nil, { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }, context)
    guard started == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return nil
    }
    #if canImport(Darwin)
        guard let thread else { return nil }
    #endif
    let joined = UnsafeSendable(thread)
    return { _ = pthread_join(joined.value, nil) }
}

private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

private struct UnsafeSendable<Value>: @unchecked Sendable {
    package let value: Value
    init(_ value: Value) { self.value = value }
}

// MARK: Signals

/// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (and so in every
/// thread it starts afterwards), and ignores SIGPIPE so a closed output is a
/// write error instead of a silent death. Returns the blocked set.
package func systemBlockTerminationSignals() -> SystemSignalSet {
    signal(SIGPIPE, SIG_IGN)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGHUP)
    pthread_sigmask(SIG_BLOCK, &set, nil)
    return set
}

/// Waits for one of the signals in `set` (blocked beforehand) and returns it.
package func systemWaitForSignal(_ set: SystemSignalSet) -> Int32 {
    var set = set
    var signal: Int32 = 0
    while sigwait(&set, &signal) != 0 {}
    return signal
}

/// Ends the process at once with `status`, without running anything else.
package func systemExitNow(_ status: Int32) -> Never {
    _exit(status)
}

/// Sleeps for a long while (a thread that must not go on while the process
/// ends). Returns to let the caller sleep again.
package func systemWaitForever() -> Int32 {
    sleep(3600)
    return 0
}

/// Whether `count` bytes at `lhs` and `rhs` are the same.
package func systemMemoryEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
    memcmp(lhs, rhs, count) == 0
}

/// Whether `path` can be opened for reading (`access(R_OK)`).
package func systemIsReadable(_ path: String) -> Bool {
    access(path, R_OK) == 0
}

/// The UTC calendar date of `seconds` since 1970 as `YYYY-MM-DD`.
/// The corresponding C function is `gmtime_r`.
package func systemUTCDate(secondsSince1970 seconds: Int) -> String {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
}
