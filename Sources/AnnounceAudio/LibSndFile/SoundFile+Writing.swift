import CSndFile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SoundFile {
    /// Temporary files start with this and end with `.tmp`; a process killed
    /// while writing can leave one behind, and nothing else uses the name.
    public static let temporaryPrefix = ".announce-"

    /// Counts writes in this process, so concurrent writes into one folder
    /// get different temporary names.
    private static let writeCounter = LockedState(0)
    /// This process's id, part of every temporary name.
    private static let processID = getpid()

    /// Writes mono `audio` to `path` in `format`, atomically: the samples go
    /// to a temporary file in the same folder, which is renamed onto `path`
    /// only once complete, so a reader (iOS picking up a sound) never sees a
    /// partial file. An existing file at `path` is replaced.
    ///
    /// The file is deterministic: the same audio and format always give the
    /// same bytes (no PEAK chunk, no time stamps). Samples beyond ±1 are
    /// clipped, never wrapped. No folders are created.
    ///
    /// - Returns: the size of the file in bytes.
    /// - Throws: ``AudioError`` of kind `unwritable` naming `path` and the
    ///   reason (missing folder, permissions, full disk), with the temporary
    ///   file removed; `unsupportedFormat` for a sample rate libsndfile
    ///   cannot store.
    /// The corresponding C functions are `sf_open_virtual`, `sf_writef_short`,
    /// `sf_close` and `rename`.
    @discardableResult
    public static func write(_ audio: AudioBuffer, format: OutputFormat, to path: String) throws(AudioError) -> Int {
        try write(.float(audio.samples), sampleRate: audio.sampleRate, format: format, to: path)
    }

    /// Writes mono `samples` at `sampleRate` to `path` in `format`, as
    /// ``write(_:format:to:)`` does; 16-bit samples go into a 16-bit file
    /// unchanged.
    @discardableResult
    public static func write(_ samples: RenderedSamples, sampleRate: Int, format: OutputFormat, to path: String) throws(AudioError) -> Int {
        let (folder, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw AudioError(.unwritable, "cannot write \(path): the path names no file")
        }
        try refuseSpecialFile(at: path)
        let (descriptor, temporary) = try createTemporaryFile(in: folder, for: path)
        let bytes: Int
        do throws(AudioError) {
            bytes = try writeSamples(samples, sampleRate: sampleRate, format: format, to: descriptor, path: path)
        } catch {
            unlink(temporary)
            throw error
        }
        if rename(temporary, path) != 0 {
            let reason = systemError()
            unlink(temporary)
            throw AudioError(.unwritable, "cannot write \(path): \(reason)")
        }
        return bytes
    }

    /// Encodes `samples` into the open temporary file and closes it. Returns
    /// the size of the file.
    private static func writeSamples(
        _ samples: RenderedSamples, sampleRate: Int, format: OutputFormat, to descriptor: Int32, path: String
    ) throws(AudioError) -> Int {
        var descriptorOpen = true
        defer { if descriptorOpen { _ = close(descriptor) } }
        let sink = DescriptorSink(descriptor: descriptor)
        do throws(AudioError) {
            let file = try SoundFileHandle(
                writingTo: sink, naming: path, format: format.sndFileFormat, sampleRate: sampleRate, channels: 1)
            // A PEAK chunk would be the only part of the file not derived from
            // the samples alone; clipping keeps float → integer from wrapping.
            file.command(SndFileConstant.setAddPeakChunk, false)
            file.command(SndFileConstant.setClipping, true)
            switch samples {
            case .pcm16(let samples):
                try file.writeAll(samples, path: path)
            case .float(let samples) where format.encoding == .pcm16:
                try file.writeAll(PCM16.samples(samples), path: path)
            case .float(let samples):
                // libsndfile scales floats for µ-law, A-law and IMA4 its own
                // way (by 32767, not 32768); they are rare enough to leave to it.
                try file.writeAll(samples, path: path)
            }
            if let reason = file.close() {
                throw AudioError(.unwritable, "cannot write \(path): \(reason)")
            }
            sink.flush()
        } catch {
            // The system's reason (a full disk) says more than libsndfile's.
            guard sink.failure != 0 else { throw error }
        }
        if sink.failure != 0 {
            throw AudioError(.unwritable, "cannot write \(path): \(systemError(sink.failure))")
        }
        descriptorOpen = false
        // close() reports delayed write errors on some file systems.
        if close(descriptor) != 0 {
            throw AudioError(.unwritable, "cannot write \(path): \(systemError())")
        }
        return Int(sink.length)
    }

    /// Creates a new, empty temporary file next to `path` and opens it for
    /// writing. `O_EXCL` makes sure it is ours; a leftover of a process with
    /// the same id is skipped.
    private static func createTemporaryFile(in folder: String, for path: String) throws(AudioError) -> (Int32, String) {
        let process = processID
        var reason = ""
        for _ in 0..<100 {
            let number = writeCounter.withLock { counter in
                counter &+= 1
                return counter
            }
            let temporary = "\(folder)\(temporaryPrefix)\(process)-\(number).tmp"
            // 0666 before the umask, the mode any new file gets.
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, temporary) }
            let code = errno
            reason = String(cString: strerror(code))
            guard code == EEXIST || code == EINTR else { break }
        }
        throw AudioError(.unwritable, "cannot write \(path): \(reason)")
    }

    /// Refuses to rename over something that is not a file: as root,
    /// `rename` would happily replace `/dev/null` or a socket.
    private static func refuseSpecialFile(at path: String) throws(AudioError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR {
            throw AudioError(.unwritable, "cannot write \(path): it is a folder")
        }
        if type != S_IFREG && type != S_IFLNK {
            throw AudioError(.unwritable, "cannot write \(path): it exists and is not a regular file")
        }
    }

    /// The folder part of `path` with its trailing slash (empty for the
    /// current folder), and the file name.
    private static func split(_ path: String) -> (folder: String, name: String) {
        // By bytes: a "/" byte is always the separator in UTF-8, and
        // walking characters costs more than the rest of the path handling.
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
        return (String(path[...slash]), String(path[bytes.index(after: slash)...]))
    }

    /// The message for the error number `code`, by default the current `errno`.
    private static func systemError(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
