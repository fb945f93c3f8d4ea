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

/// The ids of the payments announced most recently, kept in one small file
/// of the App Group, so that a push delivered twice is announced once.
///
/// - **Bounded:** at most ``capacity`` ids; the oldest go first.
/// - **Survives restarts:** every claim is read from and written to the
///   file; nothing is kept in memory between pushes.
/// - **Safe with two extensions at once:** iOS may run several extension
///   processes together. A claim reads, decides and writes under an
///   exclusive lock and replaces the record atomically
///   (``LockedRecordFile``), so a reader never sees half a record and no
///   claim is lost.
/// - **Readable after first unlock:** the record is written with
///   `completeUntilFirstUserAuthentication`, so a locked phone can use it.
///
/// A record that cannot be read as a whole (damaged, or from another
/// version) counts as empty. Foundation only: the package compiles this file
/// on Linux and tests it with concurrent writers.
struct RecentPayments: Sendable {
    /// The record file, e.g. `<App Group>/Library/Application Support/announce-recent-ids.json`.
    var file: URL { record.file }
    /// The most ids kept.
    let capacity: Int
    private let record: LockedRecordFile

    init(file: URL, capacity: Int = 256) {
        record = LockedRecordFile(file: file)
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
    typealias Failure = LockedRecordFile.Failure

    /// Records `id` as announced at `now`, or reports that it already was.
    func claim(_ id: String, at now: Date) throws(Failure) -> Claim {
        try record.update { (data: Data?) throws(Failure) -> (result: Claim, replacement: Data?) in
            var entries = Self.entries(in: data)
            if entries.contains(where: { $0.id == id }) { return (.repeated, nil) }
            entries.append(Entry(id: id, at: now.timeIntervalSince1970))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
            return (.first, try Self.encode(entries))
        }
    }

    /// The ids in the record, oldest first.
    func ids() -> [String] {
        Self.entries(in: record.contents()).map(\.id)
    }

    private struct Entry: Encodable {
        let id: String
        let at: Double
    }

    /// The entries of the file's bytes; none when missing or not a record.
    private static func entries(in data: Data?) -> [Entry] {
        guard let data, case .array(let list)? = RecordJSON.value(in: data) else { return [] }
        var entries: [Entry] = []
        for element in list {
            guard let fields = element.fields, let id = fields["id"]?.string else { return [] }
            entries.append(Entry(id: id, at: fields["at"]?.number ?? 0))
        }
        return entries
    }

    /// `[{"at":…,"id":…},…]`, keys sorted.
    private static func encode(_ entries: [Entry]) throws(Failure) -> Data {
        do {
            return try RecordJSON.bytes(entries)
        } catch {
            throw Failure(description: "cannot encode the record: \(error)")
        }
    }
}
