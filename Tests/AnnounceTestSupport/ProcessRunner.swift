import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a process printed and how it ended.
package struct ProcessResult: Sendable, CustomStringConvertible {
    /// The exit status, or 128 + the signal when a signal ended the process
    /// (as a shell reports it).
    package let status: Int32
    /// Whether a signal ended the process.
    package let signalled: Bool
    package let stdout: String
    /// Standard error; empty when it was merged into `stdout`.
    package let stderr: String

    package init(status: Int32, signalled: Bool = false, stdout: String, stderr: String) {
        self.status = status
        self.signalled = signalled
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The lines of standard output, each without its `\n`.
    package var stdoutLines: [String] { Self.lines(stdout) }
    /// The lines of standard error, each without its `\n`.
    package var stderrLines: [String] { Self.lines(stderr) }

    package var description: String {
        "exit \(status)\(signalled ? " (signal)" : "")\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// Runs a program to its end with a time limit, feeding its standard input
/// and collecting both outputs.
///
/// A child that exits before it has read its input cannot take the test run
/// with it: the input is written with SIGPIPE blocked in the writing thread,
/// so a write to a pipe whose reader is gone fails with EPIPE and ends the
/// feeding quietly. (Ignoring SIGPIPE in the whole test process would not
/// do: children inherit an ignored signal, and announce and the shell tools
/// of a pipeline would then behave differently from a user's shell.) A child that outlives the time limit
/// is killed and the run throws ``TimedOut`` (a hang guard, not a timing
/// assertion), so one hung command fails one test.
package enum ProcessRunner {
    /// A run that did not end within its time limit.
    package struct TimedOut: Error, CustomStringConvertible {
        package let command: [String]
        package let seconds: Double
        package var description: String {
            "\(command.joined(separator: " ")) did not end within \(seconds) s and was killed"
        }
    }

    /// The hang guard for commands that should take seconds at most.
    package static let defaultTimeout: Double = 120

    /// Runs `executable` with `arguments`.
    /// - Parameters:
    ///   - stdin: the bytes to feed; standard input is then closed.
    ///   - environment: variables set on top of the test process's own.
    ///   - removing: variables removed from the child's environment.
    ///   - mergingOutput: standard error goes into the same pipe as standard
    ///     output, interleaved as a terminal would show them.
    package static func run(
        _ executable: URL, _ arguments: [String], stdin: Data = Data(),
        environment: [String: String] = [:], removing: [String] = [],
        currentDirectory: URL? = nil, mergingOutput: Bool = false,
        timeout: Double = defaultTimeout
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty || !removing.isEmpty {
            var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            for name in removing { merged[name] = nil }
            process.environment = merged
        }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = mergingOutput ? output : error
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()

        // Drain both outputs and feed the input at the same time, so a large
        // input or output cannot deadlock on a full pipe.
        let collected = Collected()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            collected.set(out: output.fileHandleForReading.readDataToEndOfFile())
        }
        if !mergingOutput {
            DispatchQueue.global().async(group: group) {
                collected.set(err: error.fileHandleForReading.readDataToEndOfFile())
            }
        }
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async(group: group) {
            _ = write(stdin, to: writer.fileDescriptor)
            try? writer.close()
        }
        // The parent's copies of the child's ends: without closing them the
        // readers would never see the end of the output.
        try? output.fileHandleForWriting.close()
        if !mergingOutput { try? error.fileHandleForWriting.close() }
        try? input.fileHandleForReading.close()

        if ended.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = ended.wait(timeout: .now() + 10)
            _ = group.wait(timeout: .now() + 10)
            throw TimedOut(command: [executable.path] + arguments, seconds: timeout)
        }
        // A grandchild (a shell's pipeline) may still hold the pipes open.
        if group.wait(timeout: .now() + timeout) == .timedOut {
            throw TimedOut(command: [executable.path] + arguments, seconds: timeout)
        }
        let signalled = process.terminationReason == .uncaughtSignal
        return ProcessResult(
            status: signalled ? 128 + process.terminationStatus : process.terminationStatus,
            signalled: signalled,
            stdout: String(decoding: collected.out, as: UTF8.self),
            stderr: String(decoding: collected.err, as: UTF8.self))
    }

    /// Writes `data` to `descriptor` (a pipe to a child) with SIGPIPE
    /// blocked in this thread. Returns false when the write stopped early:
    /// the reader is gone (EPIPE; the child may exit without reading) or
    /// another error.
    @discardableResult
    package static func write(_ data: Data, to descriptor: Int32) -> Bool {
        var brokenPipe = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
        defer {
            // A SIGPIPE raised by the write stays pending on this thread:
            // take it before unblocking, or it would end the process then.
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec()
                _ = sigtimedwait(&brokenPipe, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard var pointer = buffer.baseAddress else { return true }
            var left = buffer.count
            while left > 0 {
                let written = systemWrite(descriptor, pointer, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                pointer += written
                left -= written
            }
            return true
        }
    }

    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var outData = Data(), errData = Data()
        var out: Data { lock.withLock { outData } }
        var err: Data { lock.withLock { errData } }
        func set(out data: Data) { lock.withLock { outData = data } }
        func set(err data: Data) { lock.withLock { errData = data } }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
