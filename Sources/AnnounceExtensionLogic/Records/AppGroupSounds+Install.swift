import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceEngine
import AnnounceWire
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension AppGroupSounds {
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
    /// temporary file gets ``AppGroupSounds/protection`` and the final rename
    /// stays inside one folder (`AtomicInstall`), which is atomic and
    /// replaces whatever had the name (a link is replaced, never followed).
    /// On any failure (a full or read-only container, a refused check) the
    /// temporary file is removed and the error rethrown; a temporary file
    /// left by a killed process matches the cleanup rule and is deleted later.
    func install(as name: String, placing: (URL) throws -> Void, check: (URL) throws -> Void = { _ in }) throws {
        guard SoundName.delivery(of: name) != .refused else { throw InstallFailure.refusedName }
        do {
            // A FIFO at an announcement's name is replaced like any file: the
            // folder is the App Group's own, so nothing outside it is touched.
            try AtomicInstall(refusesSpecialFiles: false).install(
                at: url(of: name).path,
                create: { url(of: Self.temporaryName()).path },
                fill: { temporary in
                    try placing(URL(fileURLWithPath: temporary))
                    // Readable while the phone is locked, after its first unlock.
                    try FileManager.default.setAttributes([.protectionKey: Self.protection], ofItemAtPath: temporary)
                },
                check: { try check(URL(fileURLWithPath: $0)) })
        } catch AtomicInstall.Failure.rename(let code) {
            throw InstallFailure.rename(code)
        }
    }
}
