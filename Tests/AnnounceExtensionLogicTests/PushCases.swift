import Foundation

/// The table of sound names and URL bases in Tests/Shared/push-cases.json,
/// which the command line's tests run as well: both sides follow one rule.
struct PushCases: Decodable {
    struct Name: Decodable {
        let name: String
        let kind: String
        let cliName: Bool
    }

    struct URLBase: Decodable {
        let base: String
        let cli: Bool
        let `extension`: Bool
    }

    let names: [Name]
    let urls: [URLBase]

    /// The sound name the URL cases are joined with.
    static let soundName = "announce-123.45-e6f65a95.caf"
    /// The host the extension is configured with in the URL cases.
    static let soundHosts: Set<String> = ["sounds.example.com"]

    static func load() throws -> PushCases {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Shared/push-cases.json")
        return try JSONDecoder().decode(PushCases.self, from: Data(contentsOf: file))
    }

    /// The URL announce prints for `sound` under `base`: the base without
    /// trailing slashes, `/`, the name (as `PushPayload.url(base:sound:)`).
    static func url(base: String, sound: String) -> String {
        var base = Substring(base)
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/" + sound
    }
}
