import AnnounceCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File names and folders for sounds iOS plays.
public enum SoundName {
    /// Where iOS looks for notification sounds inside a container.
    public static let soundsPath = "Library/Sounds"

    /// Why a `--name` was refused.
    public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Checks a user-chosen file name: ASCII letters, digits, `.`, `_`, `-`,
    /// not starting with `.`, no `..`, at most 255 bytes, ending in the
    /// format's extension.
    public static func validate(_ name: String, format: OutputFormat) throws(Invalid) {
        let quoted = "'\(name)'"
        if name.contains("/") || name.contains("\\") {
            throw Invalid(description: "sound name \(quoted) must be a file name, not a path")
        }
        guard name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }) else {
            throw Invalid(description: "sound name \(quoted) may only use ASCII letters, digits, '.', '_' and '-'")
        }
        guard !name.hasPrefix("."), !name.contains("..") else {
            throw Invalid(description: "sound name \(quoted) must not start with '.' or contain '..'")
        }
        guard name.utf8.count <= 255 else { throw Invalid(description: "sound name is longer than 255 bytes") }
        let suffix = ".\(format.fileExtension)"
        guard name.lowercased().hasSuffix(suffix), name.count > suffix.count else {
            throw Invalid(description: "sound name \(quoted) must end in \(suffix) for \(format.container.rawValue) files")
        }
    }

    /// `root/Library/Sounds`, made if missing.
    public static func soundsDirectory(root: String) throws(AudioError) -> String {
        let directory = Paths.join(root, soundsPath)
        try makeDirectories(directory, for: directory)
        return directory
    }

    /// `mkdir -p`: each missing folder of `path` is made. A file in the way
    /// or a refusal is one line naming `target` and the reason.
    static func makeDirectories(_ path: String, for target: String) throws(AudioError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                let obstacle = path == target ? "a file is in the way" : "\(path) is a file, not a folder"
                throw AudioError(.unwritable, "cannot create \(target): \(obstacle)")
            }
            return
        }
        let parent = Paths.parent(of: path)
        if !parent.isEmpty, parent != path { try makeDirectories(parent, for: target) }
        if mkdir(path, 0o777) != 0 && errno != EEXIST {
            throw AudioError(.unwritable, "cannot create \(target): \(String(cString: strerror(errno)))")
        }
    }
}
