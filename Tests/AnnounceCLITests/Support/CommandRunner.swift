import AnnounceTestSupport
import Foundation

/// What a run of `announce` printed and how it ended.
typealias CommandResult = ProcessResult

/// Runs the built `announce` binary as a user would, through the shared
/// ``ProcessRunner`` (time limit, safe when announce exits before reading
/// its input).
enum CommandRunner {
    /// The `announce` executable, built beside this test bundle.
    static let executable = BuiltProducts.announce

    /// Runs announce with `arguments`, or `/bin/bash` with them when `shell`.
    static func run(_ arguments: [String], stdin: String? = nil, stdinData: Data? = nil,
                    environment: [String: String] = [:], currentDirectory: URL? = nil,
                    shell: Bool = false, timeout: Double = ProcessRunner.defaultTimeout) throws -> CommandResult {
        var input = Data((stdin ?? "").utf8)
        if let stdinData { input.append(stdinData) }
        return try ProcessRunner.run(
            shell ? URL(fileURLWithPath: "/bin/bash") : executable, arguments, stdin: input,
            environment: environment, currentDirectory: currentDirectory, timeout: timeout)
    }
}
