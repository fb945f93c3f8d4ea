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

/// The generic sound played when an announcement cannot be had in time,
/// put where iOS looks for it when the extension names it: the App Group's
/// `Library/Sounds`, under a name made from its content.
///
/// Apple lists where `UNNotificationSound(named:)` searches: the app's
/// `Library/Sounds`, the App Group's `Library/Sounds`, then "the main bundle
/// of the current executable", which for the extension is its own bundle,
/// not the app's. So the sound ships in both bundles, and the app at launch
/// and the extension with every push copy it into the group's folder with
/// ``install(bundled:named:in:now:)``.
///
/// iOS caches notification sounds by file name: new bytes under an old name
/// can play the old sound. So the copy is named by its content,
/// `payment-fallback-<8 hex>.wav` for a bundled `payment-fallback.wav`
/// (``contentName(of:base:)``): an app update with another fallback installs
/// a new name, and the copy under an older name is deleted once it is
/// 10 minutes old (a notification just handed back may still name it). Its
/// name is plain, never announce's, so the announcements' cleanup
/// (`SoundFolderRule`) never deletes it.
///
/// Foundation and the wire contract only: the package compiles this file on
/// Linux and tests it.
enum FallbackSound {
    /// What an installation found.
    enum Installation: Equatable, Sendable {
        /// The same sound was already there (`ExactFile`); its bytes were not written again.
        case present
        /// The sound was copied (it was missing or damaged).
        case installed
    }

    /// The installed copy's name, and what installing it found.
    struct Installed: Equatable, Sendable {
        var name: String
        var installation: Installation
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

    /// How long a copy under an older name is kept: the folder policy's
    /// protected age, for a notification that still names it.
    static let keptAfterReplacement = SoundFolderRule.phone.protectedAge

    /// `base` with the content's digest before its extension:
    /// `payment-fallback.wav` → `payment-fallback-1a2b3c4d.wav`. Nil when
    /// `base` is not a plain name or the result would not be one.
    static func contentName(of bytes: Data, base: String) -> String? {
        guard SoundName.isPlain(base), let dot = base.lastIndex(of: ".") else { return nil }
        let name = "\(base[..<dot])-\(digest(bytes))\(base[dot...])"
        return SoundName.isPlain(name) ? name : nil
    }

    /// Copies `bundled` into `folder` under its content name (from the plain
    /// name `base`) unless the same bytes are there, and deletes copies of
    /// older contents (`<stem>-<8 hex>.<ext>`) last changed more than
    /// ``keptAfterReplacement`` before `now`. Throws ``Failure`` for a bad
    /// name or bundled file, and the file system's error when the folder
    /// cannot take it (a full or read-only container, the phone not unlocked
    /// since it started).
    @discardableResult
    static func install(bundled: URL, named base: String, in folder: AppGroupSounds, now: Date = Date()) throws -> Installed {
        guard SoundName.isPlain(base) else { throw Failure.refusedName }
        guard let bytes = contents(of: bundled) else { throw Failure.noBundledSound }
        guard DownloadCheck.fileType(of: bundled, named: base) != nil else { throw Failure.notSound }
        guard let name = contentName(of: bytes, base: base) else { throw Failure.refusedName }
        let installation: Installation
        if ExactFile.holds([UInt8](bytes), atPath: folder.url(of: name).path, touch: .bestEffort) {
            installation = .present
        } else {
            try folder.install(as: name, placing: { try bytes.write(to: $0, options: .withoutOverwriting) })
            installation = .installed
        }
        removeOlderCopies(of: base, keeping: name, in: folder, now: now)
        return Installed(name: name, installation: installation)
    }

    /// The installed name of `bundled` (`base` made a content name), without
    /// installing; nil when it cannot be read.
    static func installedName(of bundled: URL, base: String) -> String? {
        contents(of: bundled).flatMap { contentName(of: $0, base: base) }
    }

    /// Whether `name` is a content name made from `base` (any content).
    static func isContentName(_ name: String, of base: String) -> Bool {
        guard let dot = base.lastIndex(of: "."), name.hasPrefix(base[..<dot] + "-"), name.hasSuffix(String(base[dot...])) else { return false }
        let hex = name.dropFirst(base[..<dot].count + 1).dropLast(base[dot...].count)
        return hex.count == 8 && hex.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    private static func removeOlderCopies(of base: String, keeping name: String, in folder: AppGroupSounds, now: Date) {
        for entry in folder.entries(now: now) where entry.isRegularFile && entry.name != name && isContentName(entry.name, of: base) {
            guard entry.age > keptAfterReplacement else { continue }
            try? FileManager.default.removeItem(at: folder.url(of: entry.name))
        }
    }

    /// 32-bit FNV-1a of the bytes as 8 lowercase hex digits: stable across
    /// runs and machines, enough to tell one fallback from another.
    static func digest(_ bytes: Data) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The file's bytes; nil when it cannot be read or is larger than
    /// ``DownloadCheck/maximumBytes``.
    private static func contents(of url: URL) -> Data? {
        guard let data = LockedRecordFile.contents(of: url, maximumBytes: DownloadCheck.maximumBytes), !data.isEmpty else { return nil }
        return data
    }
}
