import AnnounceServer
import AnnounceStudio
import ArgumentParser

/// Standard output and standard error. Output is buffered here and written
/// with `write(2)`; C stdio is not used, since `fflush(NULL)` would wait for
/// the lock that a read blocked on standard input holds and stall streaming.
/// When the reader of standard output goes away (`announce batch | head -1`),
/// announce removes its temporary files and exits 74 without a word.
enum Console {
    private static let buffer = LockedState<[UInt8]>([])

    /// Writes to standard output (buffered).
    static func write(_ text: String) {
        buffer.withLock { buffer in
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 16 { drain(&buffer, to: 1) }
        }
    }

    /// Flushes standard output, so a reader of a pipe sees each answer as
    /// soon as it is made.
    static func flush() {
        buffer.withLock { drain(&$0, to: 1) }
    }

    /// Writes one line to standard error, prefixed with the tool's name.
    static func error(_ message: String) {
        writeError("announce: \(message)\n")
    }

    /// Writes to standard error at once, after what standard output holds.
    static func writeError(_ text: String) {
        flush()
        var bytes = Array(text.utf8)
        drain(&bytes, to: 2)
    }

    /// Writes and empties `bytes`. Standard output that cannot be written
    /// ends the process with ``ExitStatus/outputClosed``, after removing the
    /// temporary files: quietly when its reader went away (`| head`), with
    /// one line on standard error for any other reason (a full disk). A
    /// closed standard error loses the message.
    private static func drain(_ bytes: inout [UInt8], to descriptor: Int32) {
        let failure = writeAll(bytes, to: descriptor)
        bytes.removeAll(keepingCapacity: true)
        guard descriptor == 1, let failure else { return }
        if failure.code != systemErrorPipe {
            var line = Array("announce: cannot write standard output: \(failure)\n".utf8)
            _ = writeAll(line, to: 2)
            line.removeAll()
        }
        TemporaryFiles.shared.removeAllAndExit(ExitStatus.outputClosed.rawValue)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> SystemError? {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                switch retryingInterrupts({ systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset) }) {
                case .success(let written): offset += written
                case .failure(let error) where error.code == systemErrorAgain: systemPause(1000)
                case .failure(let error): return error
                }
            }
            return nil
        }
    }

    /// Ends a command with the status a fault of this kind gets: one line
    /// naming it on standard error, then the exit.
    static func fail(_ error: any Error) -> ExitCode {
        Console.error(ExitStatus.message(for: error))
        return exit(ExitStatus(for: error))
    }

    /// The argument parser's exit for `status`.
    static func exit(_ status: ExitStatus) -> ExitCode {
        ExitCode(status.rawValue)
    }

    /// A rejected amount: an error object on standard output with `--json`
    /// (the other lines go on), else one line on standard error.
    static func reject(input: String, message: String, json: Bool) {
        if json {
            write(AnnouncementReport(input: input, error: message).jsonLine)
        } else {
            error(message)
        }
    }
}
