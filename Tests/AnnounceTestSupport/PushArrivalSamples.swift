import Foundation

/// The pushes as each service delivers them to the extension
/// (Tests/Shared/push-arrivals: one sample per service, sources cited in
/// PushArrivalTests, and `bad.json`, the arrivals the phone refuses), shared
/// by the wire contract's tests and `announce check-push`'s.
package enum PushArrivalSamples {
    /// The samples' folder, from the package's root.
    package static let folder = "Tests/Shared/push-arrivals"

    /// One refused arrival: its name, the refusal's kind, what the one-line
    /// refusal says, and the push as JSON text.
    package struct Bad: Decodable, Sendable {
        package let name: String
        package let kind: String
        package let says: String
        package let push: String
    }

    /// Every refused arrival of `bad.json`.
    /// A table that reads as empty is an error, not a test that passes on
    /// nothing.
    package static func bad() throws -> [Bad] {
        let table = try JSONDecoder().decode([Bad].self, from: Data(contentsOf: RepositoryPaths.file("\(folder)/bad.json")))
        guard !table.isEmpty else { throw EmptyTable(file: "\(folder)/bad.json") }
        return table
    }
}
