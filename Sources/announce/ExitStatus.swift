import ArgumentParser
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The exit codes announce documents (sysexits.h values).
enum ExitStatus {
    /// A bad option or argument combination.
    static let usage = ExitCode(64)
    /// An amount was rejected.
    static let dataError = ExitCode(65)
    /// An input file cannot be read.
    static let noInput = ExitCode(66)
    /// The voice is missing or broken.
    static let voiceError = ExitCode(66)
    /// The output cannot be written.
    static let cannotCreate = ExitCode(73)
}

/// Writes one line to standard error, prefixed with the tool's name.
func printError(_ message: String) {
    writeStandardError("announce: \(message)\n")
}

/// Writes to standard error at once (unbuffered).
func writeStandardError(_ text: String) {
    flushOutput()
    var text = text
    text.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(2, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

/// Writes to standard output (buffered).
func writeOutput(_ text: String) {
    StandardOutput.shared.write(text)
}

/// Flushes standard output, so a reader of a pipe sees each answer as soon
/// as it is made.
func flushOutput() {
    StandardOutput.shared.flush()
}

/// Standard output, buffered here and written with `write(2)`. C stdio is not
/// used: `fflush(NULL)` would wait for the lock that a `getline` blocked on
/// standard input holds, and stall streaming.
final class StandardOutput: @unchecked Sendable {
    static let shared = StandardOutput()

    private let lock = Lock()
    private var buffer: [UInt8] = []

    func write(_ text: String) {
        lock.withLock {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 16 { drain() }
        }
    }

    func flush() {
        lock.withLock { drain() }
    }

    /// Writes the whole buffer, retrying partial writes and interruptions.
    private func drain() {
        var offset = 0
        buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            while offset < bytes.count {
                let written = Glibc.write(1, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    break  // stdout is gone (closed pipe): nothing more can be said there
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
