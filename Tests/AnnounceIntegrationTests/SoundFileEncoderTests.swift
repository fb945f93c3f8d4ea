import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// The phone's writer against libsndfile: for the same samples, sample rate
/// and format, ``SoundFileEncoder`` must give the bytes the server's
/// `SoundFile.encode` gets from libsndfile, computed live on every run.
struct SoundFileEncoderTests {
    /// Every format offered.
    static let formats = OutputFormat.all

    /// The usual rates, odd ones inside the offered 8–48 kHz, and the ends
    /// of what the encoder accepts.
    static let sampleRates =
        [8_000, 11_025, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000]
        + [8_001, 9_973, 12_345, 44_099, 47_999]
        + [1, 2, 3, 96_000, 192_000, 1_000_003, (1 << 30) - 1]

    static let lengths = [0, 1, 2, 3, 63, 64, 4_095, 96_001]

    @Test("16-bit and float samples (±1, beyond, -0.0, NaN, infinity): the same bytes as libsndfile", arguments: formats, sampleRates)
    func sameBytes(format: OutputFormat, rate: Int) throws {
        var random = SplitMix64(seed: format.description.utf8.reduce(UInt64(rate)) { $0 &* 31 &+ UInt64($1) })
        for length in Self.lengths {
            try Self.expectSameFile(.pcm16(Self.int16Samples(length, using: &random)), rate: rate, format: format)
            try Self.expectSameFile(.float(Self.floatSamples(length, using: &random)), rate: rate, format: format)
        }
    }

    @Test("every 16-bit value through µ-law, A-law and IMA4", arguments: formats.filter { $0.encoding != .pcm16 })
    func everyInt16(format: OutputFormat) throws {
        let samples = (Int(Int16.min)...Int(Int16.max)).map { Int16($0) }
        try Self.expectSameFile(.pcm16(samples), rate: 8_000, format: format)
    }

    /// Every k/32768, and the floats either side of each point where
    /// libsndfile's rounding moves to the next µ-law or A-law entry or
    /// 16-bit value (IMA4).
    @Test("floats at every rounding edge of µ-law, A-law and IMA4", arguments: formats.filter { $0.encoding != .pcm16 })
    func floatRoundingEdges(format: OutputFormat) throws {
        var samples = (Int(Int16.min)...Int(Int16.max)).map { Float($0) / 32_768 }
        for scale in [Float(32_767.0 / 4), Float(32_767.0 / 16), Float(32_767)] {
            for entry in 0...Int(scale) {
                let edge = (Float(entry) + 0.5) / scale
                samples += [edge.nextDown, edge, edge.nextUp, -edge.nextDown, -edge, -edge.nextUp]
            }
        }
        try Self.expectSameFile(.float(samples), rate: 8_000, format: format)
    }

    @Test("16-bit files read back by libsndfile as the same samples", arguments: OutputFormat.Container.allCases, [8_000, 22_050, 48_000])
    func readBack(container: OutputFormat.Container, rate: Int) throws {
        let folder = try ScratchFolder("encoder")
        defer { folder.remove() }
        let format = try OutputFormat(container: container, encoding: .pcm16)
        var random = SplitMix64(seed: UInt64(rate))
        for length in Self.lengths {
            let samples = Self.int16Samples(length, using: &random)
            let path = folder.file("sound-\(length).\(format.fileExtension)")
            try Data(SoundFileEncoder.encode(samples, sampleRate: rate, format: format)).write(to: URL(fileURLWithPath: path))
            let (audio, info) = try SoundFile.readMono(path: path)
            #expect(info.frames == length && info.sampleRate == rate && info.channels == 1 && info.encoding == "PCM_16")
            #expect(audio.samples == samples.map { Float($0) / 32_768 }, "\(format), \(length) frames")
        }
    }

    @Test("sample rates the headers cannot hold are refused", arguments: formats)
    func sampleRatesRefused(format: OutputFormat) throws {
        for rate in [0, -1, -44_100, 1 << 30, Int(Int32.max), Int.max, Int.min] {
            let error = try #require(throws: AudioError.self) { try SoundFileEncoder.encode([Int16(1)], sampleRate: rate, format: format) }
            #expect(error.kind == .unsupportedFormat && error.message.contains("\(rate) Hz") && !error.message.contains("\n"))
        }
    }

    /// WAV's RIFF and AIFF's FORM chunk count the file after their first
    /// 8 bytes in 32 bits: the longest file that fits is accepted, one
    /// frame more is refused. The header's size is libsndfile's empty file.
    @Test("more frames than 32-bit sizes count are refused, not wrapped", arguments: formats)
    func frameLimits(format: OutputFormat) throws {
        let header = try Self.reference(.pcm16([]), rate: 8_000, format: format).count
        // The sample data, 34 bytes for each packet of up to 64 in IMA4.
        func dataSize(_ frames: Int) -> Int {
            switch format.encoding {
            case .pcm16: frames * 2
            case .ulaw, .alaw: frames
            case .ima4: (frames + 63) / 64 * 34
            }
        }
        for frames in [-1, Int.min, Int.max] {
            #expect(throws: AudioError.self, "\(frames) frames") { try SoundFileEncoder.fileSize(frames: frames, format: format) }
        }
        if format.container == .caf {
            // 64-bit sizes: only memory limits a CAF file.
            let frames = 1 << 40
            #expect(try SoundFileEncoder.fileSize(frames: frames, format: format) == header + dataSize(frames))
            return
        }
        // Around the largest: a file is accepted exactly when its size less
        // 8 (with the padding byte of odd data) fits in 32 bits.
        let room = Int(UInt32.max) + 8 - header
        let (largest, step) = format.encoding == .ima4 ? (room / 34 * 64, 64) : (room / dataSize(1), 1)
        var outcomes: Set<Bool> = []
        for frames in (largest - 2 * step)...(largest + 2 * step) {
            let data = dataSize(frames)
            let size = header + data + data % 2
            outcomes.insert(size - 8 <= Int(UInt32.max))
            if size - 8 <= Int(UInt32.max) {
                #expect(try SoundFileEncoder.fileSize(frames: frames, format: format) == size, "\(frames) frames")
            } else {
                let error = try #require(throws: AudioError.self, "\(frames) frames") { try SoundFileEncoder.fileSize(frames: frames, format: format) }
                #expect(error.kind == .unwritable && !error.message.contains("\n"))
            }
        }
        #expect(outcomes == [true, false])
    }

    @Test("clipping keeps -1 ... 1 and -0.0, and makes NaN 0")
    func clipping() {
        let clipped = SoundFileEncoder.clipped([-.infinity, -2, -1, -0.5, -0.0, 0, 0.5, 1, 1.5, .infinity, .nan, -.nan])
        #expect(clipped == [-1, -1, -1, -0.5, 0, 0, 0.5, 1, 1, 1, 0, 0])
        #expect(clipped[4].sign == .minus && clipped[10].sign == .plus && clipped[11].sign == .plus)
    }

    // MARK: - Helpers

    /// 16-bit samples: mostly uniform, one in eight an extreme.
    static func int16Samples(_ count: Int, using random: inout SplitMix64) -> [Int16] {
        let extremes: [Int16] = [.min, .max, 0, -1, 1, .min + 1, .max - 1]
        return (0..<count).map { _ in
            let draw = random.next()
            return draw % 8 == 0 ? extremes[Int((draw >> 8) % UInt64(extremes.count))] : Int16(truncatingIfNeeded: draw >> 16)
        }
    }

    /// Float samples: mostly within ±1, one in four from the edges: ±1,
    /// zeros of both signs, tiny negatives, just past ±1, far past, the
    /// infinities and NaN.
    static func floatSamples(_ count: Int, using random: inout SplitMix64) -> [Float] {
        let edges: [Float] = [
            1, -1, 0, -0.0, -1e-30, -.leastNonzeroMagnitude, .leastNonzeroMagnitude, Float(1).nextUp, Float(-1).nextDown,
            1.000_09, -1.000_09, 1.5, -2, 1e30, -1e30, .infinity, -.infinity, .nan, -.nan, .greatestFiniteMagnitude,
        ]
        return (0..<count).map { _ in
            let draw = random.next()
            if draw % 4 == 0 { return edges[Int((draw >> 8) % UInt64(edges.count))] }
            let unit = Float(draw >> 40) / Float(1 << 24)
            return draw & 2 == 0 ? unit * 2 - 1 : unit * 3 - 1.5
        }
    }

    /// libsndfile's file, through the server's path.
    static func reference(_ samples: RenderedSamples, rate: Int, format: OutputFormat) throws -> [UInt8] {
        try SoundFile.encode(samples, sampleRate: rate, format: format, naming: "reference").withBytes { [UInt8]($0) }
    }

    /// Records an issue naming the first byte where the encoder's file and
    /// libsndfile's differ.
    static func expectSameFile(
        _ samples: RenderedSamples, rate: Int, format: OutputFormat, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let expected = try reference(samples, rate: rate, format: format)
        let actual =
            switch samples {
            case .pcm16(let samples): try SoundFileEncoder.encode(samples, sampleRate: rate, format: format)
            case .float(let samples): try SoundFileEncoder.encode(samples, sampleRate: rate, format: format)
            }
        guard actual != expected else { return }
        let offset = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, expected.count)
        func byte(_ bytes: [UInt8]) -> String { offset < bytes.count ? "0x" + String(bytes[offset], radix: 16) : "end of file" }
        Issue.record(
            "\(format) at \(rate) Hz, \(samples.count) frames: first difference at byte \(offset): \(byte(actual)), libsndfile \(byte(expected)) (sizes \(actual.count) and \(expected.count))",
            sourceLocation: sourceLocation)
    }
}
