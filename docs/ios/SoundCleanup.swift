import Foundation

/// Deletes announcements the extension downloaded, once they are old.
///
/// Nothing else cleans `Library/Sounds`. The rule is `announce prune`'s:
/// only files with announce's names (``AnnounceSoundName``: content names
/// and temporary files left by an interrupted download), only regular files
/// (never folders or symbolic links), only those last changed longer ago
/// than the age. Every other file in the folder is left alone.
///
/// Call it from the app, never from the extension right after the content
/// handler: iOS plays the sound after the handler returns, and a notification
/// still on its way may need the same file. Run it off the main thread, e.g.
/// when the app becomes active:
///
/// ```swift
/// Task.detached(priority: .background) { SoundCleanup.prune() }
/// ```
enum SoundCleanup {
    /// Deletes announce's files older than `age` seconds and returns the
    /// ones deleted. A file that cannot be deleted is skipped and tried
    /// again next time.
    @discardableResult
    static func prune(olderThan age: TimeInterval = AnnounceConfiguration.soundLifetime, now: Date = Date()) -> [URL] {
        guard let directory = AnnounceConfiguration.soundsDirectory() else { return [] }
        let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey, .contentModificationDateKey]
        let files = FileManager.default
        // No .skipsHiddenFiles: temporary files start with a dot.
        guard let entries = try? files.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else {
            return []
        }
        var removed: [URL] = []
        for entry in entries where AnnounceSoundName.isOwn(entry.lastPathComponent) {
            guard let values = try? entry.resourceValues(forKeys: Set(keys)),
                  values.isSymbolicLink != true,
                  values.isRegularFile == true,
                  let modified = values.contentModificationDate,
                  now.timeIntervalSince(modified) > age
            else { continue }
            if (try? files.removeItem(at: entry)) != nil {
                removed.append(entry)
            }
        }
        return removed
    }
}
