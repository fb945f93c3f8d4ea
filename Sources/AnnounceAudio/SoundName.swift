import Foundation

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
        let directory = (root as NSString).appendingPathComponent(soundsPath)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw AudioError(.unwritable, "cannot create \(directory): \(Self.reason(error))")
        }
        return directory
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileWriteFileExistsError {
            return "a file is in the way"
        }
        return nsError.localizedDescription
    }
}
