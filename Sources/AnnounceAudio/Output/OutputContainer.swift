/// The file containers iOS plays as notification sounds.
public enum OutputContainer: String, CaseIterable, Sendable {
    /// Core Audio Format, written little-endian.
    case caf
    /// RIFF WAVE.
    case wav
    /// AIFF; AIFF-C when the encoding is IMA4.
    case aiff

    /// The file name extension: `caf`, `wav`, `aiff`.
    public var fileExtension: String { rawValue }
}
