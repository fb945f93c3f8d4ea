import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// Where everything goes in one sound file: the header, then the sample
/// data, then a zero byte when the data has an odd length (chunks in all
/// three containers start at even offsets).
struct FileLayout {
    /// The byte order of 16-bit samples.
    enum ByteOrder { case bigEndian, littleEndian }

    let format: OutputFormat
    let frames: Int
    let sampleRate: Int
    /// Everything before the first sample.
    private(set) var header: [UInt8] = []
    /// The bytes of the samples.
    let dataSize: Int
    /// 1 when the data ends at an odd offset, else 0.
    let padding: Int
    /// The whole file.
    let fileSize: Int

    /// The layout of `frames` mono samples at `sampleRate` in `format`.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` for a sample
    ///   rate outside ``SoundFileEncoder/sampleRates``, `unwritable` when a
    ///   size does not fit its field.
    init(frames: Int, sampleRate: Int, format: OutputFormat) throws(AudioError) {
        guard SoundFileEncoder.sampleRates.contains(sampleRate) else {
            throw AudioError(
                .unsupportedFormat,
                "cannot write \(format) at \(sampleRate) Hz: the header holds \(SoundFileEncoder.sampleRates.lowerBound) to \(SoundFileEncoder.sampleRates.upperBound) Hz")
        }
        let (dataSize, overflow) =
            switch format.encoding {
            case .pcm16: frames.multipliedReportingOverflow(by: 2)
            case .ulaw, .alaw: (frames, false)
            case .ima4: IMA4.packets(frames: frames).multipliedReportingOverflow(by: IMA4.bytesPerPacket)
            }
        guard frames >= 0, !overflow else { throw Self.tooLong(frames, format) }
        self.format = format
        self.frames = frames
        self.sampleRate = sampleRate
        self.dataSize = dataSize
        padding = dataSize & 1
        let (padded, oddMaximum) = dataSize.addingReportingOverflow(padding)
        let (fileSize, tooLarge) = padded.addingReportingOverflow(Self.headerSize(format))
        // RIFF and FORM count the file after their first 8 bytes in 32 bits.
        let limit = format.container == .caf ? Int.max : Int(clamping: Int64(UInt32.max) + 8)
        guard !oddMaximum, !tooLarge, fileSize <= limit else { throw Self.tooLong(frames, format) }
        self.fileSize = fileSize
        header = switch format.container {
        case .caf: cafHeader()
        case .wav: wavHeader()
        case .aiff: aiffHeader()
        }
        assert(header.count == Self.headerSize(format))
    }

    /// 16-bit samples are little-endian in WAV and in the CAF files
    /// written here, big-endian in AIFF.
    var byteOrder: ByteOrder { format.container == .aiff ? .bigEndian : .littleEndian }

    /// The file: the header, the data `fill` writes (it is handed exactly
    /// ``dataSize`` bytes and must set them all), the padding.
    func file(_ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: fileSize) { file, count in
            guard let start = file.baseAddress else { return }
            _ = header.withUnsafeBufferPointer { UnsafeMutableBufferPointer(start: start, count: header.count).initialize(from: $0) }
            let data = UnsafeMutableBufferPointer(start: start + header.count, count: dataSize)
            data.initialize(repeating: 0)
            fill(data)
            (start + header.count + dataSize).initialize(repeating: 0, count: padding)
            count = fileSize
        }
    }

    private static func tooLong(_ frames: Int, _ format: OutputFormat) -> AudioError {
        AudioError(.unwritable, "cannot write \(frames) samples as \(format): the file would be too large for its header's sizes")
    }
}
