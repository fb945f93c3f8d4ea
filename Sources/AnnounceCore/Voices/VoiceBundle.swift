#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A voice folder the app ships in its bundle (or keeps in its own
/// container), read with Foundation: the phone's ``VoiceStore``.
///
/// The folder is the app's own, signed with it, so the store checks what
/// keeps a reader from blocking or reading the wrong thing (the manifest and
/// each clip that exists are regular files) and leaves symbolic links to the
/// app: the manifest already refuses a clip path that is absolute or has `..`.
///
/// ```swift
/// let folder = Bundle.main.url(forResource: "default", withExtension: nil)!
/// let voice = try Voice(store: VoiceBundle(folder: folder))
/// ```
public struct VoiceBundle: VoiceStore, Sendable {
    /// The voice folder.
    public let folder: URL

    /// The voice in `folder`, which holds `voice.json` and the clips.
    public init(folder: URL) {
        self.folder = folder
    }

    public var directory: String { folder.path }

    public var manifestPath: String { Paths.join(directory, Voice.manifestName) }

    public func readManifest(limit: Int) throws(VoiceError) -> [UInt8] {
        var manifest: String { MessageText.escaped(manifestPath) }
        guard let type = Self.type(of: manifestPath) else {
            throw Self.type(of: directory) == .typeDirectory ? .noManifest(directory) : .noFolder(directory)
        }
        guard type == .typeRegular else { throw VoiceError(.unusableFile, "\(manifest): is not a regular file") }
        // The app's own file: read whole, then held to the limit.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: manifestPath)) else {
            throw VoiceError(.unreadableManifest, "\(manifest): cannot be read")
        }
        guard data.count <= limit else {
            throw VoiceError(.unreadableManifest, "\(manifest): is too large (\(data.count) bytes; at most \(limit))")
        }
        return Array(data)
    }

    public func locateClip(_ file: String, word: String) throws(VoiceError) -> String {
        let path = Paths.join(directory, file)
        if let type = Self.type(of: path), type != .typeRegular {
            throw VoiceError(
                .unusableFile,
                "\(MessageText.escaped(manifestPath)): clip \(MessageText.quoted(word)) (\(MessageText.escaped(file))) is not a regular file")
        }
        return path
    }

    /// What is at `path`, symbolic links followed; nil when nothing is.
    private static func type(of path: String) -> FileAttributeType? {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return (try? FileManager.default.attributesOfItem(atPath: real))?[.type] as? FileAttributeType
    }
}
