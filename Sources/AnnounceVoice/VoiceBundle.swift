import AnnounceCommon
import AnnounceLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A voice folder the app ships in its bundle (or keeps in its own
/// container), read with Foundation: the phone's ``VoiceStore``.
///
/// The folder is the app's own, signed with it (it holds no FIFO or device),
/// so the store refuses a folder where the manifest or a clip should be and
/// leaves symbolic links to the app: the manifest already refuses a clip
/// path that is absolute or has `..`.
///
/// ```swift
/// if let folder = Bundle.main.url(forResource: "default", withExtension: nil) {
///     let voice = try Voice(store: VoiceBundle(folder: folder))
/// }
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
        guard Self.isFolder(directory) else { throw .noFolder(directory) }
        guard FileManager.default.fileExists(atPath: manifestPath) else { throw .noManifest(directory) }
        // The app's own file: read whole, then held to the limit.
        guard !Self.isFolder(manifestPath), let data = try? Data(contentsOf: URL(fileURLWithPath: manifestPath)) else {
            throw VoiceError(.unreadableManifest, "\(manifest): cannot be read")
        }
        guard data.count <= limit else {
            throw VoiceError(.unreadableManifest, "\(manifest): is too large (\(data.count) bytes; at most \(limit))")
        }
        return Array(data)
    }

    public func locateClip(_ file: String, word: String) throws(VoiceError) -> String {
        let path = Paths.join(directory, file)
        if Self.isFolder(path) {
            throw VoiceError(
                .unusableFile,
                "\(MessageText.escaped(manifestPath)): clip \(MessageText.quoted(word)) (\(MessageText.escaped(file))) is a folder, not a regular file")
        }
        return path
    }

    /// Whether `path` (links followed) is a folder: whether its entries can
    /// be listed. Not from the file's attributes, which carry its dates:
    /// Apple asks an app to declare a reason for reading those.
    private static func isFolder(_ path: String) -> Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil
    }
}
