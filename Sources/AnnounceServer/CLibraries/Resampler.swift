import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
import CSampleRate

/// Sample-rate conversion of whole clips with libsamplerate.
package enum Resampler {
    /// The converter: band-limited sinc at medium quality, clean for speech
    /// (97 dB SNR, 90 % bandwidth) and fast enough for short clips.
    static let converter = Int32(SRC_SINC_MEDIUM_QUALITY)

    /// `audio` at `rate`; the same buffer when the rates already match.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` naming `path`
    ///   when libsamplerate cannot convert between the two rates.
    /// The corresponding C function is `src_simple`.
    package static func resample(_ audio: AudioBuffer, to rate: Int, path: String) throws(AudioError) -> AudioBuffer {
        guard audio.sampleRate != rate else { return audio }
        let ratio = Double(rate) / Double(audio.sampleRate)
        guard audio.sampleRate > 0, rate > 0, src_is_valid_ratio(ratio) != 0 else {
            throw AudioError(.unsupportedFormat, "\(path): cannot resample from \(audio.sampleRate) Hz to \(rate) Hz")
        }
        let inputFrames = audio.samples.count
        // The clip duration is capped when it is read, so this stays small.
        let capacity = Int((Double(inputFrames) * ratio).rounded(.up)) + 16
        var status: Int32 = 0
        let output = [Float](unsafeUninitializedCapacity: capacity) { output, initialized in
            audio.samples.withUnsafeBufferPointer { input in
                var data = SRC_DATA()
                data.data_in = input.baseAddress
                data.data_out = output.baseAddress
                data.input_frames = inputFrames
                data.output_frames = capacity
                data.src_ratio = ratio
                data.end_of_input = 1
                status = src_simple(&data, converter, 1)
                initialized = status == 0 ? min(capacity, max(0, data.output_frames_gen)) : 0
            }
        }
        guard status == 0 else {
            let reason = src_strerror(status).map { String(cString: $0) } ?? "error \(status)"
            throw AudioError(.unsupportedFormat, "\(path): cannot resample from \(audio.sampleRate) Hz to \(rate) Hz (\(reason))")
        }
        return AudioBuffer(sampleRate: rate, samples: output)
    }
}
