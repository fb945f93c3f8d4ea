import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
import CSndFile

/// libsndfile's `SFM_*` and `SF_FORMAT_*` constants import into Swift as
/// `Int`; every `Int32(...)` conversion for them lives here.
enum SndFileConstant {
    static let readMode = Int32(SFM_READ)
    static let writeMode = Int32(SFM_WRITE)

    static let wav = Int32(SF_FORMAT_WAV)
    static let caf = Int32(SF_FORMAT_CAF)
    static let aiff = Int32(SF_FORMAT_AIFF)
    static let pcm16 = Int32(SF_FORMAT_PCM_16)
    static let ulaw = Int32(SF_FORMAT_ULAW)
    static let alaw = Int32(SF_FORMAT_ALAW)
    static let imaADPCM = Int32(SF_FORMAT_IMA_ADPCM)
    static let littleEndian = Int32(SF_ENDIAN_LITTLE)

    static let typeMask = Int32(SF_FORMAT_TYPEMASK)
    static let subMask = Int32(SF_FORMAT_SUBMASK)

    static let setAddPeakChunk = Int32(SFC_SET_ADD_PEAK_CHUNK)
    static let setClipping = Int32(SFC_SET_CLIPPING)
    static let sfTrue = Int32(SF_TRUE)
    static let sfFalse = Int32(SF_FALSE)

    // `whence` values of the virtual I/O seek callback (stdio's, which
    // sndfile.h includes).
    static let seekSet = Int32(SEEK_SET)
    static let seekCurrent = Int32(SEEK_CUR)
    static let seekEnd = Int32(SEEK_END)

    /// The message for the last failed `sf_open`. It is process-global in
    /// libsndfile, so read it right after the failure.
    static func lastOpenError() -> String {
        String(cString: sf_strerror(nil))
    }

    static func containerName(_ format: Int32) -> String {
        switch Int(format & typeMask) {
        case SF_FORMAT_WAV: "WAV"
        case SF_FORMAT_WAVEX: "WAVEX"
        case SF_FORMAT_AIFF: "AIFF"
        case SF_FORMAT_CAF: "CAF"
        case SF_FORMAT_FLAC: "FLAC"
        case SF_FORMAT_OGG: "OGG"
        case SF_FORMAT_MPEG: "MPEG"
        case SF_FORMAT_RAW: "RAW"
        case SF_FORMAT_AU: "AU"
        case SF_FORMAT_W64: "W64"
        case SF_FORMAT_RF64: "RF64"
        default: String(format & typeMask, radix: 16)
        }
    }

    static func encodingName(_ format: Int32) -> String {
        switch Int(format & subMask) {
        case SF_FORMAT_PCM_S8: "PCM_S8"
        case SF_FORMAT_PCM_U8: "PCM_U8"
        case SF_FORMAT_PCM_16: "PCM_16"
        case SF_FORMAT_PCM_24: "PCM_24"
        case SF_FORMAT_PCM_32: "PCM_32"
        case SF_FORMAT_FLOAT: "FLOAT"
        case SF_FORMAT_DOUBLE: "DOUBLE"
        case SF_FORMAT_ULAW: "ULAW"
        case SF_FORMAT_ALAW: "ALAW"
        case SF_FORMAT_IMA_ADPCM: "IMA_ADPCM"
        case SF_FORMAT_MS_ADPCM: "MS_ADPCM"
        case SF_FORMAT_VORBIS: "VORBIS"
        case SF_FORMAT_OPUS: "OPUS"
        case SF_FORMAT_MPEG_LAYER_III: "MP3"
        default: String(format & subMask, radix: 16)
        }
    }
}
