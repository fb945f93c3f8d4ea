/// Puts a file in place atomically, by the wire contract's `AtomicInstall`:
/// the bytes go to a new temporary file in the same folder (named by
/// ``SoundName/temporaryName(process:number:)``, made with `O_EXCL` and
/// listed in ``TemporaryFiles``), which is renamed onto the final name only
/// once complete. A reader (iOS
/// picking up a sound, a concurrent batch) never sees a partial file under
/// the final name; on any failure the temporary file is removed, and on
/// SIGINT, SIGTERM or SIGHUP ``TemporaryFiles`` removes it. Only SIGKILL
/// (or a power cut without `durable`) can leave one behind, which
/// ``SoundsFolder/prune(olderThan:dryRun:now:)`` removes.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

package enum AtomicFile {
    /// Writes `bytes` to `path` atomically, replacing a regular file or a
    /// symbolic link there (the link itself, never its target). With
    /// `durable`, the file's data is flushed before the rename and the
    /// folder's entry after it, so a power cut cannot leave a short file
    /// under the final name.
    /// - Throws: ``AudioError`` of kind `unwritable` naming `path` and the reason.
    /// The corresponding C functions are `open`, `write`, `fsync` and `rename`.
    package static func write(_ bytes: UnsafeRawBufferPointer, to path: String, durable: Bool) throws(AudioError) {
        var temporary: String?
        var descriptor: Int32 = -1
        defer { if let temporary { TemporaryFiles.shared.forget(temporary) } }
        do {
            try AtomicInstall(durable: durable).install(
                at: path,
                create: {
                    (descriptor, temporary) = try createTemporaryFile(in: split(path).folder, for: path)
                    return temporary!
                },
                fill: { _ in
                    if let failure = fill(descriptor, with: bytes, durable: durable) {
                        throw AudioError(.unwritable, "cannot write \(path): \(failure)")
                    }
                })
        } catch let error as AudioError {
            throw error
        } catch let failure as AtomicInstall.Failure {
            throw AudioError(.unwritable, "cannot write \(path): \(Self.reason(failure))")
        } catch {
            throw AudioError(.unwritable, "cannot write \(path): \(error)")
        }
    }

    /// The reason of a failed install, as the error line says it.
    private static func reason(_ failure: AtomicInstall.Failure) -> String {
        switch failure {
        case .namesNoFile: "the path names no file"
        case .isFolder: "it is a folder"
        case .notRegularFile: "it exists and is not a regular file"
        case .rename, .flush: failure.systemMessage ?? ""
        }
    }

    /// Writes every byte, flushes when `durable`, and closes the descriptor.
    /// Returns the first failure, nil when all went well.
    private static func fill(_ descriptor: Int32, with buffer: UnsafeRawBufferPointer, durable: Bool) -> SystemError? {
        var failure: SystemError?
        var offset = 0
        while offset < buffer.count, failure == nil {
            switch retryingInterrupts({ systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset) }) {
            case .success(0): failure = SystemError(systemErrorNoSpace)
            case .success(let written): offset += written
            case .failure(let error): failure = error
            }
        }
        if failure == nil, durable, case .failure(let error) = retryingInterrupts({ systemFsync(descriptor) }) {
            failure = error
        }
        // close() reports delayed write errors on some file systems.
        if systemClose(descriptor) != 0, failure == nil { failure = SystemError(systemErrno) }
        return failure
    }

    /// Creates a new, empty temporary file next to `path` and opens it for
    /// writing (``TemporaryFiles/createUnique(in:_:)``).
    private static func createTemporaryFile(in folder: String, for path: String) throws(AudioError) -> (Int32, String) {
        // 0666 before the umask, the mode any new file gets.
        let created = TemporaryFiles.shared.createUnique(in: folder) { temporary in
            retryingInterrupts { systemOpen(temporary, systemOpenCreateNew, 0o666) }
        }
        switch created {
        case .success(let created): return (created.made, created.path)
        case .failure(let reason): throw AudioError(.unwritable, "cannot write \(path): \(reason)")
        }
    }

    /// The folder part of `path` with its trailing slash (empty for the
    /// current folder), and the file name.
    private static func split(_ path: String) -> (folder: String, name: String) {
        // By bytes: a "/" byte is always the separator in UTF-8, and
        // walking characters costs more than the rest of the path handling.
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
        return (String(path[...slash]), String(path[bytes.index(after: slash)...]))
    }
}
