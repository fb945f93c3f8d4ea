import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceEngine
import AnnounceWire
// rename(2) from the C library, which Foundation brings on Apple's platforms.
#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#else
    import Foundation
#endif

extension SoundFolder {
    /// Why a file was not installed.
    enum InstallFailure: Error, Equatable {
        /// The name is neither announce's nor a plain one: it could point
        /// outside the folder or be no file iOS plays.
        case refusedName
        /// The final rename failed (a folder under the name, a read-only
        /// container; `errno`).
        case rename(Int32)
    }

    /// Installs a file under `name` in one rename, so iOS never sees a
    /// partial file under a sound's name.
    ///
    /// `placing` puts the content at a temporary URL in this folder (moves a
    /// download there, or writes bytes); `check` may then refuse it. The
    /// temporary file gets ``SoundFolder/protection`` and the final rename
    /// stays inside one folder, which is atomic and replaces whatever had the
    /// name (a link is replaced, never followed). On any failure (a full or
    /// read-only container, a refused check) the temporary file is removed
    /// and the error rethrown; a temporary file left by a killed process
    /// matches the cleanup rule and is deleted later.
    func install(as name: String, placing: (URL) throws -> Void, check: (URL) throws -> Void = { _ in }) throws {
        guard SoundName.delivery(of: name) != .refused else { throw InstallFailure.refusedName }
        let temporary = url(of: Self.temporaryName())
        do {
            try placing(temporary)
            // Readable while the phone is locked, after its first unlock.
            try FileManager.default.setAttributes([.protectionKey: Self.protection], ofItemAtPath: temporary.path)
            try check(temporary)
            guard rename(temporary.path, url(of: name).path) == 0 else { throw InstallFailure.rename(errno) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
