import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `Library/Sounds` folder: where iOS looks for notification sounds in an
/// app's (or app group's) container, and where a backend keeps the files it
/// serves. The one owner of announce's files in it: it makes the folder,
/// writes sounds atomically, tells whether a sound is already there and
/// whole, and prunes old ones.
///
/// ```swift
/// let folder = SoundsFolder(root: containerPath)       // …/Library/Sounds
/// try folder.create()
/// let sound = try folder.write(announcement, reuse: true)
/// print(sound.name, sound.reused)                        // aps.sound; true when the same file was there
/// let pruned = try folder.prune(olderThan: 7 * 86_400)
/// ```
public struct SoundsFolder: Sendable, Equatable {
    /// Where iOS looks for notification sounds inside a container.
    public static let relativePath = "Library/Sounds"

    /// The folder's absolute path.
    public let path: String
    /// The container the folder is in, when made with ``init(root:)``.
    public let root: String?

    /// `root/Library/Sounds`, with `root` made absolute (relative to the
    /// current folder) and `.`/`..` resolved as text.
    public init(root: String) {
        let absolute = URL(fileURLWithPath: root).standardizedFileURL.path
        self.root = absolute
        path = Paths.join(absolute, Self.relativePath)
    }

    /// A folder used as it is, for a backend that keeps its sounds
    /// elsewhere.
    public init(path: String) {
        self.path = URL(fileURLWithPath: path).standardizedFileURL.path
        root = nil
    }

    /// The path of the file `name` in the folder.
    public func path(of name: String) -> String {
        Paths.join(path, name)
    }

    /// Makes the folder and any missing folder above it (`mkdir -p`).
    /// Like ``prune(olderThan:dryRun:now:)``, it refuses a symbolic link at
    /// `Library` or `Library/Sounds` of a container: announce writes only
    /// inside the real folder it was given.
    /// - Throws: ``/AnnounceCommon/AudioError`` of kind `unwritable` when a file is in the
    ///   way, a folder cannot be made, or `Library` or `Library/Sounds` is a
    ///   symbolic link.
    public func create() throws(AudioError) {
        guard let root else { return try Self.makeDirectories(path, for: path) }
        // Each level is looked at before it is made or entered, so a link
        // at `Library` never gets a folder made at its target.
        try Self.makeDirectories(root, for: path)
        var reached = root
        for component in Self.relativePath.split(separator: "/") {
            reached = Paths.join(reached, String(component))
            if FileStatus(path: reached, followingLinks: false)?.kind == .symbolicLink {
                throw AudioError(
                    .unwritable, "\(reached) is a symbolic link: announce acts only inside the real folder (give its real path)")
            }
            try Self.makeDirectories(reached, for: path)
        }
    }

    /// Writes `announcement` into the folder atomically, under its
    /// content-derived name or `name`, which must pass
    /// ``/AnnounceWire/SoundName/validate(_:format:)`` (a plain file name: never a path),
    /// its bytes made by `writer`.
    ///
    /// With `reuse`, a regular file already there whose bytes are exactly
    /// the ones this announcement makes is kept and reported as reused; any
    /// other file there (cut short, another amount's sound under a given
    /// name, a symbolic link) is replaced. A file is never served on its name
    /// alone. With `durable`, the data and the folder entry reach the disk
    /// before this returns.
    /// - Throws: ``/AnnounceCommon/AudioError`` of kind `unwritable` naming the file and the
    ///   reason, or `unsupportedFormat` for a `name` that is not a plain
    ///   file name of the format.
    public func write(
        _ announcement: Announcement, name: String? = nil, reuse: Bool = false, durable: Bool = false,
        writer: SoundWriter = .libsndfile
    ) throws(AudioError) -> WrittenSound {
        try Self.requirePlain(name, format: announcement.format)
        let fileName = name ?? announcement.soundName
        switch writer {
        case .libsndfile:
            let file = try announcement.encoded(naming: path(of: fileName))
            return try file.withBytes { bytes throws(AudioError) in
                try put(bytes, name: fileName, reuse: reuse, durable: durable)
            }
        case .phoneEncoder:
            let bytes = try announcement.fileBytes()
            let written = bytes.withUnsafeBytes { bytes in
                Result { () throws(AudioError) in
                    try put(bytes, name: fileName, reuse: reuse, durable: durable)
                }
            }
            return try written.get()
        }
    }

    /// Refuses a given `name` that is not a plain file name of `format`.
    private static func requirePlain(_ name: String?, format: OutputFormat) throws(AudioError) {
        guard let name else { return }
        do throws(SoundName.Invalid) {
            try SoundName.validate(name, format: format)
        } catch {
            throw AudioError(.unsupportedFormat, error.description)
        }
    }

    /// `bytes` at `name` in the folder: kept when `reuse` and the file there
    /// holds exactly them, else written atomically.
    private func put(_ bytes: UnsafeRawBufferPointer, name: String, reuse: Bool, durable: Bool) throws(AudioError) -> WrittenSound {
        let filePath = path(of: name)
        // A file that cannot be touched or flushed is written again instead.
        if reuse, ExactFile.holds(bytes, atPath: filePath, touch: .required, durable: durable) {
            return WrittenSound(path: filePath, name: name, bytes: bytes.count, reused: true)
        }
        try AtomicFile.write(bytes, to: filePath, durable: durable)
        return WrittenSound(path: filePath, name: name, bytes: bytes.count, reused: false)
    }

    /// A file ``prune(olderThan:dryRun:now:)`` found.
    public struct PrunedFile: Equatable, Sendable {
        /// The file's path.
        public let path: String
        /// Its size in bytes.
        public let bytes: Int
        /// Seconds since its last change.
        public let age: Double
        /// Whether it was removed (false in a dry run, or when removing failed).
        public let removed: Bool
        /// Why it could not be removed.
        public let error: String?
    }

    /// Removes announce's own files older than `seconds`, by
    /// ``/AnnounceWire/SoundFolderRule``: content-derived sounds, and temporary files once
    /// older than ``/AnnounceWire/SoundFolderRule/temporaryAge`` too; never a file named
    /// by a user, another file, a folder or a symbolic link.
    ///
    /// Acts only inside the real folder: when `Library` or `Library/Sounds`
    /// (or the folder given to ``init(path:)``) is a symbolic link it
    /// refuses, and entries are looked at and removed relative to the
    /// opened folder, so nothing outside it is touched. A missing folder has
    /// nothing to prune.
    /// - Parameters:
    ///   - seconds: the age (time since the last change), in seconds, above which a file is removed.
    ///   - dryRun: only list what would be removed.
    ///   - now: the time ages are counted from (seconds since 1970).
    /// - Returns: the files found, sorted by name, each saying whether it was removed.
    /// - Throws: ``/AnnounceCommon/AudioError`` of kind `unwritable` when the folder is a
    ///   symbolic link or cannot be read.
    /// The corresponding C functions are `openat`, `fstatat` and `unlinkat`.
    public func prune(olderThan seconds: Double, dryRun: Bool = false, now: Double? = nil) throws(AudioError) -> [PrunedFile] {
        guard let folder = try openWithoutLinks() else { return [] }
        defer { _ = systemClose(folder) }
        let now = now ?? systemNow()
        let names: [String]
        switch systemDirectoryEntries(folder) {
        case .success(let found): names = found
        case .failure(let error): throw AudioError(.unwritable, "cannot read \(path): \(error)")
        }
        var entries: [String: SoundFolderRule.Entry] = [:]
        for name in names where SoundName.isOwn(name) {
            guard let status = FileStatus(directory: folder, name: name) else { continue }
            entries[name] = SoundFolderRule.Entry(
                name: name, isRegularFile: status.kind == .regular, bytes: status.size, age: now - status.modified)
        }
        var pruned: [PrunedFile] = []
        for name in SoundFolderRule(lifetime: seconds).removals(from: Array(entries.values)).sorted() {
            guard let entry = entries[name] else { continue }
            var error: String?
            if !dryRun, case .failure(let failure) = retryingInterrupts({ systemUnlinkAt(folder, name) }) {
                error = failure.description
            }
            pruned.append(PrunedFile(path: path(of: name), bytes: entry.bytes, age: entry.age, removed: !dryRun && error == nil, error: error))
        }
        return pruned
    }

    /// Opens the folder, refusing a symbolic link at `Library` or
    /// `Library/Sounds` (or at the folder itself); nil when it does not exist.
    private func openWithoutLinks() throws(AudioError) -> Int32? {
        let (start, components) = root.map { ($0, Self.relativePath.split(separator: "/").map(String.init)) }
            ?? (Paths.parent(of: path), [String(path.split(separator: "/").last ?? "")])
        var current: Int32
        switch retryingInterrupts({ systemOpen(start.isEmpty ? "/" : start, systemOpenDirectory) }) {
        case .success(let descriptor): current = descriptor
        case .failure(let error) where error.code == systemErrorNoEntry: return nil
        case .failure(let error): throw AudioError(.unwritable, "cannot open \(start): \(error)")
        }
        var reached = start
        for component in components {
            reached = Paths.join(reached, component)
            let next = retryingInterrupts { systemOpenAt(current, component, systemOpenDirectoryNoFollow) }
            _ = systemClose(current)
            switch next {
            case .success(let descriptor):
                current = descriptor
            case .failure(let error) where error.code == systemErrorLoop || error.code == systemErrorNotDirectory:
                let isLink = FileStatus(path: reached, followingLinks: false)?.kind == .symbolicLink
                throw AudioError(.unwritable, isLink
                    ? "\(reached) is a symbolic link: announce acts only inside the real folder (give its real path)"
                    : "\(reached) is not a folder")
            case .failure(let error) where error.code == systemErrorNoEntry:
                return nil
            case .failure(let error):
                throw AudioError(.unwritable, "cannot open \(reached): \(error)")
            }
        }
        return current
    }

    /// `mkdir -p`: each missing folder of `path` is made. A file in the way
    /// or a refusal is one line naming `target` and the reason.
    private static func makeDirectories(_ path: String, for target: String) throws(AudioError) {
        if let status = FileStatus(path: path, followingLinks: true) {
            guard status.kind == .directory else {
                let obstacle = path == target ? "a file is in the way" : "\(path) is a file, not a folder"
                throw AudioError(.unwritable, "cannot create \(target): \(obstacle)")
            }
            return
        }
        let parent = Paths.parent(of: path)
        if !parent.isEmpty, parent != path { try makeDirectories(parent, for: target) }
        if case .failure(let error) = retryingInterrupts({ systemMkdir(path) }), error.code != systemErrorExists {
            throw AudioError(.unwritable, "cannot create \(target): \(error)")
        }
    }
}
