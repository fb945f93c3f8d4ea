import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProcessRunner {
    /// What one child used, as the kernel counted it when the child was
    /// reaped (`wait4`): its own, not the test process's or another test's.
    package struct Usage: Sendable, CustomStringConvertible {
        /// User and system CPU time, in seconds: unlike the time on the
        /// clock, it does not grow when other work shares the machine.
        package let cpuSeconds: Double
        /// The peak resident memory, in bytes: on Linux the child's own
        /// high-water mark (VmHWM), read while it runs, every millisecond,
        /// so a peak in the last millisecond before it exits can be missed.
        /// (`wait4`'s ru_maxrss cannot serve: Linux counts the spawning
        /// process's memory in it, the test process's here.)
        package let peakBytes: Int

        package var description: String {
            "\(Int((cpuSeconds * 1000).rounded())) ms of CPU, peak \(peakBytes >> 20) MB"
        }
    }

    /// Runs `executable` with `arguments` (standard input empty) and
    /// measures it: a run that must stay small is checked by what it used.
    /// Spawned and reaped here rather than through `Process`, whose reaping
    /// does not keep the child's resource usage.
    /// - Throws: ``TimedOut`` (after killing the child) past `timeout`
    ///   seconds; a POSIX error when it cannot be started.
    package static func runMeasured(
        _ executable: URL, _ arguments: [String], timeout: Double = defaultTimeout
    ) throws -> (ProcessResult, Usage) {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard closingOnExec(&output) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        guard closingOnExec(&errors) else {
            close(output[0])
            close(output[1])
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(output[0])
            close(errors[0])
            throw POSIXError(.init(rawValue: spawned) ?? .EIO)
        }
        let collected = Collected()
        let group = DispatchGroup()
        let (outputReader, errorReader) = (output[0], errors[0])
        DispatchQueue.global().async(group: group) { collected.set(out: readAll(outputReader)) }
        DispatchQueue.global().async(group: group) { collected.set(err: readAll(errorReader)) }

        var status: Int32 = 0
        var usage = rusage()
        var peak: Int?
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // Read before reaping: once reaped, the child's figures are gone.
            if let now = highWaterMark(pid) { peak = max(peak ?? 0, now) }
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { throw POSIXError(.init(rawValue: errno) ?? .ECHILD) }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                _ = group.wait(timeout: .now() + 10)
                throw TimedOut(command: [executable.path] + arguments, seconds: timeout)
            }
            usleep(1_000)
        }
        _ = group.wait(timeout: .now() + timeout)
        let signal = status & 0x7F
        let result = ProcessResult(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, signalled: signal != 0,
            stdout: String(decoding: collected.out, as: UTF8.self), stderr: String(decoding: collected.err, as: UTF8.self))
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        #if canImport(Darwin)
        let counted = Int(usage.ru_maxrss)  // bytes, the child's own
        #else
        let counted = Int(usage.ru_maxrss) * 1024
        #endif
        return (result, Usage(cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakBytes: peak ?? counted))
    }

    /// The peak resident memory of live process `pid` in bytes, from
    /// `/proc/PID/status` (`VmHWM:  12345 kB`); nil where there is no such
    /// file (not Linux, or the process has exited).
    private static func highWaterMark(_ pid: pid_t) -> Int? {
        let descriptor = open("/proc/\(pid)/status", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.dropFirst("VmHWM:".count).filter(\.isNumber))
        else { return nil }
        return kilobytes * 1024
    }

    /// A pipe whose ends are closed on exec: processes other tests start
    /// meanwhile must not inherit them, or the readers would wait for those
    /// processes too. (The child gets its own copies through dup2.)
    private static func closingOnExec(_ ends: inout [Int32]) -> Bool {
        // pipe2(O_CLOEXEC) would leave no window, but Glibc's module does
        // not export it; a window of two system calls is harmless here.
        guard pipe(&ends) == 0 else { return false }
        return ends.allSatisfy { fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }
    }

    /// Everything read from `descriptor` to its end; closes it.
    private static func readAll(_ descriptor: Int32) -> Data {
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }
}
