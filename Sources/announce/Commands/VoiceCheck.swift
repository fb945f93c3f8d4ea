import AnnounceAudio
import AnnounceCore
import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct VoiceCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a voice: manifest, every clip decoded and measured, the reading options it supports.",
        discussion: """
            Exit codes: 0 the voice is usable, 66 it is not (one line per problem on stderr).
            """)

    @Argument(help: ArgumentHelp("The voice folder (default: $ANNOUNCE_VOICE, else the bundled voice).", valueName: "dir"))
    var directory: String?

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    func run() throws {
        let voice = try VoiceOption.load(directory)
        let inspection = VoiceInspection(voice: voice)
        writeOutput(json ? VoiceCheckReport.json(inspection) : VoiceCheckReport.table(inspection))
        flushOutput()
        for problem in inspection.problems { printError(problem) }
        if !inspection.isUsable { throw ExitStatus.voiceError }
    }
}

/// The text and JSON forms of a voice check.
enum VoiceCheckReport {
    static func table(_ inspection: VoiceInspection) -> String {
        let manifest = inspection.voice.manifest
        var out = "voice \(manifest.id): \(manifest.name)"
        if let language = manifest.language { out += ", \(language)" }
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
        out += "\nreadings: decimal \(mark(support.decimal)), currency (角 分) \(mark(support.currency)), --liang (两) \(mark(support.liang))\n"
        out += "prefixes: " + support.prefixes.map { "\($0.name) \($0.text) \(mark($0.supported))" }.joined(separator: ", ") + "\n"
        for warning in inspection.warnings { out += "warning: \(warning)\n" }
        out += inspection.isUsable ? "usable\n" : "not usable: \(inspection.problems.count) problem(s)\n"
        return out
    }

    private struct Report: Encodable {
        struct VoiceFields: Encodable {
            let id, name, directory: String
            let language, license: String?
            let sampleRate: Int?
        }
        struct Clip: Encodable {
            let word, file: String
            let duration, peak, rms, leadingSilence, trailingSilence: Double?
            let sampleRate, channels: Int?
            let container, encoding: String?
        }
        struct Support: Encodable {
            let decimal, currency, liang: Bool
            let prefixes: [String: Bool]
        }
        let voice: VoiceFields
        let clips: [Clip]
        let supports: Support
        let problems, warnings: [String]
        let usable: Bool
    }

    static func json(_ inspection: VoiceInspection) -> String {
        let manifest = inspection.voice.manifest
        func rounded(_ value: Double?, _ scale: Double) -> Double? {
            // JSON has no infinity: a level of digital silence is null.
            guard let value, value.isFinite else { return nil }
            return (value * scale).rounded() / scale
        }
        let report = Report(
            voice: .init(id: manifest.id, name: manifest.name, directory: inspection.voice.directory,
                         language: manifest.language, license: manifest.license, sampleRate: inspection.sampleRate),
            clips: inspection.clips.map { clip in
                Report.Clip(
                    word: clip.word, file: clip.file, duration: rounded(clip.statistics?.duration, 1000),
                    peak: rounded(clip.statistics?.peak, 10), rms: rounded(clip.statistics?.rms, 10),
                    leadingSilence: rounded(clip.statistics?.leadingSilence, 1000),
                    trailingSilence: rounded(clip.statistics?.trailingSilence, 1000),
                    sampleRate: clip.info?.sampleRate, channels: clip.info?.channels,
                    container: clip.info?.container, encoding: clip.info?.encoding)
            },
            supports: .init(
                decimal: inspection.support.decimal, currency: inspection.support.currency, liang: inspection.support.liang,
                prefixes: Dictionary(inspection.support.prefixes.map { ($0.text, $0.supported) }, uniquingKeysWith: { $0 && $1 })),
            problems: inspection.problems, warnings: inspection.warnings, usable: inspection.isUsable)
        return JSONLine.encode(report)
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
