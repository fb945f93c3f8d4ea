import AnnounceServer
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `voice.json` the builder writes: the manifest fields announce reads,
/// plus where the voice came from. Keys are sorted, so the same build gives
/// the same bytes.
struct BuiltManifest: Encodable {
    struct Clip: Encodable {
        let file: String
        /// Always written, so that an empty list keeps the defaults away.
        let when: [ClipRule]
    }

    struct Generator: Encodable {
        let tool: String
        let method: String
        let command: String?
        let script: Script
        let trim: String
    }

    struct Script: Encodable {
        let version: Int
        let options: ReadingOptions
        let prefixes: [String]
        let phrases: [String]
    }

    let format = VoiceManifest.supportedFormat
    let id: String
    let name: String
    /// The script's language, as its tag.
    let language: String
    let license: String?
    let provenance: String?
    let sampleRate: Int
    let date: String
    let sources: [String]
    /// What the script covers: `voice check` checks each of it.
    let covers: VoiceCoverage
    /// The largest amount declared, if any.
    let maximumAmount: String?
    let generator: Generator
    let clips: [String: Clip]

    /// The manifest as JSON text with a final newline.
    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
