#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import AnnounceServer
import AnnounceStudio
import ArgumentParser

struct Batch: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = [.success, .usage, .dataError, .noInput, .cannotCreate, .outputClosed]

    static let configuration = CommandConfiguration(
        // Named here: the parser would otherwise derive it from the type's name
        // at every start, through the runtime's reflection.
        commandName: "batch",
        abstract: "Render many announcements: one item per line, one JSON result per line, in order.",
        discussion: """
            Each line is a bare amount, or a JSON object such as {"amount": "123.45"} with these fields: \(
                BatchItem.fieldTable.map { "\"\($0.name)\": \($0.help)" }.joined(separator: "; ")).
            An item has one of "amount", "fen" and "amounts" (or none, for a template without {amount}); the other fields are optional and override the options for that item. Blank lines are skipped; a line may be at most \(LineReader.maximumLength / 1024) KiB.

            Each result is the render --json line (announce-id from a string or number "id", announce-at from "at", --at or now) plus "line", "id" and "cached" (true when the file was already there with exactly these bytes, so it was not written again; --force writes it anyway); a failed item gives "error".

            A rejected item does not stop the others; an output that cannot be written stops the batch. It ends with the status of the most serious fault met.

            \(ExitStatus.help(exitStatuses))
            """)

    @Argument(help: ArgumentHelp("The items, one per line; - or nothing reads standard input.", valueName: "file"))
    var file: String?

    @OptionGroup var phrase: PhraseOptions
    @Option(help: VoiceOption.help) var voice: String?

    @Option(name: .customLong("voice-folder"), help: ArgumentHelp(
        "A voice items may name by \"voice\", as NAME=DIR (repeatable); the bundled voices need none.", valueName: "name=dir"))
    var voiceFolders: [String] = []
    @OptionGroup var output: OutputOptions

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "How many announcements to render at once, 1 to \(Self.mostJobs) (default: the number of cores, here \(Self.defaultJobs)).",
        valueName: "n"))
    var jobs: Int?

    /// The most render threads a batch may use.
    static let mostJobs = 256
    /// The number of cores, at most ``mostJobs``.
    static let defaultJobs = min(mostJobs, ProcessInfo.processInfo.activeProcessorCount)

    @Flag(name: .customLong("dry-run"), help: "Plan only: print the explain JSON of each item, write no audio.")
    var dryRun = false

    @Flag(help: "Render again even when the file already exists.")
    var force = false

    func validate() throws {
        if let jobs, !(1...Self.mostJobs).contains(jobs) {
            throw ValidationError("--jobs must be between 1 and \(Self.mostJobs)")
        }
        _ = try Self.folders(voiceFolders)
    }

    func run() throws {
        TemporaryFiles.shared.removeOnTermination()
        let announcer = try VoiceOption.announcer(voice: voice, output.announcerOptions(phrase))
        let reader: LineReader
        do {
            reader = try LineReader(path: file)
        } catch {
            throw Console.fail(error)
        }
        let folder = output.folder
        if !dryRun {
            do { try folder.create() } catch { throw Console.fail(error) }
        }
        let named = try Self.folders(voiceFolders)
        let pipeline = BatchPipeline(
            announcer: announcer, folder: folder,
            options: .init(jobs: jobs ?? Self.defaultJobs, dryRun: dryRun, force: force, fenByDefault: phrase.fen, durable: output.fsync,
                           soundURLBase: output.soundURLBase, at: output.at),
            voices: { name in try Self.voice(named: name, folders: named) })
        let progress = BatchProgress(totalBytes: file.flatMap(Self.fileSize))
        let summary = pipeline.run(lines: reader, emit: { Console.write($0.report.jsonLine) }) { state in
            Console.flush()
            progress.update(state)
        }
        progress.finish()
        Console.flush()
        if let stoppedBy = summary.stoppedBy {
            Console.error(stoppedBy)
        } else if summary.failures > 0 {
            Console.error("batch: \(summary.failures) of \(summary.items) items failed")
        }
        if let worst = summary.worst { throw Console.exit(ExitStatus(worst)) }
    }

    static func fileSize(_ path: String) -> Int? {
        guard path != "-" else { return nil }
        return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    }

    /// `NAME=DIR` pairs by their lower-cased name.
    static func folders(_ pairs: [String]) throws -> [String: String] {
        var folders: [String: String] = [:]
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let name = BatchItem.voiceName(String(parts[0])), !parts[1].isEmpty else {
                throw ValidationError("--voice-folder must be NAME=DIR (NAME: letters, digits, '.', '-', '_'), not '\(MessageText.escaped(pair))'")
            }
            guard folders[name] == nil else { throw ValidationError("--voice-folder names '\(name)' twice") }
            folders[name] = String(parts[1])
        }
        return folders
    }

    /// The voice a batch item names: a folder given by name, else a bundled
    /// voice; a name that is neither is refused, naming those there are.
    static func voice(named name: String, folders: [String: String]) throws -> Voice {
        let executable = VoiceLocator.currentExecutablePath()
        guard let path = folders[name] ?? VoiceLocator.bundled(named: name, executablePath: executable) else {
            let known = (Array(folders.keys).sorted() + VoiceLocator.bundledNames(executablePath: executable)).joined(separator: ", ")
            throw VoiceError(.notFound, "no voice \(MessageText.quoted(name)) for this batch (it knows: \(known)); name a bundled voice or give --voice-folder NAME=DIR")
        }
        return try Voice(at: path)
    }
}
