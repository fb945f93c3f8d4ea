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

/// The App Group's `Library/Sounds` as the extension and the app use it:
/// listing, pruning by a `SoundFolderRule` (the wire contract's, shared with
/// `announce prune`), and touching a reused file.
///
/// Foundation and the wire contract only: the package compiles this file on
/// Linux and tests it on real folders.
struct AppGroupSounds: Sendable {
    /// The folder, `<App Group>/Library/Sounds`.
    let directory: URL

    /// The protection class of every file and folder the extension makes:
    /// readable and writable from the first unlock after a restart on, also
    /// while the phone is locked (docs/IOS.md, "Locked phones").
    static let protection = FileProtectionType.completeUntilFirstUserAuthentication

    /// Makes the folder when missing, with ``protection``, and gives an
    /// existing one that class (new files take their folder's class).
    func create() throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.protectionKey: Self.protection])
        try? FileManager.default.setAttributes([.protectionKey: Self.protection], ofItemAtPath: directory.path)
    }

    /// The URL of `name` in the folder.
    func url(of name: String) -> URL {
        directory.appendingPathComponent(name, isDirectory: false)
    }

    /// Whether a regular file (not a link, not a folder) of this name is there.
    func hasFile(named name: String) -> Bool {
        LockedRecordFile.regularFileSize(at: url(of: name)) != nil
    }

    /// The folder's entries, their ages counted to `now`; none when it cannot be listed.
    func entries(now: Date = Date()) -> [SoundFolderRule.Entry] {
        // No hidden files skipped: temporary files start with a dot.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.compactMap { name in
            // Links are not followed: a link is no regular file.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url(of: name).path) else { return nil }
            return SoundFolderRule.Entry(
                name: name,
                isRegularFile: attributes[.type] as? FileAttributeType == .typeRegular,
                bytes: LockedRecordFile.regularFileSize(attributes: attributes) ?? 0,
                age: now.timeIntervalSince(attributes[.modificationDate] as? Date ?? .distantPast))
        }
    }

    /// Deletes what `rule` selects at `now`, never a file in `keeping`;
    /// returns the names deleted. A file that cannot be deleted is tried again next time.
    @discardableResult
    func prune(_ rule: SoundFolderRule, now: Date = Date(), keeping: Set<String> = []) -> [String] {
        rule.removals(from: entries(now: now), keeping: keeping).filter { name in
            (try? FileManager.default.removeItem(at: url(of: name))) != nil
        }
    }

    /// Sets the file's modification time to `now`, so that age-based cleanup
    /// (here and `announce prune`) counts from this use, as `announce batch`
    /// does for a file it reuses.
    func touch(_ name: String, now: Date = Date()) {
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: url(of: name).path)
    }

    /// A fresh temporary name, `.announce-<pid>-<n>.tmp` (`SoundName`'s
    /// rule): it never collides with a final name, and a file left behind by
    /// a killed process is removed by the cleanup (and by `announce prune`).
    static func temporaryName() -> String {
        SoundName.temporaryName(process: ProcessInfo.processInfo.processIdentifier, number: Int(UInt32.random(in: 0...UInt32.max)))
    }
}
