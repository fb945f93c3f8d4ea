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

/// Which of announce's files in `Library/Sounds` to delete, the one rule the
/// app and the extension both apply:
///
/// - **Only announce's files** (`SoundName.isOwn(_:)`): content
///   names and temporary files, regular files only, never folders, symbolic
///   links or any other name (the fallback sound, a plain `--name` sound).
/// - **By age**, as `announce prune --older-than`: an announcement last
///   changed more than ``lifetime`` ago; a temporary file once it is older
///   than that and than an hour (a younger one may be a download in flight).
/// - **By count and size**, so the folder stays bounded on a phone whose app
///   is never opened: while more than ``maximumCount`` announcements or more
///   than ``maximumBytes`` remain, the least recently used go first (the
///   extension touches a file it plays again). A file changed less than
///   ``protectedAge`` ago, or one named in `keeping` (the sound being
///   delivered), is never deleted: its notification may still be playing.
///
/// Foundation and the wire contract only: the package compiles this file on
/// Linux and tests it.
struct SoundFolderPolicy: Equatable, Sendable {
    /// How long an announcement is kept at most.
    var lifetime: TimeInterval = 12 * 60 * 60
    /// The most announcements kept (about 100 kB each with announce's defaults).
    var maximumCount = 200
    /// The most bytes of announcements kept.
    var maximumBytes = 30_000_000
    /// Files younger than this are never deleted to meet the bounds.
    var protectedAge: TimeInterval = 10 * 60
    /// A temporary file is never deleted younger than this (`announce prune`'s hour).
    static let temporaryAge: TimeInterval = 60 * 60

    /// One entry of the folder.
    struct Entry: Equatable, Sendable {
        var name: String
        /// A regular file (false for folders and symbolic links).
        var isRegularFile: Bool
        var bytes: Int
        var modified: Date
    }

    /// The names to delete from `entries` at `now`, oldest first.
    func removals(from entries: [Entry], now: Date, keeping: Set<String> = []) -> [String] {
        let own = entries.filter { $0.isRegularFile && SoundName.isOwn($0.name) && !keeping.contains($0.name) }
        func age(_ entry: Entry) -> TimeInterval { now.timeIntervalSince(entry.modified) }
        var removed: [String] = []
        var kept: [Entry] = []
        for entry in own.sorted(by: Self.olderFirst) {
            if SoundName.kind(of: entry.name) == .temporary {
                if age(entry) > max(lifetime, Self.temporaryAge) { removed.append(entry.name) }
            } else if age(entry) > lifetime {
                removed.append(entry.name)
            } else {
                kept.append(entry)
            }
        }
        // The bounds count every announcement that stays, protected or not.
        let keptAnnouncements = entries.filter { $0.isRegularFile && SoundName.kind(of: $0.name) == .sound && !removed.contains($0.name) }
        var count = keptAnnouncements.count
        var bytes = keptAnnouncements.reduce(0) { $0 + max(0, $1.bytes) }
        for entry in kept where count > maximumCount || bytes > maximumBytes {
            guard age(entry) >= protectedAge else { continue }
            removed.append(entry.name)
            count -= 1
            bytes -= max(0, entry.bytes)
        }
        return removed
    }

    /// Least recently changed first; the name breaks ties, so the choice
    /// does not depend on the order the folder was listed in.
    private static func olderFirst(_ a: Entry, _ b: Entry) -> Bool {
        a.modified != b.modified ? a.modified < b.modified : a.name < b.name
    }
}
