import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
import CSndFile

/// An open libsndfile handle, closed exactly once: by ``close()`` when the
/// caller needs to know whether closing worked (it writes the header of a
/// new file), otherwise when the handle goes away.
package final class SoundFileHandle {
    let handle: OpaquePointer
    let info: SF_INFO
    /// Where a file opened with virtual I/O writes; libsndfile refers to it
    /// until the handle is closed.
    private let sink: MemorySink?
    private var isOpen = true

    /// Opens `path` for reading.
    /// The corresponding C function is `sf_open` with `SFM_READ`.
    package init(readingFrom path: String) throws(AudioError) {
        var info = SF_INFO()
        let opened = Self.opening {
            info = SF_INFO()
            return sf_open(path, SndFileConstant.readMode, &info)
        }
        guard let handle = opened.handle else {
            throw AudioError(.unreadable, "\(path): \(opened.failure)")
        }
        self.handle = handle
        self.info = info
        self.sink = nil
    }

    /// Starts encoding a file in `format` into `sink`; `path` names it in
    /// errors.
    /// The corresponding C function is `sf_open_virtual` with `SFM_WRITE`.
    package init(writingTo sink: MemorySink, naming path: String, format: Int32, sampleRate: Int, channels: Int) throws(AudioError) {
        var info = try Self.writingInfo(format: format, sampleRate: sampleRate, channels: channels, path: path)
        var callbacks = MemorySink.callbacks
        let asked = info
        let opened = Self.opening {
            info = asked
            return sf_open_virtual(&callbacks, SndFileConstant.writeMode, &info, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard let handle = opened.handle else {
            throw AudioError(.unwritable, "cannot write \(path): \(opened.failure)")
        }
        self.handle = handle
        self.info = info
        self.sink = sink
    }

    /// Serialises opens: a failed open leaves its reason in libsndfile's one
    /// process-global error slot (`sf_strerror(NULL)`), which any other
    /// thread's open, failing or not, may overwrite before it is read.
    private static let openLock = LockedState(())

    /// Runs an `sf_open*` call and, when it fails, reads its reason under
    /// the same lock.
    private static func opening(_ open: () -> OpaquePointer?) -> (handle: OpaquePointer?, failure: String) {
        openLock.withLock { _ in
            guard let handle = open() else { return (nil, SndFileConstant.lastOpenError()) }
            return (handle, "")
        }
    }

    /// The `SF_INFO` for a new file, checked by libsndfile before anything
    /// is created.
    /// The corresponding C function is `sf_format_check`.
    private static func writingInfo(format: Int32, sampleRate: Int, channels: Int, path: String) throws(AudioError) -> SF_INFO {
        var info = SF_INFO()
        guard let rate = Int32(exactly: sampleRate), let channelCount = Int32(exactly: channels) else {
            throw AudioError(.unsupportedFormat, "cannot write \(path): \(sampleRate) Hz with \(channels) channels is not a format")
        }
        info.samplerate = rate
        info.channels = channelCount
        info.format = format
        guard sf_format_check(&info) != 0 else {
            throw AudioError(
                .unsupportedFormat,
                "cannot write \(path): libsndfile cannot write \(SndFileConstant.containerName(format)) \(SndFileConstant.encodingName(format)) at \(sampleRate) Hz with \(channels) channels")
        }
        return info
    }

    deinit {
        if isOpen { sf_close(handle) }
    }

    /// Closes the file; for a new file this writes the final header.
    /// Returns libsndfile's error message, or nil when closing worked.
    /// The corresponding C function is `sf_close`.
    func close() -> String? {
        guard isOpen else { return nil }
        isOpen = false
        let status = sf_close(handle)
        return status == 0 ? nil : String(cString: sf_error_number(status))
    }

    package var fileInfo: SoundFileInfo {
        SoundFileInfo(
            frames: Int(info.frames), sampleRate: Int(info.samplerate), channels: Int(info.channels),
            container: SndFileConstant.containerName(info.format), encoding: SndFileConstant.encodingName(info.format))
    }

    /// Sends a command that takes a boolean, such as `SFC_SET_CLIPPING`.
    /// Returns libsndfile's answer (the previous or new state).
    /// The corresponding C function is `sf_command`.
    @discardableResult
    func command(_ command: Int32, _ value: Bool) -> Int32 {
        sf_command(handle, command, nil, value ? SndFileConstant.sfTrue : SndFileConstant.sfFalse)
    }

    /// Reads every frame, interleaved. Reads into uninitialised storage and
    /// keeps only what libsndfile says it delivered.
    package func readAllFrames(count frames: Int, channels: Int, path: String) throws(AudioError) -> [Float] {
        guard frames > 0 else { return [] }
        let samples = [Float](unsafeUninitializedCapacity: frames * channels) { buffer, count in
            let read = sf_readf_float(handle, buffer.baseAddress, sf_count_t(frames))
            count = max(0, Int(read)) * channels
        }
        guard samples.count == frames * channels else {
            let reason = String(cString: sf_strerror(handle))
            throw AudioError(.unreadable, "\(path): decoding stopped after \(samples.count / channels) of \(frames) frames (\(reason))")
        }
        return samples
    }

    /// Writes every sample of a mono signal; a short write (a full disk) is
    /// an error with libsndfile's reason.
    /// The corresponding C function is `sf_writef_float`.
    func writeAll(_ samples: [Float], path: String) throws(AudioError) {
        try writeAll(samples, path: path) { sf_writef_float(handle, $0, $1) }
    }

    /// Writes every sample of a mono signal; a short write (a full disk) is
    /// an error with libsndfile's reason.
    /// The corresponding C function is `sf_writef_short`.
    func writeAll(_ samples: [Int16], path: String) throws(AudioError) {
        try writeAll(samples, path: path) { sf_writef_short(handle, $0, $1) }
    }

    /// Hands all of `samples` to `write` (one of libsndfile's `sf_writef_*`)
    /// and checks that every frame went.
    private func writeAll<Sample>(
        _ samples: [Sample], path: String, _ write: (UnsafePointer<Sample>?, sf_count_t) -> sf_count_t
    ) throws(AudioError) {
        guard !samples.isEmpty else { return }
        let written = samples.withUnsafeBufferPointer { write($0.baseAddress, sf_count_t($0.count)) }
        guard written == sf_count_t(samples.count) else {
            throw AudioError(.unwritable, "cannot write \(path): \(lastError) (wrote \(max(0, written)) of \(samples.count) frames)")
        }
    }

    /// The message of the last error on this handle.
    var lastError: String { String(cString: sf_strerror(handle)) }
}
