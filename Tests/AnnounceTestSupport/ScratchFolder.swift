import Foundation

/// A fresh folder under the system's temporary folder, for one test.
///
///     let scratch = try ScratchFolder("render")
///     defer { scratch.remove() }
///
/// `remove()` deletes it and everything in it; the `defer` also keeps the
/// folder alive to the end of the scope. A folder not removed explicitly is
/// removed when the object goes away.
package final class ScratchFolder: @unchecked Sendable {
    package let url: URL
    package var path: String { url.path }

    /// Makes `announce-<label>-<UUID>` in the temporary folder.
    package init(_ label: String = "test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("announce-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    deinit { remove() }

    /// Deletes the folder and its contents; deleting twice is harmless.
    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// The URL of `name` (a relative path) in the folder.
    package func url(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The path of `name` (a relative path) in the folder.
    package func file(_ name: String) -> String { url(name).path }

    /// Makes the subfolder `name` (and its parents) and returns its URL.
    @discardableResult
    package func folder(_ name: String) throws -> URL {
        let folder = url(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The names in the folder, sorted.
    package func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}
