import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

/// A voice folder on the server, read with the safe opens of System/: the
/// server's ``VoiceStore``, behind ``/AnnounceVoice/Voice/init(at:)``.
///
/// The manifest and every clip file it names must stay inside the voice
/// folder once symbolic links are followed (a clip, a subfolder or
/// voice.json that is a link out of the folder is refused) and be a regular
/// file where it exists (a FIFO or a device would block a reader). A clip is
/// located at its real path, so every reader opens the file that was checked.
package struct VoiceFolder: VoiceStore {
    /// The voice folder as given (`.` for the current one).
    package let directory: String
    /// The manifest's path as given.
    package let manifestPath: String
    /// The folder's real path, links resolved.
    private let realDirectory: String
    /// The manifest's real path; nil when it does not resolve.
    private let realManifest: String?
    /// The path the voice was asked for, as `notFound` messages name it.
    private let shownPath: String

    /// The voice in `path`: a voice folder, or its `voice.json`.
    /// - Throws: ``/AnnounceVoice/VoiceError``: `notFound` when nothing is
    ///   there, `unusableFile` when the manifest leads out of the folder.
    package init(at path: String) throws(VoiceError) {
        shownPath = path
        guard let status = FileStatus(path: path, followingLinks: true) else { throw .noFolder(path) }
        let isDirectory = status.kind == .directory
        let directory = isDirectory ? path : Paths.parent(of: path)
        self.directory = directory.isEmpty ? "." : directory
        manifestPath = isDirectory ? Paths.join(path, Voice.manifestName) : path
        guard let realDirectory = FileCheck.realPath(self.directory) else { throw .noFolder(path) }
        self.realDirectory = realDirectory
        realManifest = FileCheck.realPath(manifestPath)
        if let realManifest, !FileCheck.isInside(realManifest, folder: realDirectory) {
            throw VoiceError(
                .unusableFile,
                "\(MessageText.escaped(manifestPath)): is \(MessageText.escaped(realManifest)), outside the voice folder \(MessageText.escaped(realDirectory)) (a symbolic link leads out)")
        }
    }

    package func readManifest(limit: Int) throws(VoiceError) -> [UInt8] {
        do throws(FileCheck.Failure) {
            guard let realManifest else {
                try FileCheck.requireRegularFile(manifestPath)
                throw FileCheck.Failure(reason: "does not exist", isMissing: true)
            }
            return try FileCheck.readRegularFile(realManifest, limit: limit)
        } catch {
            guard !error.isMissing else { throw .noManifest(shownPath) }
            throw VoiceError(.unreadableManifest, "\(MessageText.escaped(manifestPath)): \(error.reason)")
        }
    }

    /// The real path of clip `file` inside the folder.
    /// - Throws: ``/AnnounceVoice/VoiceError`` when it leads outside the
    ///   folder, is not a regular file, or is a link to nothing.
    package func locateClip(_ file: String, word: String) throws(VoiceError) -> String {
        let folder = realDirectory
        let path = Paths.join(folder, file)
        // Messages are made only on failure.
        var manifest: String { MessageText.escaped(manifestPath) }
        var named: String { "clip \(MessageText.quoted(word)) (\(MessageText.escaped(file)))" }
        func outside(_ real: String) -> VoiceError {
            VoiceError(
                .unusableFile,
                "\(manifest): \(named) is \(MessageText.escaped(real)), outside the voice folder \(MessageText.escaped(folder)) (a symbolic link leads out)")
        }
        // The common case in one system call: a regular file (not a link)
        // directly in the folder, whose path has no link left to resolve.
        if !file.utf8.contains(UInt8(ascii: "/")), FileStatus(path: path, followingLinks: false)?.kind == .regular {
            return path
        }
        if let real = FileCheck.realPath(path) {
            guard FileCheck.isInside(real, folder: folder) else { throw outside(real) }
            do throws(FileCheck.Failure) {
                try FileCheck.requireRegularFile(real)
            } catch {
                throw VoiceError(.unusableFile, "\(manifest): \(named) \(error.reason)")
            }
            return real
        }
        do throws(FileCheck.Failure) {
            try FileCheck.requireRegularFile(path)
        } catch where !error.isMissing {
            throw VoiceError(.unusableFile, "\(manifest): \(named) \(error.reason)")
        } catch {}
        // Missing: the nearest folder above it that exists must still be
        // inside, so a subfolder linked out cannot be filled in later.
        var parent = Paths.parent(of: path)
        var rest = String(path.utf8.dropFirst(parent.utf8.count)) ?? ""
        while !parent.isEmpty {
            if let real = FileCheck.realPath(parent) {
                guard FileCheck.isInside(real, folder: folder) else { throw outside(real) }
                return real + rest
            }
            let above = Paths.parent(of: parent)
            guard above != parent else { break }
            rest = (String(parent.utf8.dropFirst(above.utf8.count)) ?? "") + rest
            parent = above
        }
        return path
    }
}
