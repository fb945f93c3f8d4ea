import AnnounceServer
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Makes a voice folder from a ``/AnnounceStudio/VoiceScript``: from a recording session of
/// its items (``build(recordings:into:)``) or from a TTS command run once per
/// item (``build(command:into:)``).
///
/// Each clip is cut with the engine's own trimming rule
/// (``ClipPreparation``), written as a 16-bit WAV, and listed in `voice.json`
/// with its rules. The voice is then checked (``VoiceInspection``) and must
/// plan every reading and prefix of the script before it is moved into
/// place; otherwise nothing is left.
package struct VoiceBuilder: Sendable {
    /// Who the voice is and where it came from, for `voice.json`.
    package struct Details: Sendable {
        /// The voice id: 1–64 of `a-z 0-9 . _ -`.
        package var id: String
        /// A human name; default: the id.
        package var name: String?
        /// The licence of the recordings or of the engine's output.
        package var license: String?
        /// Who spoke or which engine, where and how it was recorded.
        package var provenance: String?
        /// The build date as written in the manifest (`2026-11-23`); given,
        /// so the same inputs give the same manifest.
        package var date: String

        /// Details for `voice.json`; only the id and the date are required.
        package init(id: String, name: String? = nil, license: String? = nil, provenance: String? = nil, date: String) {
            self.id = id
            self.name = name
            self.license = license
            self.provenance = provenance
            self.date = date
        }
    }

    /// What was recorded, in order.
    package var script: VoiceScript
    /// Who the voice is, for `voice.json`.
    package var details: Details
    /// The trimming rule: the renderer's own.
    package var preparation = ClipPreparation()
    /// The rate the clips are written at; nil: the first recording's (or
    /// TTS output's). By default ``defaultSampleRate``, the bundled voice's.
    package var outputRate: Int? = VoiceBuilder.defaultSampleRate
    /// Audacity label tracks, one per recording in order: the items are
    /// the labelled stretches instead of what energy segmentation finds.
    package var labels: [String] = []
    /// Stretches of the recordings to leave out (a bad take, a cough).
    package var skips: [Skip] = []
    /// A voice to compare the sounds with when one item seems missing
    /// (the bundled voice): its clip for each item tells which is missing.
    package var reference: Voice?

    /// A stretch of a recording to leave out: `START-END` in seconds, in
    /// `file` (a recording's file name) or, when nil, in every recording.
    package struct Skip: Sendable, Equatable {
        package var file: String?
        package var start: Double
        package var end: Double

        package init(file: String? = nil, start: Double, end: Double) {
            self.file = file
            self.start = start
            self.end = end
        }

        /// Parses `12.3-13.1` or `take2.wav:12.3-13.1`.
        package init?(_ text: String) {
            var rest = Substring(text)
            var file: String?
            if let colon = text.lastIndex(of: ":") {
                file = String(text[..<colon])
                rest = text[text.index(after: colon)...]
            }
            let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let start = Double(parts[0]), let end = Double(parts[1]), start.isFinite, end.isFinite,
                start >= 0, end > start
            else { return nil }
            self.init(file: file?.isEmpty == true ? nil : file, start: start, end: end)
        }
    }

    /// The largest amount the voice is declared to say, written to
    /// `voice.json` as `maximumAmount`; nil: none declared (99,999,999.99 is checked).
    package var maximumAmount: Amount?

    /// 16 kHz: speech needs nothing above 8 kHz, a phone's speaker gives
    /// nothing more, and each second of a notification file is 32 kB in
    /// 16-bit PCM, the size the extension downloads.
    package static let defaultSampleRate = 16_000

    /// A builder for `script` with `details`.
    package init(script: VoiceScript, details: Details) {
        self.script = script
        self.details = details
    }

    /// One item cut out of its source, before it is written.
    struct Cut {
        var samples: [Float]
        var source: String
        var start: Double
        var end: Double
        /// The noise floor around it in dBFS; nil for digital silence.
        var floor: Double?
    }

    /// Writes the cut items as a voice into `directory` and checks it.
    func write(
        _ cuts: [Cut], sampleRate: Int, method: String, command: String?, sources: [String], into directory: String,
        folder existing: BuildFolder? = nil
    ) throws(VoiceBuildError) -> VoiceBuildReport {
        let folder: BuildFolder
        if let existing { folder = existing } else { folder = try BuildFolder(for: directory) }
        var items: [VoiceBuildReport.Item] = []
        var clips: [String: BuiltManifest.Clip] = [:]
        for (item, cut) in zip(script.items, cuts) {
            let path = folder.file(item.file)
            do {
                try SoundFile.write(
                    AudioBuffer(sampleRate: sampleRate, samples: cut.samples),
                    format: try OutputFormat(container: .wav, encoding: .pcm16), to: path)
            } catch {
                throw VoiceBuildError(.output, error.description)
            }
            clips[item.key] = BuiltManifest.Clip(file: item.file, when: item.when)
            let statistics = AudioBuffer(sampleRate: sampleRate, samples: cut.samples).statistics
            items.append(VoiceBuildReport.Item(
                number: item.number, text: item.text, file: item.file, source: cut.source,
                start: Self.round(cut.start, 1000), end: Self.round(cut.end, 1000),
                duration: Self.round(statistics.duration, 1000), peak: Self.round(statistics.peak, 10),
                rms: Self.round(statistics.rms, 10),
                snr: cut.floor.map { Self.round(statistics.rms - $0, 10) }))
        }
        let manifest = BuiltManifest(
            id: details.id, name: details.name ?? details.id, language: script.language.tag, license: details.license,
            provenance: details.provenance,
            sampleRate: sampleRate, date: details.date, sources: sources, covers: script.coverage,
            maximumAmount: maximumAmount?.description,
            generator: .init(
                tool: "announce voice build", method: method, command: command,
                script: .init(version: script.version, options: script.options, prefixes: script.prefixes, phrases: script.phrases),
                trim: "the renderer's rule: \(Int(-preparation.silenceThreshold)) dB below the loudest \(Int(preparation.window * 1000)) ms window, "
                    + "\(Int(preparation.leadMargin * 1000)) ms before, \(Int(preparation.tailMargin * 1000)) ms after"),
            clips: clips)
        let manifestPath = folder.file(Voice.manifestName)
        do {
            try Data(manifest.json().utf8).write(to: URL(fileURLWithPath: manifestPath))
        } catch {
            throw VoiceBuildError(.output, "cannot write \(Paths.join(directory, Voice.manifestName)): \(error)")
        }
        let warnings = try check(folder.path, shownAs: directory)
        try folder.commit()
        return VoiceBuildReport(directory: directory, id: details.id, sampleRate: sampleRate, items: items, warnings: warnings)
    }

    /// Runs `voice check` on the built folder: every clip, and every
    /// message, prefix and reading the script covers said within the budget
    /// up to the maximum amount; returns the warnings, a clip whose tone
    /// disagrees with its script among them.
    private func check(_ path: String, shownAs directory: String) throws(VoiceBuildError) -> [String] {
        let voice: Voice
        do {
            voice = try Voice(at: path)
        } catch {
            throw VoiceBuildError(.check, "the built voice is not valid: \(error.description)")
        }
        let inspection = VoiceInspection(voice: voice)
        let problems = inspection.problems
        guard problems.isEmpty else {
            var error = VoiceBuildError(.check, problems.map { "the built voice fails its check: \($0.replacing(path, with: directory))" })
            error.budget = inspection.budget
            throw error
        }
        return inspection.warnings + inspection.toneProblems.map { "\($0) (voice check ends with 78)" }
    }

    /// Checks the id before any work is done.
    func requireValidID() throws(VoiceBuildError) {
        let id = details.id
        let valid = !id.isEmpty && id.count <= 64
            && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-" }
        guard valid else {
            throw VoiceBuildError(.usage, "voice id '\(id)' must be 1–64 lowercase ASCII letters, digits, '.', '_' or '-'")
        }
    }

    /// The part of `samples` the trimming rule keeps, as a range.
    func speechRange(_ samples: ArraySlice<Float>, sampleRate: Int) -> Range<Int>? {
        samples.withUnsafeBufferPointer { buffer in
            preparation.speech(in: buffer, sampleRate: sampleRate)?.0
        }.map { ($0.lowerBound + samples.startIndex)..<($0.upperBound + samples.startIndex) }
    }

    static func round(_ value: Double, _ scale: Double) -> Double {
        value.isFinite ? (value * scale).rounded() / scale : -999
    }

    /// The file name part of a path, for the manifest's sources.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
