import AnnounceTestSupport
import ArgumentParser
import Foundation
import Testing

@testable import announce

/// Every command's `--help` lists the statuses it can end with as lines of
/// ``ExitStatus``'s one table, and says nothing else about exit codes: a
/// hand-written or hand-edited line fails here.
@Suite struct HelpExitStatusTests {
    /// Every command, with the words that reach it: the root, then each
    /// subcommand, depth first.
    static func commands() -> [(path: [String], type: any ParsableCommand.Type)] {
        var found: [(path: [String], type: any ParsableCommand.Type)] = []
        func visit(_ type: any ParsableCommand.Type, path: [String]) {
            found.append((path, type))
            for subcommand in type.configuration.subcommands {
                visit(subcommand, path: path + [subcommand._commandName])
            }
        }
        visit(Announce.self, path: [])
        return found
    }

    @Test("each command's --help shows exactly the table's lines for the statuses it declares, and no other exit code")
    func helpShowsTheTable() throws {
        // A line that speaks of an exit code with a number: `Exit codes: 0 ok, 64 usage`.
        let handWritten = try Regex(#"(?i)\bexit\b[^.\n]{0,24}?\b(0|6[4-9]|7[0-9])\b"#)
        var listed = 0
        for (path, type) in Self.commands() {
            let runs = type.configuration.subcommands.isEmpty || type.configuration.defaultSubcommand != nil
            guard let listing = type as? any ListsExitStatuses.Type else {
                #expect(!runs, "announce \(path.joined(separator: " ")) runs but lists no exit statuses: conform it to ListsExitStatuses")
                continue
            }
            listed += 1
            let command = "announce \(path.joined(separator: " ")) --help"
            // 80 columns: a table line the help would wrap shows here as a mismatch.
            let result = try CommandRunner.run(path + ["--help"], environment: ["COLUMNS": "80"])
            #expect(result.status == 0, "\(command) exited \(result.status)")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let headings = lines.indices.filter { lines[$0] == ExitStatus.helpHeading }
            try #require(headings.count == 1, "\(command) shows \(headings.count) '\(ExitStatus.helpHeading)' headings")
            let table = lines[(headings[0] + 1)...].prefix { !$0.isEmpty }
            #expect(Array(table) == listing.exitStatuses.map(\.helpLine), "\(command): the exit status lines differ from ExitStatus's table")
            for (number, line) in lines.enumerated() where !(headings[0]...headings[0] + table.count).contains(number) {
                #expect(!line.contains(handWritten), "\(command) speaks of exit codes outside the table: \(line)")
            }
        }
        #expect(listed > Announce.configuration.subcommands.count, "the walk reached only \(listed) commands that list exit statuses")
    }

    @Test("each command declares 0 and 64 and the rest in the table's order; the root declares every status")
    func declaredStatuses() {
        for (path, type) in Self.commands() {
            guard let listing = type as? any ListsExitStatuses.Type else { continue }
            let statuses = listing.exitStatuses
            #expect(statuses.contains(.success) && statuses.contains(.usage), "announce \(path): every command can succeed and be misused")
            #expect(zip(statuses, statuses.dropFirst()).allSatisfy { $0.rawValue < $1.rawValue }, "announce \(path): \(statuses)")
        }
        #expect(Announce.exitStatuses == ExitStatus.allCases)
    }

    @Test("the table's names are sysexits.h's for the same codes, and each line fits 79 columns")
    func tableMatchesSysexits() throws {
        let header = try String(contentsOfFile: "/usr/include/sysexits.h", encoding: .utf8)
        let define = try Regex(#"(?m)^#define\s+(EX_\w+)\s+(\d+)"#)
        var codes: [String: Int32] = [:]
        for match in header.matches(of: define) {
            codes[String(match.output[1].substring ?? "")] = Int32(match.output[2].substring ?? "")
        }
        for status in ExitStatus.allCases {
            #expect(codes[status.name] == status.rawValue, "\(status.name) is \(codes[status.name].map(String.init) ?? "not in sysexits.h"), not \(status.rawValue)")
            #expect(status.helpLine.count <= 79, "too wide for an 80-column terminal: \(status.helpLine)")
        }
        #expect(Set(ExitStatus.allCases.map(\.name)).count == ExitStatus.allCases.count)
    }
}
