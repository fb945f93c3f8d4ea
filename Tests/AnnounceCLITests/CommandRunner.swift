import Foundation

/// Runs the built `announce` binary as a user would and collects what it
/// printed and its exit status.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String

    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

enum CommandRunner {
    /// The `announce` executable, built beside this test bundle.
    static let executable: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        // On Linux the bundle is `…/debug/announcePackageTests.xctest`; on
        // macOS it is a directory bundle inside the products directory.
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("announce").path),
            directory.pathComponents.count > 1
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("announce")
    }()

    static func run(_ arguments: [String], stdin: String? = nil, stdinData: Data? = nil,
                    environment: [String: String] = [:], currentDirectory: URL? = nil,
                    shell: Bool = false) throws -> CommandResult {
        let process = Process()
        process.executableURL = shell ? URL(fileURLWithPath: "/bin/bash") : executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Feed stdin and drain both outputs concurrently, so a large input or
        // output cannot deadlock on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { outData = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = error.fileHandleForReading.readDataToEndOfFile() }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        if let stdinData { input.fileHandleForWriting.write(stdinData) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
