import AnnounceServer
import AnnounceStudio
import ArgumentParser

struct VoiceCheck: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = [.success, .usage, .noInput, .outputClosed, .tonesDisagree]

    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a voice: manifest, every clip decoded and measured, the reading options it supports.",
        discussion: """
            A voice that is not usable is reported with one line per problem on stderr.

            Each clip's tones are measured (its pitch, tracked by aubio) against the romanisation its script gives it, in the voice's own pitch range: each syllable is confirmed, unclear, or disagrees (sounds like another tone). A usable voice with a clip that disagrees is reported with one line per such clip on stderr; --no-tones leaves the tones unmeasured, for a voice the team accepts as it is. See docs/VOICES.md.

            \(ExitStatus.help(exitStatuses))
            """)

    @Argument(help: ArgumentHelp("The voice folder, or a bundled voice's name (default: $ANNOUNCE_VOICE, else the bundled default voice).", valueName: "dir|name"))
    var directory: String?

    // The same option as every other command's; the argument stays for
    // those who give the voice first.
    @Option(help: VoiceOption.help)
    var voice: String?

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    @Flag(name: .customLong("no-tones"), help: "Do not measure the clips' tones.")
    var noTones = false

    func validate() throws {
        if voice != nil, directory != nil { throw ValidationError("give the voice once: as --voice or as the argument") }
    }

    func run() throws {
        let voice = try VoiceOption.load(voice ?? directory)
        let inspection = VoiceInspection(voice: voice, tones: !noTones)
        Console.write(json ? inspection.jsonLine : VoiceCheckReport.table(inspection))
        Console.flush()
        for problem in inspection.problems { Console.error(problem) }
        if !inspection.isUsable { throw Console.exit(.noInput) }
        let toneProblems = inspection.toneProblems
        for problem in toneProblems { Console.error(problem) }
        if !toneProblems.isEmpty { throw Console.exit(.tonesDisagree) }
    }
}

/// The table a voice check prints.
enum VoiceCheckReport {
    static func table(_ inspection: VoiceInspection) -> String {
        let manifest = inspection.voice.manifest
        var out = "voice \(manifest.id): \(manifest.name)"
        out += ", \(manifest.language.tag)"
        out += ", \(manifest.clips.count) clips"
        if let rate = inspection.sampleRate { out += ", \(rate) Hz" }
        out += "\n  folder: \(inspection.voice.directory)\n"
        if let license = manifest.license { out += "  licence: \(license.prefix(100))\(license.count > 100 ? "…" : "")\n" }
        out += "\n"
        let header = ["word", "file", "ms", "peak dB", "rms dB", "lead ms", "trail ms", "format"]
        var rows = [header]
        for clip in inspection.clips {
            guard let info = clip.info, let stats = clip.statistics else {
                rows.append([clip.word, clip.file, "-", "-", "-", "-", "-", "unreadable"])
                continue
            }
            rows.append([
                clip.word, clip.file, milliseconds(stats.duration), decibels(stats.peak), decibels(stats.rms),
                milliseconds(stats.leadingSilence), milliseconds(stats.trailingSilence),
                "\(info.container) \(info.encoding) \(info.sampleRate) Hz \(info.channels == 1 ? "mono" : "\(info.channels) ch")",
            ])
        }
        let numeric: Set<Int> = [2, 3, 4, 5, 6]
        let widths = header.indices.map { column in rows.map { displayWidth($0[column]) }.max() ?? 0 }
        for row in rows {
            let cells = row.indices.map { column in
                pad(row[column], to: widths[column], right: numeric.contains(column))
            }
            out += "  " + cells.joined(separator: "  ").trimmingTrailingBlanks() + "\n"
        }
        let support = inspection.support
        func mark(_ ok: Bool) -> String { ok ? "yes" : "no" }
        let variants = support.variants.map { ", \($0.variant.name) (\($0.variant.words)) \(mark($0.supported))" }.joined()
        // The currency style's own words in the voice's language (角 分).
        let reader = inspection.voice.language.reader
        let decimalWords = Set(reader.vocabulary(ReadingOptions(style: .decimal)))
        let currencyWords = reader.vocabulary(ReadingOptions(style: .currency)).filter { !decimalWords.contains($0) }
        out += "\nreadings: decimal \(mark(support.decimal)), currency (\(currencyWords.joined(separator: " "))) \(mark(support.currency))\(variants)\n"
        out += "prefixes: " + support.prefixes.map { "\($0.name) \($0.text) \(mark($0.supported))" }.joined(separator: ", ") + "\n"
        if let budget = inspection.budget { out += budgetTable(budget) }
        if let tones = inspection.tones { out += "\n" + tones.lines.map { $0 + "\n" }.joined() }
        for warning in inspection.warnings { out += "warning: \(warning)\n" }
        out += inspection.isUsable ? "usable\n" : "not usable: \(inspection.problems.count) problem(s)\n"
        return out
    }

    /// Per message preset and prefix, the worst of its reading options.
    static func budgetTable(_ budget: VoiceBudget) -> String {
        let settings = budget.settings
        var out = "\ncovers: \(budget.coverage.summary)\n"
        out += "budget \(settings.budget.decimal(maximumDigits: 3)) s, speed up to \(settings.maxSpeed.shortDescription)x, "
            + "amounts up to \(budget.maximumAmount) (longest announcement of each, found exactly):\n"
        var rows = [["template", "prefix", "says", "longest", "speed", "worst case"]]
        var groups: [(key: String, rows: [VoiceBudget.Row])] = []
        for row in budget.rows {
            let key = "\(row.template)|\(row.prefix)"
            if let index = groups.firstIndex(where: { $0.key == key }) { groups[index].rows.append(row) } else { groups.append((key, [row])) }
        }
        for (_, group) in groups {
            let first = group[0]
            if let missing = group.first(where: { $0.missingWord != nil }) {
                let options = missing.options
                rows.append([first.template, first.prefix, "no: '\(missing.missingWord ?? "")' (\(options.style.rawValue))", "-", "-", "-"])
                continue
            }
            let worst = group.max { ($0.speed, $0.seconds) < ($1.speed, $1.seconds) } ?? first
            let pace = worst.speed > 1 ? worst.floorSeconds : worst.seconds
            // A speed-up is rounded up, never down to one that would not fit.
            let speed = worst.fits ? "\(fixed((worst.speed * 100 - 1e-9).rounded(.up) / 100))x" : "over"
            rows.append([
                first.template, first.prefix, "yes", "\(fixed(pace)) s", speed,
                VoiceBudget.describe(worst, atFloors: worst.speed > 1),
            ])
        }
        let widths = rows[0].indices.map { column in rows.map { displayWidth($0[column]) }.max() ?? 0 }
        for row in rows {
            out += "  " + row.indices.map { pad(row[$0], to: widths[$0], right: $0 == 3 || $0 == 4) }.joined(separator: "  ")
                .trimmingTrailingBlanks() + "\n"
        }
        return out
    }

    /// Two decimals, always: `1.00`, `6.37`.
    static func fixed(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func milliseconds(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) }

    /// One decimal, `-inf` for digital silence.
    private static func decibels(_ value: Double) -> String {
        value.decimal(maximumDigits: 1)
    }

    /// Terminal columns: CJK characters take two.
    private static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            width + ((0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                || (0xFF00...0xFF60).contains(scalar.value) || (0xFFE0...0xFFE6).contains(scalar.value) ? 2 : 1)
        }
    }

    private static func pad(_ text: String, to width: Int, right: Bool) -> String {
        let padding = String(repeating: " ", count: max(0, width - displayWidth(text)))
        return right ? padding + text : text + padding
    }
}

extension String {
    fileprivate func trimmingTrailingBlanks() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
