import Foundation

/// Places in the package's own source tree that tests read.
package enum RepositoryPaths {
    /// The package root (the folder holding Package.swift).
    package static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().standardized

    /// The bundled voice, `Clips/default`.
    package static let bundledVoice: URL = root.appendingPathComponent("Clips/default")

    /// `name` relative to the package root.
    package static func file(_ name: String) -> URL { root.appendingPathComponent(name) }
}
