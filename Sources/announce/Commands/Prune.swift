import AnnounceAudio
import AnnounceCore
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

struct Prune: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete announce's own sound files (and stale temporary files) older than an age.",
        discussion: """
            Only files announce names itself are touched: announce-<amount>-<8 hex>.caf|wav|aiff and
            .announce-<pid>-<n>.tmp, in ROOT/Library/Sounds. Files named with --name, other files and folders
            are never deleted. Prints each removed file (a JSON line each with --json).
            Exit codes: 0 ok, 64 usage, 73 a file could not be removed.
            """)

    @Option(help: ArgumentHelp("Prune ROOT/Library/Sounds.", valueName: "root"))
    var out: String = "."

    @Option(name: .customLong("older-than"), help: ArgumentHelp("The age: 90s, 30m, 12h or 7d.", valueName: "age"))
    var olderThan: String

    @Flag(name: .customLong("dry-run"), help: "Only list what would be removed.")
    var dryRun = false

    @Flag(help: "One JSON object per file and line.")
    var json = false

    func validate() throws {
        guard SoundPruner.age(olderThan) != nil else {
            throw ValidationError("--older-than '\(olderThan)' is not an age such as 90s, 30m, 12h or 7d")
        }
    }

    func run() throws {
        let directory = URL(fileURLWithPath: out).standardizedFileURL.appendingPathComponent(SoundName.soundsPath).path
        let pruner = SoundPruner(directory: directory, olderThan: SoundPruner.age(olderThan) ?? 0, now: Date())
        var removed = 0
        var bytes = 0
        var failed = false
        for candidate in pruner.candidates() {
            var error: String?
            if !dryRun {
                if unlink(candidate.path) != 0 { error = String(cString: strerror(errno)) }
            }
            if json {
                writeOutput(JSONLine.encode(PruneLine(
                    file: candidate.path, bytes: candidate.bytes, age: candidate.age.rounded(),
                    removed: !dryRun && error == nil, error: error)))
            } else if error == nil {
                writeOutput(candidate.path + "\n")
            }
            if let error {
                failed = true
                printError("cannot remove \(candidate.path): \(error)")
            } else {
                removed += 1
                bytes += candidate.bytes
            }
        }
        flushOutput()
        let verb = dryRun ? "would remove" : "removed"
        writeStandardError("prune: \(verb) \(removed) file(s), \(bytes) bytes, from \(directory)\n")
        if failed { throw ExitStatus.cannotCreate }
    }
}

private struct PruneLine: Encodable {
    let file: String
    let bytes: Int
    let age: Double
    let removed: Bool
    let error: String?
}

/// Finds announce's own files in a sounds folder that are older than an age.
struct SoundPruner {
    let directory: String
    /// Seconds.
    let olderThan: Double
    let now: Date

    struct Candidate {
        let path: String
        let bytes: Int
        /// Seconds since the last change.
        let age: Double
    }

    /// Whether announce made a file of this name: a content-derived sound
    /// name or a temporary file of the atomic writer.
    static func isOwnName(_ name: String) -> Bool {
        name.wholeMatch(of: /announce-[0-9]+(\.[0-9]{2})?-[0-9a-f]{8}\.(caf|wav|aiff)/) != nil
            || name.wholeMatch(of: /\.announce-[0-9]+-[0-9]+\.tmp/) != nil
    }

    /// `90s`, `30m`, `12h`, `7d` in seconds; nil for anything else.
    static func age(_ text: String) -> Double? {
        guard let match = text.wholeMatch(of: /([0-9]{1,9})([smhd])/) else { return nil }
        let value = Double(match.1) ?? 0
        switch match.2 {
        case "s": return value
        case "m": return value * 60
        case "h": return value * 3600
        default: return value * 86400
        }
    }

    /// The files to remove, by name; symbolic links, folders and other
    /// files are left alone.
    func candidates() -> [Candidate] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().compactMap { name in
            guard Self.isOwnName(name) else { return nil }
            let path = Paths.join(directory, name)
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
            let age = now.timeIntervalSince1970 - modified
            guard age > olderThan else { return nil }
            return Candidate(path: path, bytes: Int(status.st_size), age: age)
        }
    }
}
