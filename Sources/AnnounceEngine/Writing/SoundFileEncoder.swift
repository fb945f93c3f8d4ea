import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// Writes mono sound files in memory without libsndfile: the phone's writer,
/// whose files are byte for byte what the server writes with libsndfile for
/// the same samples, sample rate and format (a test holds the two side by
/// side).
///
/// Every ``OutputFormat`` is written. The files carry nothing but the
/// samples and what describes them: no PEAK chunk, no strings, no time
/// stamps. 16-bit samples go into a 16-bit file unchanged. Float samples
/// become 16-bit ones by ``PCM16/samples(_:scale:)`` for a 16-bit file; for
/// µ-law, A-law and IMA4 they are first ``clipped(_:)-(Float)``, then coded
/// as libsndfile scales them (by 32767, see ``G711`` and ``IMA4``).
package enum SoundFileEncoder {
    /// The sample rates every header holds exactly: AIFF stores the rate as
    /// an 80-bit float whose mantissa libsndfile fills from 32 bits, exact
    /// below 2^30; WAV's bytes per second stay below 2^31.
    package static let sampleRates = 1...((1 << 30) - 1)

    /// The file that mono 16-bit `samples` at `sampleRate` make in `format`.
    /// The server writes them with `sf_writef_short`.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` for a sample rate
    ///   outside ``sampleRates``, `unwritable` for more samples than the
    ///   container's sizes can count.
    package static func encode(_ samples: [Int16], sampleRate: Int, format: OutputFormat) throws(AudioError) -> [UInt8] {
        let layout = try FileLayout(frames: samples.count, sampleRate: sampleRate, format: format)
        switch (format.encoding, layout.byteOrder) {
        case (.ulaw, _): return companded(samples, layout) { G711.ulaw($0) }
        case (.alaw, _): return companded(samples, layout) { G711.alaw($0) }
        case (.ima4, _): return samples.withUnsafeBufferPointer { samples in layout.file { IMA4.encode(samples, into: $0) } }
        case (_, .bigEndian): return linear(samples, layout) { $0.bigEndian }
        case (_, .littleEndian): return linear(samples, layout) { $0.littleEndian }
        }
    }

    /// The file that mono float `samples` at `sampleRate` make in `format`.
    /// The server converts them with ``PCM16/samples(_:scale:)`` for a
    /// 16-bit file and hands the ``clipped(_:)-([Float])`` samples to
    /// `sf_writef_float` otherwise.
    /// - Throws: as ``encode(_:sampleRate:format:)-(Int16,_,_)`` does.
    package static func encode(_ samples: [Float], sampleRate: Int, format: OutputFormat) throws(AudioError) -> [UInt8] {
        let layout = try FileLayout(frames: samples.count, sampleRate: sampleRate, format: format)
        switch format.encoding {
        case .ulaw: return companded(samples, layout) { G711.ulaw($0) }
        case .alaw: return companded(samples, layout) { G711.alaw($0) }
        case .ima4: return try encode(samples.map(IMA4.sample), sampleRate: sampleRate, format: format)
        case .pcm16: return try encode(PCM16.samples(samples), sampleRate: sampleRate, format: format)
        }
    }

    /// The size of the file `frames` samples make in `format`, in bytes.
    /// - Throws: ``AudioError`` of kind `unwritable` when a chunk size or
    ///   the file's size would not fit its field (32 bits in WAV and AIFF).
    package static func fileSize(frames: Int, format: OutputFormat) throws(AudioError) -> Int {
        try FileLayout(frames: frames, sampleRate: sampleRates.lowerBound, format: format).fileSize
    }

    /// `sample` limited to -1 ... 1, NaN as 0 (-0.0 stays -0.0): what both
    /// writers hand to µ-law, A-law and IMA ADPCM, whose libsndfile
    /// encoders ignore its clipping setting (past ±1 they read outside
    /// their tables, and a NaN or infinity crashes them).
    package static func clipped(_ sample: Float) -> Float {
        sample >= -1 ? (sample <= 1 ? sample : 1) : (sample < -1 ? -1 : 0)
    }

    /// Every sample through ``clipped(_:)-(Float)``.
    package static func clipped(_ samples: [Float]) -> [Float] {
        samples.map(clipped)
    }

    /// The file of one byte per sample, each `code(sample)`.
    private static func companded<Sample>(_ samples: [Sample], _ layout: FileLayout, _ code: (Sample) -> UInt8) -> [UInt8] {
        samples.withUnsafeBufferPointer { samples in
            layout.file { data in
                for index in samples.indices { data[index] = code(samples[index]) }
            }
        }
    }

    /// The file of 16-bit samples, two bytes each in the order `order`
    /// gives.
    private static func linear(_ samples: [Int16], _ layout: FileLayout, _ order: (Int16) -> Int16) -> [UInt8] {
        samples.withUnsafeBufferPointer { samples in
            layout.file { data in
                let raw = UnsafeMutableRawBufferPointer(data)
                for index in samples.indices {
                    raw.storeBytes(of: order(samples[index]), toByteOffset: 2 * index, as: Int16.self)
                }
            }
        }
    }
}
