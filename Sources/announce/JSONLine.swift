import AnnounceAudio
import AnnounceCore
import Foundation

/// The JSON lines announce prints: one object per amount, one line each.
/// Keys are sorted, so the output is stable byte for byte.
enum JSONLine {
    private struct ExplainLine: Encodable {
        let amount: String
        let clips: [PlannedClip]
        let text: String
        let words: [String]
    }

    private struct RenderLine: Encodable {
        let amount: String
        let bytes: Int
        let clips: [PlannedClip]
        let duration: Double
        let encoding: String
        let file: String
        let format: String
        let sampleRate: Int
        let sound: String
        let speed: Double
        let text: String
        let words: [String]
    }

    private struct ErrorLine: Encodable {
        let amount: String
        let error: String
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func explain(input: String, phrase: Phrase, clips: [PlannedClip]) -> String {
        encode(ExplainLine(amount: input, clips: clips, text: phrase.text, words: phrase.words))
    }

    static func render(input: String, announcement: Announcement, clips: [PlannedClip], sound: WrittenSound) -> String {
        encode(RenderLine(
            amount: input, bytes: sound.bytes, clips: clips,
            duration: (announcement.duration * 1000).rounded() / 1000,
            encoding: announcement.format.encoding.rawValue, file: sound.path,
            format: announcement.format.container.rawValue, sampleRate: announcement.audio.sampleRate,
            sound: sound.name, speed: (announcement.speed * 1000).rounded() / 1000,
            text: announcement.phrase.text, words: announcement.phrase.words))
    }

    static func batch(_ line: BatchLine) -> String {
        encode(line)
    }

    static func error(input: String, message: String) -> String {
        encode(ErrorLine(amount: input, error: message))
    }

    static func encode(_ value: some Encodable) -> String {
        // Encoding plain strings and arrays of strings cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// One clip of a plan as `explain` shows it: the words it says, its file in
/// the voice folder, and its length in seconds.
struct PlannedClip: Encodable {
    let words: String
    let file: String
    let duration: Double
}
