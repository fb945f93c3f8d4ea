import Foundation

/// The table of sound names and URL bases in Tests/Shared/push-cases.json,
/// which the command line's tests and the iOS extension's tests both run
/// against the one wire contract (AnnounceWire's `SoundName` and
/// `PushPayload`) and the extension's policy.
package struct PushCases: Decodable {
    /// A sound name, what the extension makes of it, and whether `--name` takes it.
    package struct Name: Decodable {
        package let name: String
        package let kind: String
        package let cliName: Bool
    }

    /// A URL base, and whether the command line and the extension take it.
    package struct URLBase: Decodable {
        package let base: String
        package let cli: Bool
        package let `extension`: Bool
    }

    package let names: [Name]
    package let urls: [URLBase]

    /// The sound name the URL cases are joined with.
    package static let soundName = "announce-123.45-e6f65a95.caf"
    /// The host the extension is configured with in the URL cases.
    package static let soundHosts: Set<String> = ["sounds.example.com"]

    /// The table, read from Tests/Shared/push-cases.json.
    /// The table; one that reads as empty is an error, not a test that
    /// passes on nothing.
    package static func load() throws -> PushCases {
        let cases = try JSONDecoder().decode(PushCases.self, from: Data(contentsOf: RepositoryPaths.file("Tests/Shared/push-cases.json")))
        guard !cases.names.isEmpty, !cases.urls.isEmpty else { throw EmptyTable(file: "Tests/Shared/push-cases.json") }
        return cases
    }

}

/// A table a table-driven test reads has no rows: the test fails rather
/// than pass on nothing.
package struct EmptyTable: Error, CustomStringConvertible {
    package let file: String
    package var description: String { "\(file) has no rows" }
}
