// The server's system calls, as thin wrappers: processes, signals,
// threads, folders and time; the files of this folder are the only server
// files that import the platform's C library for them, so the spellings
// that differ between Glibc and Darwin (`pthread_t`) are decided here once.
// The file calls both the server and the phone make (open, read, write,
// stat, rename) are AnnounceCommon's System/.

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

package func systemMkdir(_ path: String, _ mode: UInt32 = 0o777) -> Int32 { mkdir(path, mode_t(mode)) }
package func systemRemoveFolder(_ path: String) -> Int32 { rmdir(path) }
package func systemProcessID() -> Int32 { Int32(getpid()) }
package func systemIsTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

/// Ignores SIGPIPE, so writing to a closed pipe is an `EPIPE` error.
package func systemIgnoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }

/// Sleeps for `microseconds`.
package func systemPause(_ microseconds: UInt32) { usleep(microseconds) }

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
