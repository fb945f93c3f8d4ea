import AnnounceWire
import Foundation

/// The generic sound played when an announcement cannot be had in time,
/// put where iOS looks for it when the extension names it: the App Group's
/// `Library/Sounds`.
///
/// Apple lists where `UNNotificationSound(named:)` searches: the app's
/// `Library/Sounds`, the App Group's `Library/Sounds`, then "the main bundle
/// of the current executable", which for the extension is its own bundle,
/// not the app's. So the sound ships in both bundles, and the app at launch
/// and the extension on its first push copy it into the group's folder
/// with ``install(bundled:named:in:)``: copied when missing or different,
/// atomically (``SoundFolder/install(as:placing:check:)``), left alone when
/// it is already there. Its name is plain, never announce's, so cleanup
/// (``SoundFolderPolicy``) never deletes it.
///
/// Foundation and the wire contract only: the package compiles this file on
/// Linux and tests it.
enum FallbackSound {
    /// What an installation found.
    enum Installation: Equatable, Sendable {
        /// The same sound was already there; nothing was written.
        case present
        /// The sound was copied (it was missing or different).
        case installed
    }

    /// Why the sound was not installed.
    enum Failure: Error, Equatable {
        /// The name is not a plain sound name (announce's names are deleted
        /// by cleanup; others are no file iOS plays from `Library/Sounds`).
        case refusedName
        /// The bundle has no such file, or one larger than any sound iOS plays.
        case noBundledSound
        /// The bundled file is not a sound of its name's type.
        case notSound
    }

    /// Copies `bundled` into `folder` as `name` unless the same bytes are
    /// there. Throws ``Failure`` for a bad name or bundled file, and the
    /// file system's error when the folder cannot take it (a full or
    /// read-only container, the phone not unlocked since it started).
    static func install(bundled: URL, named name: String, in folder: SoundFolder) throws -> Installation {
        guard SoundName.isPlain(name) else { throw Failure.refusedName }
        guard let bytes = contents(of: bundled) else { throw Failure.noBundledSound }
        guard DownloadCheck.fileType(of: bundled, named: name) != nil else { throw Failure.notSound }
        if folder.hasFile(named: name), contents(of: folder.url(of: name)) == bytes { return .present }
        try folder.install(as: name, placing: { try bytes.write(to: $0, options: .withoutOverwriting) })
        return .installed
    }

    /// The file's bytes; nil when it cannot be read or is larger than
    /// ``DownloadCheck/maximumBytes``.
    private static func contents(of url: URL) -> Data? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: DownloadCheck.maximumBytes + 1),
              !data.isEmpty, data.count <= DownloadCheck.maximumBytes
        else { return nil }
        return data
    }
}
