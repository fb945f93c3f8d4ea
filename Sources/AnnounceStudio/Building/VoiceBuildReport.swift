import AnnounceServer

/// What `announce voice build` made: the voice and, per item, where it was
/// found and how it measures. Times and levels are rounded (1 ms, 0.1 dB) so
/// the report is stable.
package struct VoiceBuildReport: Codable, Equatable, Sendable {
    /// One item of the script as built.
    package struct Item: Codable, Equatable, Sendable {
        /// The item's number in the script.
        package var number: Int
        /// What the item says.
        package var text: String
        /// The clip file written, in the voice folder.
        package var file: String
        /// The recording (file name) or `tts` the item came from.
        package var source: String
        /// Where the clip starts in its source, in seconds.
        package var start: Double
        /// Where the clip ends in its source, in seconds.
        package var end: Double
        /// The clip's length, in seconds.
        package var duration: Double
        /// The clip's sample peak, in dBFS.
        package var peak: Double
        /// The clip's RMS level, in dBFS.
        package var rms: Double
        /// The clip's RMS above the noise floor around it, in dB; nil when
        /// the floor is digital silence.
        package var snr: Double?
    }

    /// The voice folder written.
    package var directory: String
    /// The voice's id.
    package var id: String
    /// The rate of every clip, in Hz.
    package var sampleRate: Int
    /// Each item of the script, in order.
    package var items: [Item]
    /// What `voice check` warned about the built voice.
    package var warnings: [String]

    /// The report as aligned text, one line per item.
    package var text: String {
        var out = "voice \(id): \(items.count) clips at \(sampleRate) Hz in \(directory)\n"
        for item in items {
            let snr = item.snr.map { "\($0.decimal(maximumDigits: 1)) dB" } ?? "-"
            out += "  \(item.number). \(item.text) \(item.file): \(item.source) \(item.start.decimal(maximumDigits: 3))–"
                + "\(item.end.decimal(maximumDigits: 3)) s, \(Int((item.duration * 1000).rounded())) ms, "
                + "peak \(item.peak.decimal(maximumDigits: 1)) dBFS, rms \(item.rms.decimal(maximumDigits: 1)) dBFS, snr \(snr)\n"
        }
        for warning in warnings { out += "warning: \(warning)\n" }
        return out
    }
}

extension VoiceBuildReport {
    /// The report as one JSON line (`announce voice build --json`), keys sorted.
    package var jsonLine: String {
        var object = JSONObject()
        object.add("directory", directory)
        object.add("id", id)
        object.add("items", items.map { item in
            var fields = JSONObject()
            fields.add("duration", item.duration)
            fields.add("end", item.end)
            fields.add("file", item.file)
            fields.add("number", item.number)
            fields.add("peak", item.peak)
            fields.add("rms", item.rms)
            fields.addIfPresent("snr", item.snr)
            fields.add("source", item.source)
            fields.add("start", item.start)
            fields.add("text", item.text)
            return fields
        })
        object.add("sampleRate", sampleRate)
        object.add("warnings", warnings)
        return object.line
    }
}
