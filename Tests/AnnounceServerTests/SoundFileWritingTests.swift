import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

struct SoundFileWritingTests {
    /// A signal that uses the whole range, with a fade at both ends.
    static func signal(rate: Int, seconds: Double = 0.5) -> AudioBuffer {
        var samples = TestAudio.tone(330, seconds: seconds, amplitude: 0.8, rate: rate)
        for index in 0..<min(80, samples.count / 2) {
            samples[index] *= Float(index) / 80
            samples[samples.count - 1 - index] *= Float(index) / 80
        }
        return AudioBuffer(sampleRate: rate, samples: samples)
    }

    /// Every combination iOS plays and libsndfile writes.
    static let combinations: [(OutputContainer, OutputEncoding)] = [
        (.caf, .pcm16), (.caf, .ulaw), (.caf, .alaw),
        (.wav, .pcm16), (.wav, .ulaw), (.wav, .alaw),
        (.aiff, .pcm16), (.aiff, .ulaw), (.aiff, .alaw), (.aiff, .ima4),
    ]

    @Test("OutputFormat.all is exactly the combinations iOS plays")
    func allFormats() throws {
        #expect(OutputFormat.all.map { "\($0)" } == Self.combinations.map { "\($0.0.rawValue)/\($0.1.rawValue)" })
    }

    @Test("every container and encoding is written and reads back", arguments: OutputFormat.all, [8_000, 22_050])
    func roundTrip(format: OutputFormat, rate: Int) throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let (container, encoding) = (format.container, format.encoding)
        let audio = Self.signal(rate: rate)
        let path = folder.file("sound.\(format.fileExtension)")
        try SoundFile.write(audio, format: format, to: path)

        let (decoded, info) = try SoundFile.readMono(path: path)
        let containerName = ["caf": "CAF", "wav": "WAV", "aiff": "AIFF"][container.rawValue]
        let encodingName = ["pcm16": "PCM_16", "ulaw": "ULAW", "alaw": "ALAW", "ima4": "IMA_ADPCM"][encoding.rawValue]
        #expect(info.container == containerName && info.encoding == encodingName)
        #expect(info.sampleRate == rate && info.channels == 1)
        // IMA4 stores whole packets of 64 frames, 8-bit AIFF an even
        // number of frames; the rest exactly what was written.
        let packet = format.frameMultiple
        #expect(info.frames == (audio.samples.count + packet - 1) / packet * packet)
        #expect(format.fileExtension == container.rawValue)
        // The format table (what the iPhone checks a download against)
        // knows the header this writes: AIFF-C for AIFF's compressed encodings.
        let header = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(OutputFormat.FileType.headerLength))
        let type = try #require(container.fileType(ofHeader: header), "\(format): \(header)")
        #expect(type.container == container)
        #expect((type.form == "AIFC") == (container == .aiff && encoding != .pcm16), "\(format): \(type)")

        let tolerance: Float = switch encoding {
        case .pcm16: 1.0 / 32_000
        case .ulaw, .alaw: 0.03
        case .ima4: 0.1
        }
        let worst = zip(audio.samples, decoded.samples).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < tolerance, "largest error \(worst)")
        #expect(try folder.contents() == ["sound.\(format.fileExtension)"], "no temporary file left")
    }

    @Test("CAF is written little-endian")
    func cafLittleEndian() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = folder.file("sound.caf")
        try SoundFile.write(Self.signal(rate: 16_000), format: .default, to: path)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // The desc chunk: format ID 'lpcm', then big-endian flags; bit 1 is
        // kCAFLinearPCMFormatFlagIsLittleEndian.
        let lpcm = try #require((0..<(bytes.count - 8)).first { bytes[$0..<($0 + 4)].elementsEqual("lpcm".utf8) })
        #expect(bytes[lpcm + 7] & 2 == 2)
    }

    @Test("ima4 is offered only in AIFF")
    func ima4OnlyInAIFF() throws {
        for container in [OutputContainer.caf, .wav] {
            #expect {
                try OutputFormat(container: container, encoding: .ima4)
            } throws: { ($0 as? AudioError)?.kind == .unsupportedFormat }
        }
        #expect(OutputFormat.all.count == 10)
        #expect(OutputFormat.default.description == "caf/pcm16")
    }

    @Test("writing the same audio twice gives the same bytes", arguments: OutputFormat.all)
    func identicalBytes(format: OutputFormat) throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let audio = Self.signal(rate: 16_000)
        try SoundFile.write(audio, format: format, to: folder.file("one"))
        try SoundFile.write(audio, format: format, to: folder.file("two"))
        let one = try Data(contentsOf: URL(fileURLWithPath: folder.file("one")))
        let two = try Data(contentsOf: URL(fileURLWithPath: folder.file("two")))
        #expect(one == two)
        #expect(!one.isEmpty)
    }

    @Test("samples beyond full scale are clipped, not wrapped")
    func clipping() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = folder.file("loud.wav")
        let audio = AudioBuffer(sampleRate: 16_000, samples: [0, 1.5, 3, -2, -1.2, 0.5])
        try SoundFile.write(audio, format: OutputFormat(container: .wav, encoding: .pcm16), to: path)
        let (decoded, _) = try SoundFile.readMono(path: path)
        #expect(decoded.samples[1] > 0.99 && decoded.samples[2] > 0.99)
        #expect(decoded.samples[3] < -0.99 && decoded.samples[4] < -0.99)
        #expect(abs(decoded.samples[5] - 0.5) < 0.001)
    }

    /// libsndfile's own conversion of a float with clipping on: scaled to
    /// 32 bits (clipped, rounded to the nearest, ties to even), then the
    /// upper 16 bits.
    static func libsndfile16(_ sample: Float) -> Int16 {
        let scaled = Double(sample) * 2_147_483_648
        guard !scaled.isNaN else { return 0 }
        let clipped = min(max(scaled, -2_147_483_648), 2_147_483_647)
        return Int16(truncatingIfNeeded: Int64(clipped.rounded(.toNearestOrEven)) >> 16)
    }

    @Test("samples become 16 bits exactly as libsndfile converts floats, tiny and huge values included")
    func pcm16Conversion() throws {
        var state: UInt32 = 99
        var samples: [Float] = [0, -0.0, 1, -1, 1.5, -2, .infinity, -.infinity, .nan, 32_767.5 / 32_768, -32_768.5 / 32_768,
                                Float.leastNonzeroMagnitude, -Float.leastNonzeroMagnitude, 1.0 / 65_536, -1.0 / 65_536,
                                -0.5 / 2_147_483_648, 0.5 / 2_147_483_648, -1.5 / 2_147_483_648, (65_536 - 0.5) / 2_147_483_648,
                                -(65_536 - 0.5) / 2_147_483_648, (65_536 - 0.25) / 2_147_483_648, 127.99999 / 32_768, -127.99999 / 32_768]
        for _ in 0..<200_000 {
            state = state &* 1_664_525 &+ 1_013_904_223
            let scale = Float(pow(2.0, -Double(state >> 27)))
            state = state &* 1_664_525 &+ 1_013_904_223
            samples.append(Float(Int32(bitPattern: state)) / 2_147_483_648 * scale * 1.2)
        }
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = folder.file("exact.wav")
        try SoundFile.write(AudioBuffer(sampleRate: 16_000, samples: samples), format: OutputFormat(container: .wav, encoding: .pcm16), to: path)
        let (decoded, _) = try SoundFile.readMono(path: path)
        let mismatch = samples.indices.first { Int16(decoded.samples[$0] * 32_768) != Self.libsndfile16(samples[$0]) }
        #expect(mismatch == nil, "first mismatch at \(mismatch ?? -1): \(mismatch.map { samples[$0] } ?? 0)")
    }

    @Test("the size written is the size of the file")
    func writtenSize() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        for format in OutputFormat.all {
            let path = folder.file("sized.\(format.fileExtension)")
            let bytes = try SoundFile.write(Self.signal(rate: 16_000), format: format, to: path)
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect(bytes == size && bytes > 44, "\(format)")
        }
    }

    @Test("an existing file is replaced whole")
    func replaces() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = folder.file("sound.wav")
        let format = try OutputFormat(container: .wav, encoding: .pcm16)
        try SoundFile.write(Self.signal(rate: 16_000, seconds: 2), format: format, to: path)
        try SoundFile.write(Self.signal(rate: 16_000, seconds: 0.25), format: format, to: path)
        #expect(try SoundFile.info(path: path).frames == 4000)
        #expect(try folder.contents() == ["sound.wav"])
    }

    @Test("a missing folder is unwritable, names the path and leaves nothing behind")
    func missingFolder() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = folder.file("missing/sound.caf")
        #expect {
            try SoundFile.write(Self.signal(rate: 16_000), format: .default, to: path)
        } throws: { error in
            let error = error as? AudioError
            return error?.kind == .unwritable && error?.message == "cannot write \(path): No such file or directory"
        }
        #expect(try folder.contents().isEmpty)
    }

    @Test("a folder, a device or an empty name is not overwritten", arguments: ["", "/dev/null", "folder", "folder/"])
    func notAFile(name: String) throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("folder"), withIntermediateDirectories: false)
        let path = name.hasPrefix("/") ? name : folder.file(name)
        #expect {
            try SoundFile.write(Self.signal(rate: 16_000), format: .default, to: path)
        } throws: { error in
            let error = error as? AudioError
            return error?.kind == .unwritable && error?.message.hasPrefix("cannot write \(path): ") == true
        }
        #expect(try folder.contents() == ["folder"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("folder")).isEmpty)
    }

    @Test("a sample rate libsndfile cannot store is refused")
    func badRate() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        for rate in [0, -5, Int(Int32.max) + 1] {
            #expect(throws: AudioError.self) {
                try SoundFile.write(AudioBuffer(sampleRate: rate, samples: [0, 0.1]), format: .default, to: folder.file("x.caf"))
            }
        }
        #expect(try folder.contents().isEmpty)
    }

    @Test("concurrent writes into one folder do not collide")
    func concurrent() async throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = folder.path
        let audio = Self.signal(rate: 16_000)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask {
                    try SoundFile.write(audio, format: .default, to: "\(path)/sound\(index % 4).caf")
                }
            }
            try await group.waitForAll()
        }
        #expect(try folder.contents() == (0..<4).map { "sound\($0).caf" })
    }
}
