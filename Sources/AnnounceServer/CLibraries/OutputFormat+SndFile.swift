import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension OutputFormat {
    /// The libsndfile format: container, encoding and, for CAF,
    /// little-endian (libsndfile writes big-endian CAF by default, which
    /// byte-swaps every sample).
    var sndFileFormat: Int32 {
        let type: Int32 =
            switch container {
            case .caf: SndFileConstant.caf | SndFileConstant.littleEndian
            case .wav: SndFileConstant.wav
            case .aiff: SndFileConstant.aiff
            }
        let subtype: Int32 =
            switch encoding {
            case .pcm16: SndFileConstant.pcm16
            case .ulaw: SndFileConstant.ulaw
            case .alaw: SndFileConstant.alaw
            case .ima4: SndFileConstant.imaADPCM
            }
        return type | subtype
    }
}
