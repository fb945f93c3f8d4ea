import AnnounceServer
import AnnounceStudio
import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct VoiceBuildCommand: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = [.success, .usage, .dataError, .noInput, .cannotCreate, .outputClosed]

    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a checked voice from recordings of a script's items, or from a TTS command.",
        discussion: """
            Recordings: the speaker reads the script's items in order, with at least 400 ms of silence between them, in one or several files of any format and rate libsndfile reads. With --labels, an Audacity label track per recording marks the items instead, so a take read fluently (short pauses) builds; each label edge must fall in a pause. When the items found do not match the script, nothing is written and each problem is one line with its time in the recording. --tts runs COMMAND through /bin/sh once per item, with {text}, {romanisation} (also under the romanisation's own name: \(Language.all.map { "{\($0.romanisation)} in a \($0.displayName) script" }.joined(separator: ", "))), {marks} and {out} replaced by shell-quoted values (do not quote them again); the command writes the item's sound to {out}. A --tts command that runs scripts/tts/speak or announce-speak (a cloud speech service) needs --license: the team's terms for that service's audio. The voice is built in a temporary folder and moved to --out (new or empty) once it passes its check.

            Recordings that do not match the script, and a bad script, are rejected input; a recording or script that cannot be read, a failed TTS command and a built voice that fails its check (the budget table it measured is printed first) are a broken input.

            \(ExitStatus.help(exitStatuses))
            """)

    @Option(help: ArgumentHelp("The script, from 'announce voice script --format json'.", valueName: "file"))
    var script: String

    @Argument(help: ArgumentHelp("The recordings, in the order they were read.", valueName: "recording"))
    var recordings: [String] = []

    @Option(help: ArgumentHelp("A TTS command line instead of recordings.", valueName: "command"))
    var tts: String?

    @Option(help: ArgumentHelp("The voice folder to make (new or empty).", valueName: "dir"))
    var out: String

    @Option(help: "The voice id: lowercase letters, digits, '.', '_', '-'.")
    var id: String

    @Option(help: "A human name for the voice (default: the id).")
    var name: String?

    @Option(help: "The licence of the recordings, for voice.json.")
    var license: String?

    @Option(help: "Where the recordings come from (speaker, studio, engine), for voice.json.")
    var provenance: String?

    @Option(help: ArgumentHelp("The date written in voice.json (default: $SOURCE_DATE_EPOCH, else today, UTC).", valueName: "yyyy-mm-dd"))
    var date: String?

    @Option(help: ArgumentHelp("An Audacity label track (start, end, label; tab-separated; regions, or points that run to the next label) marking the items of a recording, instead of finding them by energy (repeatable: one per recording, in order).", valueName: "file"))
    var labels: [String] = []

    @Option(help: ArgumentHelp("A stretch of the recordings to leave out, in seconds: 12.3-13.1, or take2.wav:12.3-13.1 (repeatable).", valueName: "start-end"))
    var skip: [String] = []

    @Option(name: .customLong("maximum-amount"), help: ArgumentHelp("The largest amount the voice says, written to voice.json: check and render refuse more (default: 99999999.99 is checked).", valueName: "amount"))
    var maximumAmount: String?

    @Option(name: .customLong("sample-rate"), help: ArgumentHelp("The rate the clips are written at, in Hz (default: 16000, the bundled voice's; recordings at other rates are resampled).", valueName: "hz"))
    var sampleRate: Int = VoiceBuilder.defaultSampleRate

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    func validate() throws {
        if recordings.isEmpty == (tts == nil) {
            throw ValidationError("give either recordings or --tts COMMAND")
        }
        if let bad = skip.first(where: { VoiceBuilder.Skip($0) == nil }) {
            throw ValidationError("--skip '\(bad)' must be START-END in seconds (12.3-13.1), optionally after a recording's file name and ':'")
        }
        if !labels.isEmpty && tts != nil { throw ValidationError("--labels marks items in recordings, not with --tts") }
        if let tts, license?.allSatisfy(\.isWhitespace) ?? true, Self.runsCloudService(tts) {
            throw ValidationError(
                "--tts runs a cloud speech service (scripts/tts/speak): give --license with what the team's contract with the service allows for its audio; the build does not guess one")
        }
        if let date, !Self.isDate(date) {
            throw ValidationError("--date \(MessageText.quoted(date)) is not a date such as 2026-11-23 (YYYY-MM-DD)")
        }
        if date == nil, let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], Self.epoch(epoch) == nil {
            throw ValidationError("SOURCE_DATE_EPOCH \(MessageText.quoted(epoch)) is not whole seconds since 1970 (up to year 9999)")
        }
        guard RenderSettings.sampleRates.contains(sampleRate) else {
            throw ValidationError(
                "--sample-rate \(sampleRate) is not offered (\(RenderSettings.sampleRates.lowerBound) to \(RenderSettings.sampleRates.upperBound) Hz)")
        }
        if let maximumAmount, ((try? Amount(parsing: maximumAmount))?.fen ?? 0) == 0 {
            throw ValidationError("--maximum-amount \(MessageText.quoted(maximumAmount)) is not an amount above 0 such as 9999999.99")
        }
    }

    func run() throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: script))
        } catch {
            Console.error("\(script): the script cannot be read")
            throw Console.exit(.noInput)
        }
        let parsed: VoiceScript
        do {
            parsed = try VoiceScript(json: data, source: script)
        } catch {
            throw Console.fail(error)
        }
        var builder = VoiceBuilder(
            script: parsed,
            details: .init(id: id, name: name, license: license, provenance: provenance, date: date ?? Self.today()))
        builder.outputRate = sampleRate
        builder.labels = labels
        builder.skips = skip.compactMap(VoiceBuilder.Skip.init)
        builder.reference = (try? VoiceLocator.locate(explicit: nil, environment: [:])).flatMap { try? Voice(at: $0) }
        builder.maximumAmount = maximumAmount.flatMap { try? Amount(parsing: $0) }
        let report: VoiceBuildReport
        do {
            if let tts {
                // The TTS commands run with swift-subprocess, whose API is async.
                let (builder, out) = (builder, out)
                report = try waitForTask { () async -> Result<VoiceBuildReport, VoiceBuildError> in
                    do throws(VoiceBuildError) {
                        return .success(try await builder.build(command: tts, into: out))
                    } catch {
                        return .failure(error)
                    }
                }.get()
            } else {
                report = try builder.build(recordings: recordings, into: out)
            }
        } catch {
            // The budget that refused the voice, as voice check shows it.
            if let budget = error.budget, !json {
                Console.write(VoiceCheckReport.budgetTable(budget))
                Console.flush()
            }
            for line in error.lines { Console.error(line) }
            throw Console.exit(ExitStatus(for: error))
        }
        Console.write(json ? report.jsonLine : report.text)
        if !json, let voice = try? Voice(at: out), let budget = VoiceInspection(voice: voice).budget {
            Console.write(VoiceCheckReport.budgetTable(budget))
        }
        Console.flush()
    }

    /// Whether a TTS command runs `scripts/tts/speak`, which sends the items to
    /// a cloud speech service: the audio is then the service's, under the
    /// team's contract, so the build asks for the licence rather than leaving
    /// voice.json without one. The command line (service, voice, settings) is
    /// recorded as `generator.command`.
    static func runsCloudService(_ command: String) -> Bool {
        command.split(whereSeparator: { " \t\n;&|()".contains($0) }).contains { VoiceBuilder.isSpeak(String($0)) }
    }

    /// `SOURCE_DATE_EPOCH` (checked by `validate()`) or the current time, as a UTC date.
    static func today() -> String {
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Self.epoch)
        return systemUTCDate(secondsSince1970: epoch ?? Int(systemNow()))
    }

    /// Whole seconds since 1970 up to the end of year 9999, as `SOURCE_DATE_EPOCH` gives them.
    static func epoch(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 12, text.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int(text),
            seconds <= 253_402_300_799
        else { return nil }
        return seconds
    }

    /// `YYYY-MM-DD` with a month 01–12 and a day that month has.
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}
