import Foundation

/// This test bundle run again as child processes, each running one test:
/// concurrent writers that are real processes, as iOS runs several extension
/// processes at once. A test reads its role from the environment it is given.
package enum WriterProcesses {
    /// Whether the running test bundle can be started again (it is an
    /// executable, as on Linux).
    package static let isAvailable = FileManager.default.isExecutableFile(atPath: CommandLine.arguments[0])

    /// Starts `count` processes running only the Swift Testing test `filter`,
    /// writer `index` with `environment(index)` added to this process's
    /// environment; their output is discarded. Wait for each with
    /// `waitUntilExit()`.
    package static func start(_ count: Int, filter: String, environment: (Int) -> [String: String]) throws -> [Process] {
        try (0..<count).map { index in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
            process.environment = ProcessInfo.processInfo.environment.merging(environment(index)) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
    }
}
