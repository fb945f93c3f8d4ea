import AnnounceCommon

/// Puts a file under its name in one rename, so no reader (iOS picking up a
/// sound, a concurrent batch) ever sees a partial file there: the one install
/// of the server (`AtomicFile`, every sound and pack it writes) and the phone
/// (`AppGroupSounds.install`, every announcement, download and fallback sound).
///
/// The content is made in a temporary file in the same folder (a name
/// ``SoundName/kind(of:)`` calls temporary, so age-based cleanup removes
/// one left by a killed process), checked, and renamed onto the final name,
/// which replaces a file or a symbolic link there (the link itself, never
/// its target). On any failure once the temporary file may exist, it is
/// removed and the error rethrown. What differs between the callers are the
/// hooks: how the temporary file is made (the server: `O_EXCL`, listed for
/// removal on a termination signal; the phone: a download moved there, or
/// bytes written with its file protection) and what checks it.
///
/// Calls `lstat`, `rename`, `unlink` and, when ``durable``, `fsync`.
public struct AtomicInstall: Sendable {
    /// Why nothing was installed.
    public enum Failure: Error, Equatable, Sendable {
        /// The path ends in no file name (empty, `.`, `..`).
        case namesNoFile
        /// A folder is at the name.
        case isFolder
        /// Something other than a regular file or a link is at the name (a
        /// device, a FIFO, a socket), refused with ``refusesSpecialFiles``.
        case notRegularFile
        /// The final rename failed (`errno`).
        case rename(Int32)
        /// The folder could not be flushed after the rename (`errno`).
        case flush(Int32)

        /// The system's message for the error number of `rename` and `flush`
        /// (`Read-only file system`); nil for the others.
        public var systemMessage: String? {
            switch self {
            case .rename(let code), .flush(let code): SystemError(code).description
            case .namesNoFile, .isFolder, .notRegularFile: nil
            }
        }
    }

    /// Refuse to rename over anything but a regular file or a link: as root,
    /// `rename` would replace `/dev/null` or a socket.
    public var refusesSpecialFiles: Bool
    /// Flush the folder after the rename, so it survives a power cut (the
    /// content's own flush is the `fill` hook's).
    public var durable: Bool

    /// An install, refusing special files and not flushing by default.
    public init(refusesSpecialFiles: Bool = true, durable: Bool = false) {
        self.refusesSpecialFiles = refusesSpecialFiles
        self.durable = durable
    }

    /// Installs at `path` the file `create` names and `fill` completes.
    ///
    /// - Parameters:
    ///   - path: the final path.
    ///   - create: picks the temporary file's path in `path`'s folder (and
    ///     may make the file); when it throws nothing is left to remove.
    ///   - fill: puts the content at the temporary path.
    ///   - check: may refuse the complete temporary file by throwing.
    /// - Throws: ``Failure``, or what a hook threw, unchanged.
    public func install(
        at path: String, create: () throws -> String, fill: (String) throws -> Void, check: (String) throws -> Void = { _ in }
    ) throws {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard !name.isEmpty, name != ".", name != ".." else { throw Failure.namesNoFile }
        if refusesSpecialFiles, let status = FileStatus(path: path, followingLinks: false) {
            switch status.kind {
            case .regular, .symbolicLink: break
            case .directory: throw Failure.isFolder
            case .other: throw Failure.notRegularFile
            }
        }
        let temporary = try create()
        do {
            try fill(temporary)
            try check(temporary)
            if case .failure(let error) = retryingInterrupts({ systemRename(temporary, path) }) { throw Failure.rename(error.code) }
        } catch {
            _ = systemUnlink(temporary)
            throw error
        }
        if durable {
            let folder = Paths.parent(of: path)
            if let error = systemFlushFolder(folder.isEmpty ? "." : folder) { throw Failure.flush(error.code) }
        }
    }
}
