import AnnounceAudio
import AnnounceCore
import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render many announcements: one item per line, one JSON result per line, in order.",
        discussion: """
            Each line is a bare amount, or a JSON object {"amount": "123.45"} or {"fen": 12345} with optional
            "prefix", "name", "id" (echoed back), "style" ("decimal"/"currency"), "liang" and "leadYi" (booleans).
            Blank lines are skipped. Options give the defaults for every item.
            Each result is the render --json line plus "line" and "id"; "cached": true when the file already
            existed (not rendered again unless --force; "speed" is then absent); a failed item gives "error".
            Exit codes: 0 all items succeeded, 65 some failed (the others went through), 64 usage,
            66 voice missing or broken, 73 cannot write the output (the batch stops).
            """)

    @Argument(help: ArgumentHelp("The items, one per line; - or nothing reads standard input.", valueName: "file"))
    var file: String?

    @OptionGroup var phrase: PhraseOptions
    @OptionGroup var voiceOption: VoiceOption
    @OptionGroup var output: OutputOptions

    @Option(help: "How many announcements to render at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .customLong("dry-run"), help: "Plan only: print the explain JSON of each item, write no audio.")
    var dryRun = false

    @Flag(help: "Render again even when the file already exists.")
    var force = false

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256") }
        if output.name != nil { throw ValidationError("--name names one file: give \"name\" per item instead") }
    }

    func run() throws {
        let defaults = output.announcerOptions(phrase)
        let base = try voiceOption.announcer(defaults)
        let reader: LineReader
        do {
            reader = try LineReader(path: file)
        } catch {
            printError(error.message)
            throw ExitStatus.noInput
        }
        var directory = ""
        if !dryRun {
            do {
                directory = try SoundName.soundsDirectory(root: output.root)
            } catch {
                printError(error.message)
                throw ExitStatus.cannotCreate
            }
        }
        let worker = BatchWorker(
            base: base, defaults: defaults, durations: ClipDurations(voice: base.voice), directory: directory,
            dryRun: dryRun, force: force, fenByDefault: phrase.fen)
        let progress = BatchProgress(totalBytes: file.flatMap(Self.fileSize))
        let ordered = OrderedOutput(window: jobs * 8) { written in
            progress.update(written: written, errors: worker.failures)
        }
        let input = BatchInput(reader: reader, ordered: ordered, progress: progress)
        WorkerThreads.run(count: jobs) {
            while !worker.stopped, let item = input.next() {
                ordered.complete(item.sequence, worker.process(item.text, line: item.line))
            }
        }
        progress.finish()
        flushOutput()
        if worker.stopped {
            printError(worker.fatalMessage ?? "cannot write the output")
            throw ExitStatus.cannotCreate
        }
        if worker.failures > 0 {
            printError("batch: \(worker.failures) of \(input.count) items failed")
            throw ExitStatus.dataError
        }
    }

    static func fileSize(_ path: String) -> Int? {
        guard path != "-" else { return nil }
        return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    }
}
