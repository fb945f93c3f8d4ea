import CSndFile

/// Mono audio in memory: samples in -1 ... 1 at a sample rate.
public struct AudioBuffer: Equatable, Sendable {
    public var sampleRate: Int
    public var samples: [Float]

    public init(sampleRate: Int, samples: [Float]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// The length in seconds.
    public var duration: Double { Double(samples.count) / Double(sampleRate) }
}

/// What libsndfile reports about an audio file.
public struct SoundFileInfo: Equatable, Sendable {
    public var frames: Int
    public var sampleRate: Int
    public var channels: Int
    /// The container, e.g. `WAV`, `CAF`, `AIFF`, `FLAC`.
    public var container: String
    /// The sample encoding, e.g. `PCM_16`, `ULAW`, `IMA_ADPCM`.
    public var encoding: String

    public var duration: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }
}

/// Reading audio files through libsndfile.
public enum SoundFile {
    /// Clips longer than this are refused before they are decoded: a word is
    /// not a minute long, and decoding one must not exhaust memory.
    public static let maximumClipDuration = 30.0

    /// Describes the file at `path` without decoding it.
    /// The corresponding C function is `sf_open`.
    public static func info(path: String) throws(AudioError) -> SoundFileInfo {
        try SoundFileHandle(readingFrom: path).fileInfo
    }

    /// Decodes the file at `path` and mixes it to mono.
    /// The corresponding C function is `sf_readf_float`.
    public static func readMono(path: String) throws(AudioError) -> (audio: AudioBuffer, info: SoundFileInfo) {
        let file = try SoundFileHandle(readingFrom: path)
        let info = file.fileInfo
        guard info.sampleRate > 0, info.channels > 0 else {
            throw AudioError(.unreadable, "\(path): not a usable audio file (no sample rate or channels)")
        }
        guard info.duration <= maximumClipDuration else {
            throw AudioError(.unusableClip, "\(path): \(info.duration.formatted1) s is too long for a clip (at most \(Int(maximumClipDuration)) s)")
        }
        let interleaved = try file.readAllFrames(count: info.frames, channels: info.channels, path: path)
        return (AudioBuffer(sampleRate: info.sampleRate, samples: mixToMono(interleaved, channels: info.channels)), info)
    }

    static func mixToMono(_ interleaved: [Float], channels: Int) -> [Float] {
        guard channels > 1 else { return interleaved }
        let frames = interleaved.count / channels
        let scale = 1 / Float(channels)
        return [Float](unsafeUninitializedCapacity: frames) { buffer, count in
            interleaved.withUnsafeBufferPointer { source in
                for frame in 0..<frames {
                    var sum: Float = 0
                    for channel in 0..<channels { sum += source[frame * channels + channel] }
                    buffer[frame] = sum * scale
                }
            }
            count = frames
        }
    }
}

/// An open libsndfile handle, closed exactly once.
final class SoundFileHandle {
    let handle: OpaquePointer
    let info: SF_INFO

    /// Opens `path` for reading.
    /// The corresponding C function is `sf_open` with `SFM_READ`.
    init(readingFrom path: String) throws(AudioError) {
        var info = SF_INFO()
        guard let handle = sf_open(path, SndFileConstant.readMode, &info) else {
            throw AudioError(.unreadable, "\(path): \(SndFileConstant.lastOpenError())")
        }
        self.handle = handle
        self.info = info
    }

    /// Opens `path` for writing in `format`.
    /// The corresponding C function is `sf_open` with `SFM_WRITE`.
    init(writingTo path: String, format: Int32, sampleRate: Int, channels: Int) throws(AudioError) {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = format
        guard let handle = sf_open(path, SndFileConstant.writeMode, &info) else {
            throw AudioError(.unwritable, "cannot write \(path): \(SndFileConstant.lastOpenError())")
        }
        self.handle = handle
        self.info = info
    }

    deinit {
        sf_close(handle)
    }

    var fileInfo: SoundFileInfo {
        SoundFileInfo(
            frames: Int(info.frames), sampleRate: Int(info.samplerate), channels: Int(info.channels),
            container: SndFileConstant.containerName(info.format), encoding: SndFileConstant.encodingName(info.format))
    }

    /// Reads every frame, interleaved. Reads into uninitialised storage and
    /// keeps only what libsndfile says it delivered.
    func readAllFrames(count frames: Int, channels: Int, path: String) throws(AudioError) -> [Float] {
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

    /// The message of the last error on this handle.
    var lastError: String { String(cString: sf_strerror(handle)) }
}

extension Double {
    /// One decimal, as in `7.4`.
    var formatted1: String {
        let tenths = (self * 10).rounded()
        return "\(Int(tenths) / 10).\(abs(Int(tenths) % 10))"
    }
}
