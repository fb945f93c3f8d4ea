import Foundation

/// The ids of the payments announced most recently, kept in one small file
/// of the App Group, so that a push delivered twice is announced once.
///
/// - **Bounded:** at most ``capacity`` ids; the oldest go first.
/// - **Survives restarts:** every claim is read from and written to the
///   file; nothing is kept in memory between pushes.
/// - **Safe with two extensions at once:** iOS may run several extension
///   processes together. A claim holds an exclusive `flock` on a lock file
///   beside the record while it reads, decides and writes, and the record is
///   replaced atomically (written to a temporary file, then renamed), so a
///   reader never sees half a record and no claim is lost.
/// - **Readable after first unlock:** the record is written with
///   `completeUntilFirstUserAuthentication`, so a locked phone can use it.
///
/// A record that cannot be read as a whole (damaged, or from another
/// version) counts as empty. Foundation only: the package compiles this file
/// on Linux and tests it with concurrent writers.
struct RecentPayments: Sendable {
    /// The record file, e.g. `<App Group>/Library/Application Support/announce-recent-ids.json`.
    let file: URL
    /// The most ids kept.
    let capacity: Int

    init(file: URL, capacity: Int = 256) {
        self.file = file
        self.capacity = max(1, capacity)
    }

    /// What a claim found.
    enum Claim: Equatable, Sendable {
        /// The id was not in the record; it is now.
        case first
        /// The id was already there: this push was announced before.
        case repeated
    }

    /// Why the record could not be used.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Records `id` as announced at `now`, or reports that it already was.
    func claim(_ id: String, at now: Date) throws(Failure) -> Claim {
        try withLock { () throws(Failure) -> Claim in
            var entries = read()
            if entries.contains(where: { $0.id == id }) { return .repeated }
            entries.append(Entry(id: id, at: now.timeIntervalSince1970))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
            try write(entries)
            return .first
        }
    }

    /// The ids in the record, oldest first.
    func ids() -> [String] {
        (try? withLock { () throws(Failure) -> [String] in read().map(\.id) }) ?? []
    }

    private struct Entry {
        let id: String
        let at: Double
    }

    /// Runs `body` holding an exclusive lock on `<file>.lock` (made if
    /// missing). The lock ends with the process, so a killed extension never
    /// leaves it held.
    private func withLock<T>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true,
                attributes: [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication])
        } catch {
            throw Failure(description: "cannot make \(folder.path): \(error)")
        }
        let descriptor = open(file.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot open the lock file (errno \(errno))") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure(description: "cannot lock the record (errno \(errno))") }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The entries of the file; none when it is missing or not a record.
    private func read() -> [Entry] {
        guard let data = try? Data(contentsOf: file),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return [] }
        var entries: [Entry] = []
        for element in list {
            guard let id = element["id"] as? String else { return [] }
            let at = (element["at"] as? Double) ?? (element["at"] as? Int).map(Double.init) ?? 0
            entries.append(Entry(id: id, at: at))
        }
        return entries
    }

    /// Replaces the file in one rename.
    private func write(_ entries: [Entry]) throws(Failure) {
        let list: [[String: Any]] = entries.map { ["id": $0.id, "at": $0.at] }
        do {
            let data = try JSONSerialization.data(withJSONObject: list, options: [.sortedKeys])
            try data.write(to: file, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
        } catch {
            throw Failure(description: "cannot write \(file.path): \(error)")
        }
    }
}
