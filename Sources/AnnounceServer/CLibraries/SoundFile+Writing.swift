import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
import CSndFile

extension SoundFile {
    /// Writes mono `audio` to `path` in `format`, atomically (see
    /// `AtomicFile`): a reader never sees a partial file, and an existing
    /// file at `path` is replaced.
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
    @discardableResult
    package static func write(_ audio: AudioBuffer, format: OutputFormat, to path: String) throws(AudioError) -> Int {
        try write(.float(audio.samples), sampleRate: audio.sampleRate, format: format, to: path)
    }

    /// Writes mono `samples` at `sampleRate` to `path` in `format`, as
    /// ``write(_:format:to:)`` does; 16-bit samples go into a 16-bit file
    /// unchanged. With `durable`, the data and the folder entry are flushed
    /// to the disk before this returns.
    @discardableResult
    package static func write(
        _ samples: RenderedSamples, sampleRate: Int, format: OutputFormat, to path: String, durable: Bool = false
    ) throws(AudioError) -> Int {
        let file = try encode(samples, sampleRate: sampleRate, format: format, naming: path)
        try file.withBytes { bytes throws(AudioError) in try AtomicFile.write(bytes, to: path, durable: durable) }
        return file.withBytes { $0.count }
    }

    /// The file that mono `samples` at `sampleRate` make in `format`, in
    /// memory: what ``write(_:sampleRate:format:to:durable:)`` puts on disk.
    /// `path` names the file in errors.
    /// The corresponding C functions are `sf_open_virtual`, `sf_writef_short`,
    /// `sf_writef_float` and `sf_close`.
    package static func encode(
        _ samples: RenderedSamples, sampleRate: Int, format: OutputFormat, naming path: String
    ) throws(AudioError) -> MemorySink {
        // 16-bit samples plus room for any header libsndfile writes.
        let sink = MemorySink(capacity: samples.count * 2 + 4096)
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
            // Its clipping setting does not reach these encoders: past ±1
            // they read outside their tables or wrap, so the samples are
            // clipped first, as the phone's writer (SoundFileEncoder) does.
            try file.writeAll(SoundFileEncoder.clipped(samples), path: path)
        }
        if let reason = file.close() {
            throw AudioError(.unwritable, "cannot write \(path): \(reason)")
        }
        return sink
    }
}
