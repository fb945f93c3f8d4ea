import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// The three headers, chunk for chunk as libsndfile writes them for a mono
/// file with no PEAK chunk and no strings.
extension FileLayout {
    /// The header's size, which the number of frames does not change.
    static func headerSize(_ format: OutputFormat) -> Int {
        let pcm = format.encoding == .pcm16
        return switch format.container {
        // libsndfile pads the header with a 'free' chunk so that the samples
        // start at 4096.
        case .caf: cafDataOffset
        // RIFF, WAVE; 'fmt ' (G.711 adds a 2-byte extension size, and a
        // 'fact' chunk); the 'data' chunk header.
        case .wav: 12 + 8 + (pcm ? 16 : 18 + 12) + 8
        // FORM, AIFF or AIFC (with 'FVER'); 'COMM' (AIFC adds the
        // compression type and an empty name); the 'SSND' chunk header.
        // IMA4 is AIFC too.
        case .aiff: 12 + (pcm ? 0 : 12) + 8 + (pcm ? 18 : 24) + 16
        }
    }

    private static let cafDataOffset = 4_096

    /// CAF: 'caff', then 'desc', 'free' and 'data' with 64-bit sizes, all
    /// big-endian whatever the samples' order. The 'data' chunk counts its
    /// 4-byte edit count, not the padding.
    func cafHeader() -> [UInt8] {
        var header = HeaderBytes()
        header.marker("caff")
        header.bigEndian(UInt16(1))  // version
        header.bigEndian(UInt16(0))  // flags
        header.marker("desc")
        header.bigEndian(UInt64(32))
        header.bigEndian(Double(sampleRate).bitPattern)
        switch format.encoding {
        case .ulaw: header.marker("ulaw")
        case .alaw: header.marker("alaw")
        case .pcm16, .ima4: header.marker("lpcm")  // IMA4 is offered in AIFF only
        }
        // kCAFLinearPCMFormatFlagIsLittleEndian: libsndfile sets it for
        // every encoding of a little-endian file.
        header.bigEndian(UInt32(2))
        let bytesPerFrame = UInt32(format.encoding == .pcm16 ? 2 : 1)
        header.bigEndian(bytesPerFrame)  // bytes per packet
        header.bigEndian(UInt32(1))  // frames per packet
        header.bigEndian(UInt32(1))  // channels
        header.bigEndian(bytesPerFrame * 8)  // bits per channel
        let freeSize = Self.cafDataOffset - 8 - 44 - 12 - 16
        header.marker("free")
        header.bigEndian(UInt64(freeSize))
        header.zeros(freeSize)
        header.marker("data")
        header.bigEndian(UInt64(dataSize) + 4)
        header.bigEndian(UInt32(0))  // edit count
        return header.bytes
    }

    /// RIFF WAVE, little-endian: a plain 'fmt ' (PCM 1, µ-law 7, A-law 6),
    /// for G.711 with an empty extension and a 'fact' chunk counting the
    /// frames; 'data' counts the samples, RIFF the padding too.
    func wavHeader() -> [UInt8] {
        var header = HeaderBytes()
        header.marker("RIFF")
        header.littleEndian(UInt32(fileSize - 8))
        header.marker("WAVE")
        header.marker("fmt ")
        let pcm = format.encoding == .pcm16
        let bytesPerFrame = pcm ? 2 : 1
        header.littleEndian(UInt32(pcm ? 16 : 18))
        header.littleEndian(UInt16(pcm ? 1 : format.encoding == .ulaw ? 7 : 6))
        header.littleEndian(UInt16(1))  // channels
        header.littleEndian(UInt32(sampleRate))
        header.littleEndian(UInt32(sampleRate * bytesPerFrame))  // bytes per second
        header.littleEndian(UInt16(bytesPerFrame))  // block align
        header.littleEndian(UInt16(bytesPerFrame * 8))  // bits per sample
        if !pcm {
            header.littleEndian(UInt16(0))  // extension size
            header.marker("fact")
            header.littleEndian(UInt32(4))
            header.littleEndian(UInt32(frames))
        }
        header.marker("data")
        header.littleEndian(UInt32(dataSize))
        return header.bytes
    }

    /// AIFF for 16-bit PCM, AIFF-C for G.711 and IMA4, big-endian.
    /// libsndfile counts the padding byte of an odd number of 8-bit samples
    /// as one more frame (in 'COMM' and 'SSND'), so the file holds an even
    /// number of frames; for IMA4 'COMM' counts packets.
    func aiffHeader() -> [UInt8] {
        var header = HeaderBytes()
        let pcm = format.encoding == .pcm16
        let storedSize = dataSize + padding
        header.marker("FORM")
        header.bigEndian(UInt32(fileSize - 8))
        if pcm {
            header.marker("AIFF")
        } else {
            header.marker("AIFC")
            header.marker("FVER")
            header.bigEndian(UInt32(4))
            header.bigEndian(UInt32(0xA280_5140))  // AIFF-C version 1
        }
        header.marker("COMM")
        header.bigEndian(UInt32(pcm ? 18 : 24))
        header.bigEndian(UInt16(1))  // channels
        switch format.encoding {
        case .pcm16: header.bigEndian(UInt32(storedSize / 2))
        case .ulaw, .alaw: header.bigEndian(UInt32(storedSize))
        case .ima4: header.bigEndian(UInt32(storedSize / IMA4.bytesPerPacket))
        }
        header.bigEndian(UInt16(format.encoding == .ulaw || format.encoding == .alaw ? 8 : 16))  // bits per sample
        header.extended(sampleRate)
        switch format.encoding {
        case .pcm16: break
        case .ulaw: header.marker("ulaw")
        case .alaw: header.marker("alaw")
        case .ima4: header.marker("ima4")
        }
        if !pcm { header.zeros(2) }  // an empty compression name, padded to even
        header.marker("SSND")
        header.bigEndian(UInt32(storedSize + 8))
        header.bigEndian(UInt32(0))  // offset
        header.bigEndian(UInt32(0))  // block size
        return header.bytes
    }
}

extension HeaderBytes {
    /// A positive integer as an 80-bit IEEE 754 extended float (AIFF's
    /// sample rate), big-endian: the exponent biased by 16383, then 64
    /// mantissa bits with the integer bit explicit. Exact for every `Int`.
    mutating func extended(_ value: Int) {
        let magnitude = UInt64(value.magnitude)
        guard magnitude > 0 else { return zeros(10) }
        let top = UInt64.bitWidth - 1 - magnitude.leadingZeroBitCount
        bigEndian(UInt16(16_383 + top) | (value < 0 ? 0x8000 : 0))
        bigEndian(magnitude << (63 - top))
    }
}
