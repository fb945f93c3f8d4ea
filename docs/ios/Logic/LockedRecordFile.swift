import Foundation

/// A small record file in the App Group that several extension processes
/// (and the app) read and change at once: the record of recent payments and
/// the delivery counters.
///
/// - **One change at a time:** ``update(_:)`` holds an exclusive `flock` on
///   `<file>.lock` while it reads, decides and writes. The lock ends with the
///   process, so a killed extension never leaves it held.
/// - **Never half a record:** the file is replaced atomically (written to a
///   temporary file, then renamed).
/// - **Readable after first unlock:** the file and its folder are made with
///   `completeUntilFirstUserAuthentication`, so a locked phone can use them.
/// - **Bounded:** a file larger than ``maximumBytes`` is not read (the
///   record counts as empty), so a planted or damaged file cannot take the
///   extension's memory.
///
/// Foundation only: the package compiles this file on Linux and tests it.
struct LockedRecordFile: Sendable {
    /// The record, e.g. `<App Group>/Library/Application Support/announce-recent-ids.json`.
    let file: URL
    /// The largest file read.
    let maximumBytes: Int

    init(file: URL, maximumBytes: Int = 1_000_000) {
        self.file = file
        self.maximumBytes = maximumBytes
    }

    /// Why the record could not be used: its folder cannot be made, the lock
    /// cannot be taken, or the file cannot be written (the phone not yet
    /// unlocked since it started, a full or read-only container).
    struct Failure: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Calls `change` with the file's bytes (nil when missing, unreadable or
    /// too large) under the lock, writes the bytes it returns (nil: leaves
    /// the file as it is) and returns its result.
    func update<T>(_ change: (Data?) throws(Failure) -> (result: T, replacement: Data?)) throws(Failure) -> T {
        try withLock { () throws(Failure) -> T in
            let (result, replacement) = try change(read())
            if let replacement { try write(replacement) }
            return result
        }
    }

    /// The file's bytes; nil when missing, unreadable or too large. Reading
    /// needs no lock (the file is only ever replaced whole), so a read-only
    /// container can still be read.
    func contents() -> Data? {
        read()
    }

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

    private func read() -> Data? {
        // Without blocking: a FIFO planted under the name reads as empty
        // instead of waiting for a writer.
        let descriptor = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        // One byte more than allowed tells a file that is too large.
        guard let data = try? handle.read(upToCount: maximumBytes + 1), data.count <= maximumBytes else { return nil }
        return data
    }

    private func write(_ data: Data) throws(Failure) {
        do {
            try data.write(to: file, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
        } catch {
            throw Failure(description: "cannot write \(file.path): \(error)")
        }
    }
}
