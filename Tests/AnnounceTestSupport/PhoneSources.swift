import Foundation

/// The Swift sources the phone compiles, read line by line for the scans
/// that keep them Foundation-only (imports, platform spellings, platform math).
package enum PhoneSources {
    /// Every phone target's folder: the steps (common, language, voice, wire
    /// contract, engine) and the extension's logic.
    package static let libraries = [
        "Sources/AnnounceCommon", "Sources/AnnounceLanguage", "Sources/AnnounceVoice", "Sources/AnnounceWire", "Sources/AnnounceEngine",
    ]
    /// The extension's logic, which the Xcode project compiles into the
    /// app's own targets.
    package static let extensionLogic = "Sources/AnnounceExtensionLogic"
    /// Every folder the phone compiles.
    package static let folders = libraries + [extensionLogic]

    /// One line of a source file, its comment dropped.
    package struct Line: Sendable {
        /// The file, relative to the package root.
        package let file: String
        /// The line's number, from 1.
        package let number: Int
        /// The code before any `//`.
        package let code: String

        package init(file: String, number: Int, code: String) {
            self.file = file
            self.number = number
            self.code = code
        }
    }

    /// The lines of every Swift file below `folder`, in a stable order.
    package static func lines(below folder: String) throws -> [Line] {
        let root = RepositoryPaths.file(folder)
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        let urls = files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
        var lines: [Line] = []
        for url in urls {
            let text = try String(contentsOf: url, encoding: .utf8)
            // The enumerator builds each URL from the root's.
            let file = folder + url.path.dropFirst(root.path.count)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                lines.append(Line(file: file, number: index + 1, code: code))
            }
        }
        return lines
    }
}
