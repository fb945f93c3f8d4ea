import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
import CSndFile

/// What libsndfile reports about an audio file.
package struct SoundFileInfo: Equatable, Sendable {
    /// The length in frames.
    package var frames: Int
    /// Frames per second, in hertz.
    package var sampleRate: Int
    /// The number of channels (1 for mono).
    package var channels: Int
    /// The container, e.g. `WAV`, `CAF`, `AIFF`, `FLAC`.
    package var container: String
    /// The sample encoding, e.g. `PCM_16`, `ULAW`, `IMA_ADPCM`.
    package var encoding: String

    /// The length in seconds; 0 when the sample rate is 0.
    package var duration: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }
}

/// Reading audio files through libsndfile.
package enum SoundFile {
    /// Clips longer than this are refused before they are decoded: a word is
    /// not a minute long, and decoding one must not exhaust memory.
    package static let maximumClipDuration = 30.0
    /// Files with more samples than this (all channels) are refused before
    /// they are decoded: 64 MB of floats, more than 30 s of 192 kHz stereo.
    package static let maximumDecodedSamples = 16 * 1024 * 1024

    /// Describes the file at `path` without decoding it.
    /// The corresponding C function is `sf_open`.
    package static func info(path: String) throws(AudioError) -> SoundFileInfo {
        try SoundFileHandle(readingFrom: path).fileInfo
    }

    /// Decodes the file at `path` and mixes it to mono.
    /// The corresponding C function is `sf_readf_float`.
    package static func readMono(path: String) throws(AudioError) -> (audio: AudioBuffer, info: SoundFileInfo) {
        let file = try SoundFileHandle(readingFrom: path)
        let info = file.fileInfo
        guard info.sampleRate > 0, info.channels > 0 else {
            throw AudioError(.unreadable, "\(path): not a usable audio file (no sample rate or channels)")
        }
        guard info.duration <= maximumClipDuration else {
            throw AudioError(.unusableClip, "\(path): \(info.duration.decimal(maximumDigits: 1)) s is too long for a clip (at most \(Int(maximumClipDuration)) s)")
        }
        let (samples, overflow) = info.frames.multipliedReportingOverflow(by: info.channels)
        guard info.frames >= 0, !overflow, samples <= maximumDecodedSamples else {
            throw AudioError(.unusableClip, "\(path): \(info.frames) frames of \(info.channels) channels are too many for a clip")
        }
        let interleaved = try file.readAllFrames(count: info.frames, channels: info.channels, path: path)
        return (AudioBuffer(sampleRate: info.sampleRate, samples: mixToMono(interleaved, channels: info.channels)), info)
    }

    package static func mixToMono(_ interleaved: [Float], channels: Int) -> [Float] {
        guard channels > 1 else { return interleaved }
        let frames = interleaved.count / channels
        let scale = 1 / Float(channels)
        return [Float](unsafeUninitializedCapacity: frames) { buffer, count in
            interleaved.withUnsafeBufferPointer { source in
                for frame in 0..<frames {
                    var sum: Float = 0
                    for channel in 0..<channels { sum += source[frame * channels + channel] }
                    buffer[frame] = sum * scale
                }
            }
            count = frames
        }
    }
}
