import Foundation

/// The pushes as each service delivers them to the extension
/// (Tests/Shared/push-arrivals: one sample per service, sources cited in
/// PushArrivalTests, and `bad.json`, the arrivals the phone refuses), shared
/// by the wire contract's tests and `announce check-push`'s.
package enum PushArrivalSamples {
    /// The samples' folder, from the package's root.
    package static let folder = "Tests/Shared/push-arrivals"
    /// The sound every sample names, and where it is served.
    package static let sound = "announce-123.45-e6f65a95.caf"
    package static let url = "https://sounds.example.com/announce-123.45-e6f65a95.caf"

    /// The sample of the service named `service` (its raw value: `jpush`).
    package static func sample(_ service: String) throws -> [UInt8] {
        Array(try Data(contentsOf: RepositoryPaths.file("\(folder)/\(service).json")))
    }

    /// The push as iOS hands it over: the JSON decoded by Foundation.
    package static func userInfo(_ bytes: [UInt8]) throws -> [AnyHashable: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [AnyHashable: Any] else {
            throw NotAnObject()
        }
        return object
    }

    /// A push whose JSON is not an object.
    package struct NotAnObject: Error {}

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
