#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads lines from a file or standard input one at a time with `getline`,
/// so memory stays flat however long the input.
final class LineReader {
    private let file: UnsafeMutablePointer<FILE>
    private let ownsFile: Bool
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    /// Bytes read so far, for progress.
    private(set) var bytesRead = 0

    /// Opens `path`, or standard input for nil or `-`.
    init(path: String?) throws(ReadError) {
        if let path, path != "-" {
            guard let file = fopen(path, "r") else {
                throw ReadError(message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            self.file = file
            ownsFile = true
        } else {
            guard let file = fdopen(0, "r") else { throw ReadError(message: "cannot read standard input") }
            self.file = file
            ownsFile = false
        }
    }

    deinit {
        free(buffer)
        if ownsFile { fclose(file) }
    }

    /// The next line without its `\n` or `\r\n`, or nil at the end.
    func next() -> String? {
        let count = getline(&buffer, &capacity, file)
        guard count >= 0, let buffer else { return nil }
        bytesRead += count
        var length = count
        while length > 0, buffer[length - 1] == 0x0A || buffer[length - 1] == 0x0D { length -= 1 }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    struct ReadError: Error { let message: String }
}
