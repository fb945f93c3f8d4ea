/// Which of announce's files in a `Library/Sounds` folder may be deleted:
/// the one rule of `announce prune` (``init(lifetime:)``, no bounds) and of
/// the iPhone app and extension (``phone``, with a count and a size bound).
///
/// - **Only announce's files** (``SoundName/isOwn(_:)``): content names and
///   temporary files, regular files only, never folders, symbolic links or
///   any other name (the fallback sound, a plain `--name` sound).
/// - **By age**: an announcement last changed more than ``lifetime`` ago; a
///   temporary file once it is older than that and than ``temporaryAge``
///   (a younger one may be a write or a download in flight).
/// - **By count and size**, when bounded: while more than ``maximumCount``
///   announcements or more than ``maximumBytes`` remain, the least recently
///   used go first (a file reused is touched). A file changed less than
///   ``protectedAge`` ago, or one named in `keeping` (the sound being
///   delivered), is never deleted for the bounds: its notification may
///   still be playing.
///
/// ```swift
/// let rule = SoundFolderRule(lifetime: 7 * 86_400)
/// let names = rule.removals(from: [.init(name: "announce-1-0123abcd.caf", isRegularFile: true, bytes: 9, age: 8 * 86_400)])
/// // ["announce-1-0123abcd.caf"]
/// ```
public struct SoundFolderRule: Equatable, Sendable {
    /// A temporary file younger than this (seconds) is never deleted: it may
    /// be a write or a download in flight.
    public static let temporaryAge: Double = 60 * 60

    /// The iPhone's rule: announcements kept at most 12 hours, 200 files
    /// (about 100 kB each with announce's defaults) and 30 MB; none deleted
    /// for the bounds younger than 10 minutes.
    public static let phone = SoundFolderRule(
        lifetime: 12 * 60 * 60, maximumCount: 200, maximumBytes: 30_000_000, protectedAge: 10 * 60)

    /// How long an announcement is kept at most (seconds since its last change).
    public var lifetime: Double
    /// The most announcements kept; nil for no bound.
    public var maximumCount: Int?
    /// The most bytes of announcements kept; nil for no bound.
    public var maximumBytes: Int?
    /// Files younger than this (seconds) are never deleted to meet the bounds.
    public var protectedAge: Double

    /// A rule by age, with the given bounds (none by default, as `announce prune`).
    public init(lifetime: Double, maximumCount: Int? = nil, maximumBytes: Int? = nil, protectedAge: Double = 0) {
        self.lifetime = lifetime
        self.maximumCount = maximumCount
        self.maximumBytes = maximumBytes
        self.protectedAge = protectedAge
    }

    /// One entry of the folder, as its owner looked at it (links not followed).
    public struct Entry: Equatable, Sendable {
        /// The entry's name in the folder.
        public var name: String
        /// A regular file (false for folders, symbolic links and special files).
        public var isRegularFile: Bool
        /// Its size in bytes.
        public var bytes: Int
        /// Seconds since its last change.
        public var age: Double

        /// An entry of the folder.
        public init(name: String, isRegularFile: Bool, bytes: Int, age: Double) {
            self.name = name
            self.isRegularFile = isRegularFile
            self.bytes = bytes
            self.age = age
        }
    }

    /// The names to delete from `entries`, oldest first (ties by name, so the
    /// choice does not depend on the order the folder was listed in); never
    /// one in `keeping`.
    public func removals(from entries: [Entry], keeping: Set<String> = []) -> [String] {
        let own = entries.filter { $0.isRegularFile && SoundName.isOwn($0.name) && !keeping.contains($0.name) }
        var removed: [String] = []
        var kept: [Entry] = []
        for entry in own.sorted(by: Self.olderFirst) {
            if SoundName.kind(of: entry.name) == .temporary {
                if entry.age > max(lifetime, Self.temporaryAge) { removed.append(entry.name) }
            } else if entry.age > lifetime {
                removed.append(entry.name)
            } else {
                kept.append(entry)
            }
        }
        guard maximumCount != nil || maximumBytes != nil else { return removed }
        // The bounds count every announcement that stays, protected or not.
        let gone = Set(removed)
        let keptAnnouncements = entries.filter { $0.isRegularFile && SoundName.kind(of: $0.name) == .sound && !gone.contains($0.name) }
        var count = keptAnnouncements.count
        var bytes = keptAnnouncements.reduce(0) { $0 + max(0, $1.bytes) }
        for entry in kept where count > maximumCount ?? .max || bytes > maximumBytes ?? .max {
            guard entry.age >= protectedAge else { continue }
            removed.append(entry.name)
            count -= 1
            bytes -= max(0, entry.bytes)
        }
        return removed
    }

    /// Least recently changed first; the name breaks ties.
    private static func olderFirst(_ a: Entry, _ b: Entry) -> Bool {
        a.age != b.age ? a.age > b.age : a.name < b.name
    }
}
