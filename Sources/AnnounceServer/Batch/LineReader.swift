/// Reads lines from a file or standard input as they arrive, so memory stays
/// flat however long the input; serves `announce batch` and every `--stdin`.
///
/// A line ends with `\n` or `\r\n`. A line longer than ``maximumLength``
/// bytes is not kept: it is read to its end and reported as ``Line/tooLong(_:)``,
/// and reading goes on with the next one.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

package final class LineReader: @unchecked Sendable {
    /// The longest line kept, in bytes (64 KiB): a batch item or an amount
    /// is never near it, and a runaway line must not take the memory.
    package static let maximumLength = 64 * 1024

    /// One line of input.
    package enum Line: Equatable, Sendable {
        /// The line's bytes, without its ending.
        case bytes([UInt8])
        /// A line of this many bytes, over ``maximumLength``.
        case tooLong(Int)

        /// The line as text (invalid UTF-8 replaced), or nil when too long.
        package var text: String? {
            guard case .bytes(let bytes) = self else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The one-line message for line `line` of `bytes` bytes, over the limit.
    package static func tooLongMessage(line: Int, bytes: Int) -> String {
        "line \(line) is \(bytes) bytes long, over the limit of \(maximumLength)"
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// Bytes read so far, for progress.
    package private(set) var bytesRead = 0
    /// Why reading stopped before the end of the input, if it did.
    package private(set) var failure: SystemError?
    /// The system's reason reading stopped before the end of the input, if it did.
    package var readError: String? { failure?.description }

    /// Opens `path`, or standard input for nil or `-`.
    /// - Throws: ``AudioError`` of kind `unreadable` when the file cannot be
    ///   opened or is a folder.
    package init(path: String?) throws(AudioError) {
        guard let path, path != "-" else {
            self.descriptor = 0
            ownsDescriptor = false
            return
        }
        switch retryingInterrupts({ systemOpen(path, systemOpenReadOnly) }) {
        case .success(let descriptor):
            if FileStatus(descriptor: descriptor)?.kind == .directory {
                _ = systemClose(descriptor)
                throw AudioError(.unreadable, "cannot read \(path): it is a folder")
            }
            self.descriptor = descriptor
            ownsDescriptor = true
        case .failure(let error):
            throw AudioError(.unreadable, "cannot read \(path): \(error)")
        }
    }

    /// Reads from an open descriptor, which stays the caller's.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
        ownsDescriptor = false
    }

    deinit {
        if ownsDescriptor { _ = systemClose(descriptor) }
    }

    /// The next line, or nil at the end of the input (a read error ends it too).
    package func next() -> Line? {
        var skipped = 0
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let lineStart = start
                start = newline + 1
                var end = newline
                if end > lineStart, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                if skipped > 0 || end - lineStart > Self.maximumLength { return .tooLong(skipped + end - lineStart) }
                return .bytes(Array(buffer[lineStart..<end]))
            }
            if buffer.count - start > Self.maximumLength {
                // Keep only what tells the length; the rest is dropped.
                skipped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if atEnd {
                guard start < buffer.count || skipped > 0 else { return nil }
                let rest = Array(buffer[start...])
                buffer.removeAll()
                start = 0
                if skipped > 0 || rest.count > Self.maximumLength { return .tooLong(skipped + rest.count) }
                var end = rest.count
                if end > 0, rest[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                return .bytes(Array(rest[..<end]))
            }
            fill()
        }
    }

    /// Reads what the input has (at most 64 KiB), compacting the buffer first.
    private func fill() {
        if start > 0 {
            buffer.removeSubrange(..<start)
            start = 0
        }
        let chunk = 64 * 1024
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let read = buffer.withUnsafeMutableBytes { raw in
            retryingInterrupts { systemRead(descriptor, raw.baseAddress! + old, chunk) }
        }
        switch read {
        case .success(let count) where count > 0:
            buffer.removeSubrange((old + count)...)
            bytesRead += count
        case .failure(let error) where error.code == systemErrorAgain:
            // A non-blocking input with nothing yet: wait a little, read again.
            buffer.removeSubrange(old...)
            systemPause(1000)
        case .failure(let error):
            buffer.removeSubrange(old...)
            failure = error
            atEnd = true
        default:
            buffer.removeSubrange(old...)
            atEnd = true
        }
    }
}
