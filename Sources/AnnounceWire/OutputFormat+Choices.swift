import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

extension OutputFormat {
    /// The file containers iOS plays as notification sounds.
    public enum Container: String, CaseIterable, Sendable {
        /// Core Audio Format, written little-endian.
        case caf
        /// RIFF WAVE.
        case wav
        /// AIFF; AIFF-C when the encoding is IMA4.
        case aiff

        /// The file name extension: `caf`, `wav`, `aiff`.
        public var fileExtension: String { rawValue }
    }

    /// The sample encodings iOS plays as notification sounds.
    public enum Encoding: String, CaseIterable, Sendable {
        /// 16-bit linear PCM: 2 bytes a frame.
        case pcm16
        /// G.711 µ-law: 1 byte a frame, about 13 bits of dynamic range.
        case ulaw
        /// G.711 A-law: 1 byte a frame.
        case alaw
        /// Apple IMA4 ADPCM (4:1), in AIFF-C only: 34 bytes per 64 frames.
        case ima4

        /// The containers this encoding can be written in.
        public var containers: [Container] {
            Container.allCases.filter { (try? OutputFormat(container: $0, encoding: self)) != nil }
        }
    }
}

/// The containers, by the name the engine's files use.
package typealias OutputContainer = OutputFormat.Container
/// The encodings, by the name the engine's files use.
package typealias OutputEncoding = OutputFormat.Encoding
