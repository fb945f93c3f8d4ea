import ArgumentParser
import Foundation

/// The exit codes announce documents (sysexits.h values).
enum ExitStatus {
    /// A bad option or argument combination.
    static let usage = ExitCode(64)
    /// An amount was rejected.
    static let dataError = ExitCode(65)
    /// The voice is missing or broken.
    static let voiceError = ExitCode(66)
    /// The output cannot be written.
    static let cannotCreate = ExitCode(73)
}

/// Writes one line to standard error, prefixed with the tool's name.
func printError(_ message: String) {
    flushOutput()
    FileHandle.standardError.write(Data("announce: \(message)\n".utf8))
}

/// Writes to standard output (buffered).
func writeOutput(_ text: String) {
    print(text, terminator: "")
}

/// Flushes standard output, so a reader of a pipe sees each answer as soon
/// as it is made.
func flushOutput() {
    fflush(nil)
}
