/// The sample encodings iOS plays as notification sounds.
public enum OutputEncoding: String, CaseIterable, Sendable {
    /// 16-bit linear PCM: 2 bytes a frame.
    case pcm16
    /// G.711 µ-law: 1 byte a frame, about 13 bits of dynamic range.
    case ulaw
    /// G.711 A-law: 1 byte a frame.
    case alaw
    /// Apple IMA4 ADPCM (4:1), in AIFF-C only: 34 bytes per 64 frames.
    case ima4
}
