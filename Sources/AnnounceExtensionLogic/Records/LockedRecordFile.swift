// Foundation on Apple's platforms (it brings the C library); elsewhere only
// FoundationEssentials and the C library, as the rest of the server: the
// full Foundation would bring ICU's data into the `announce` binary.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#else
    import Foundation
#endif

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
            let (result, replacement) = try change(readRecord())
            if let replacement { try write(replacement) }
            return result
        }
    }

    /// The file's bytes; nil when missing, unreadable or too large. Reading
    /// needs no lock (the file is only ever replaced whole), so a read-only
    /// container can still be read.
    func contents() -> Data? {
        readRecord()
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

    private func readRecord() -> Data? {
        Self.contents(of: file, maximumBytes: maximumBytes)
    }

    /// The bytes of the file at `url`; nil when it cannot be opened or read,
    /// or holds more than `maximumBytes`. Opened without blocking, so a FIFO
    /// planted under the name reads as empty instead of waiting for a writer.
    static func contents(of url: URL, maximumBytes: Int) -> Data? {
        // One byte more than allowed tells a file that is too large.
        guard let data = prefix(of: url, count: maximumBytes + 1), data.count <= maximumBytes else { return nil }
        return data
    }

    /// The first `count` bytes of the file at `url` (fewer when it is
    /// shorter); nil when it cannot be opened or read. `read(2)` on a
    /// descriptor: FileHandle is the full Foundation's.
    static func prefix(of url: URL, count: Int) -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // In pieces, so a small file takes a small buffer whatever the limit.
        var data = Data()
        var piece = [UInt8](repeating: 0, count: min(max(0, count), 16 * 1024))
        while data.count < count {
            let wanted = min(piece.count, count - data.count)
            let got = piece.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress, wanted) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            data.append(contentsOf: piece[..<got])
        }
        return data
    }

    /// The size in bytes of the regular file at `url`; nil for a link (not
    /// followed), a folder, anything else, or nothing there.
    static func regularFileSize(at url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)).flatMap(regularFileSize(attributes:))
    }

    /// The size in bytes `attributes` give for a regular file; nil for anything else.
    static func regularFileSize(attributes: [FileAttributeKey: Any]) -> Int? {
        guard attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
        // An NSNumber on Apple's platforms, a Swift integer elsewhere.
        switch attributes[.size] {
        case let size as Int: return size
        case let size as UInt64: return Int(exactly: size)
        case let size as Int64: return Int(exactly: size)
        case let size as UInt: return Int(exactly: size)
        default: return nil
        }
    }

    private func write(_ data: Data) throws(Failure) {
        do {
            try data.write(to: file, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
        } catch {
            throw Failure(description: "cannot write \(file.path): \(error)")
        }
    }
}
