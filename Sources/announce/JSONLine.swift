import AnnounceAudio
import AnnounceCore
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The JSON lines announce prints: one object per amount, one line each,
/// keys in sorted order, so the output is stable byte for byte.
enum JSONLine {
    static func explain(input: String, phrase: Phrase, clips: [PlannedClip]) -> String {
        var object = JSONObject()
        object.add("amount", input)
        object.add("clips", clips)
        object.add("text", phrase.text)
        object.add("words", phrase.words)
        return object.line
    }

    static func render(input: String, announcement: Announcement, clips: [PlannedClip], sound: WrittenSound) -> String {
        var object = JSONObject()
        object.add("amount", input)
        object.add("bytes", sound.bytes)
        object.add("clips", clips)
        object.add("duration", milliseconds(announcement.duration))
        object.add("encoding", announcement.format.encoding.rawValue)
        object.add("file", sound.path)
        object.add("format", announcement.format.container.rawValue)
        object.add("sampleRate", announcement.sampleRate)
        object.add("sound", sound.name)
        object.add("speed", milliseconds(announcement.speed))
        object.add("text", announcement.phrase.text)
        object.add("words", announcement.phrase.words)
        return object.line
    }

    static func batch(_ line: BatchLine) -> String {
        var object = JSONObject()
        object.add("amount", line.amount)
        if let bytes = line.bytes { object.add("bytes", bytes) }
        if let cached = line.cached { object.add("cached", cached) }
        if let clips = line.clips { object.add("clips", clips) }
        if let duration = line.duration { object.add("duration", duration) }
        if let encoding = line.encoding { object.add("encoding", encoding) }
        if let error = line.error { object.add("error", error) }
        if let file = line.file { object.add("file", file) }
        if let format = line.format { object.add("format", format) }
        if let id = line.id { object.add("id", id) }
        object.add("line", line.line)
        if let sampleRate = line.sampleRate { object.add("sampleRate", sampleRate) }
        if let sound = line.sound { object.add("sound", sound) }
        if let speed = line.speed { object.add("speed", speed) }
        if let text = line.text { object.add("text", text) }
        if let words = line.words { object.add("words", words) }
        return object.line
    }

    static func error(input: String, message: String) -> String {
        var object = JSONObject()
        object.add("amount", input)
        object.add("error", message)
        return object.line
    }

    /// Seconds to the millisecond, as every duration in the JSON lines.
    static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Encodes a report that is printed once (voice check, prune) with JSONEncoder.
    static func encode(_ value: some Encodable) -> String {
        // Encoding these plain values cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// One clip of a plan as `explain` shows it: the words it says, its file in
/// the voice folder, and its length in seconds.
struct PlannedClip: Sendable {
    let words: String
    let file: String
    let duration: Double
    /// `{"duration":…,"file":…,"words":…}`, made once.
    let json: String

    init(words: String, file: String, duration: Double) {
        self.words = words
        self.file = file
        self.duration = duration
        var object = JSONObject()
        object.add("duration", duration)
        object.add("file", file)
        object.add("words", words)
        let line = object.line
        json = String(line.dropLast())
    }
}

/// A rejected amount: an error object on stdout with `--json` (the other
/// lines go on), else one line on stderr.
func reportRejected(input: String, message: String, json: Bool) {
    if json {
        writeOutput(JSONLine.error(input: input, message: message))
    } else {
        printError(message)
    }
}
