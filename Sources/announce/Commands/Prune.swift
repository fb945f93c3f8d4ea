import AnnounceServer
import AnnounceStudio
import ArgumentParser

struct Prune: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = [.success, .usage, .cannotCreate, .outputClosed]

    static let configuration = CommandConfiguration(
        // Named here: the parser would otherwise derive it from the type's name
        // at every start, through the runtime's reflection.
        commandName: "prune",
        abstract: "Delete announce's own sound files (and stale temporary files) older than an age.",
        discussion: """
            Only files announce names itself are touched: announce-<amount>-<8 hex>.\(OutputFormat.Container.extensionList) and .announce-<pid>-<n>.tmp, in ROOT/Library/Sounds. Files named with --name, other files, folders and symbolic links are never deleted, and prune refuses to work through a symbolic link at Library or Library/Sounds. Prints each removed file (a JSON line each with --json).

            \(ExitStatus.help(exitStatuses))
            """)

    @Option(help: ArgumentHelp("Prune ROOT/Library/Sounds.", valueName: "root"))
    var out: String = "."

    @Option(name: .customLong("older-than"), parsing: .unconditional, help: ArgumentHelp("The age: 90s, 30m, 12h or 7d.", valueName: "age"))
    var olderThan: String

    @Flag(name: .customLong("dry-run"), help: "Only list what would be removed.")
    var dryRun = false

    @Flag(help: "One JSON object per file and line.")
    var json = false

    func validate() throws {
        guard Self.seconds(olderThan) != nil else {
            throw ValidationError("--older-than '\(olderThan)' is not an age such as 90s, 30m, 12h or 7d")
        }
    }

    func run() throws {
        let folder = SoundsFolder(root: out)
        let pruned: [SoundsFolder.PrunedFile]
        do {
            pruned = try folder.prune(olderThan: Self.seconds(olderThan) ?? 0, dryRun: dryRun)
        } catch {
            throw Console.fail(error)
        }
        for file in pruned {
            if json {
                Console.write(file.jsonLine)
            } else if file.error == nil {
                Console.write(file.path + "\n")
            }
            if let error = file.error { Console.error("cannot remove \(file.path): \(error)") }
        }
        Console.flush()
        let kept = pruned.filter { $0.error == nil }
        let verb = dryRun ? "would remove" : "removed"
        Console.writeError("prune: \(verb) \(kept.count) file(s), \(kept.reduce(0) { $0 + $1.bytes }) bytes, from \(folder.path)\n")
        if kept.count < pruned.count { throw Console.exit(.cannotCreate) }
    }

    /// `90s`, `30m`, `12h`, `7d` in seconds; nil for anything else.
    static func seconds(_ text: String) -> Double? {
        guard let match = text.wholeMatch(of: /([0-9]{1,9})([smhd])/) else { return nil }
        let value = Double(match.1) ?? 0
        switch match.2 {
        case "s": return value
        case "m": return value * 60
        case "h": return value * 3600
        default: return value * 86400
        }
    }
}
