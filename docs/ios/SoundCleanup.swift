import Foundation

/// Deletes announcements from the App Group's `Library/Sounds`, from the app.
///
/// The extension keeps the folder within its bounds each time it delivers an
/// announcement, so the folder stays bounded on a phone whose app is never
/// opened; the app applies the same rule (`SoundFolderRule.phone`, shared with
/// `announce prune`: only announce's names, only regular files, by age, then
/// by count and size, least recently used first) when it comes to the
/// foreground, to free the space sooner. Run it off the main thread:
///
/// ```swift
/// Task.detached(priority: .background) { SoundCleanup.prune() }
/// ```
enum SoundCleanup {
    /// Deletes what the rule selects and returns the names deleted. A file
    /// that cannot be deleted is skipped and tried again next time.
    @discardableResult
    static func prune(now: Date = Date()) -> [String] {
        guard let folder = AnnounceConfiguration.soundFolder() else { return [] }
        return folder.prune(AnnounceConfiguration.folderRule, now: now)
    }
}
