import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

// libm's log10; system calls go through System/.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one rule for which clip files a voice may use, applied by both
/// `announce voice check` (``VoiceInspection``) and the renderer
/// (``ClipPreparation``), so a clip that one refuses the other never says.
///
/// A clip must be a regular file (never a FIFO or a device, which would
/// block the reader), decode to numbers, and be a word: its sample peak at
/// least ``minimumPeak``, and its sound, once trimmed as ``ClipPreparation``
/// trims it (relative to its own peak) and without the margins kept around
/// it, at least ``minimumDuration`` long. The bundled voice's clips peak at
/// -3 dBFS and hold more than 100 ms of sound, far above both; a clip cut to
/// a few frames, or recorded at -70 dBFS, fails.
package enum ClipAcceptance {
    /// The shortest sound a clip may hold, in seconds (a syllable lasts
    /// 150–350 ms; a 40 ms burst is a click, not a word).
    package static let minimumDuration = 0.040
    /// The lowest sample peak a clip may have, in dBFS: quieter than this is
    /// silence or noise, which levelling would only raise.
    package static let minimumPeak = -55.0

    /// Reads the clip at `path`: opened without blocking and checked to be
    /// a regular file first, then decoded with libsndfile and mixed to mono.
    /// - Throws: ``AudioError`` naming `path` (escaped, ``/AnnounceCommon/MessageText``):
    ///   `unreadable`, or `unusableClip` for a clip too long to decode.
    package static func read(_ path: String) throws(AudioError) -> (audio: AudioBuffer, info: SoundFileInfo) {
        try SoundFile.withRegularFile(path) { name throws(AudioError) in try SoundFile.readMono(path: name) }
    }

    /// Why decoded `audio` is not a usable word, as the end of a sentence
    /// that starts with the clip's name (`is silent (digital silence)`);
    /// nil when it is usable. `preparation` says how the clip is trimmed.
    package static func problem(with audio: AudioBuffer, preparation: ClipPreparation) -> String? {
        guard !audio.samples.isEmpty, audio.sampleRate > 0 else { return "has no audio" }
        var peak: Float = 0
        var finite = true
        audio.samples.withUnsafeBufferPointer { samples in
            for sample in samples {
                finite = finite && sample.isFinite
                peak = max(peak, abs(sample))
            }
        }
        guard finite else { return "has samples that are not numbers" }
        guard peak > 0 else { return "is silent (digital silence)" }
        let peakDecibels = 20 * log10(Double(peak))
        guard peakDecibels >= minimumPeak else {
            return "is too quiet to be a word (peak \(peakDecibels.decimal(maximumDigits: 1)) dBFS; a clip needs \(Int(minimumPeak.rounded())) dBFS)"
        }
        let frames = audio.samples.withUnsafeBufferPointer { samples in
            preparation.speechFrames(samples, sampleRate: audio.sampleRate)
        }
        let seconds = Double(frames) / Double(audio.sampleRate)
        guard seconds >= minimumDuration else {
            let milliseconds = (seconds * 1000).decimal(maximumDigits: 1)
            return "is too short to be a word (\(milliseconds) ms of sound after trimming; a clip needs \(Int((minimumDuration * 1000).rounded())) ms)"
        }
        return nil
    }

    /// Checks decoded `audio` from `path`.
    /// - Throws: ``AudioError`` of kind `unusableClip` naming `path` and the problem.
    static func require(_ audio: AudioBuffer, from path: String, preparation: ClipPreparation) throws(AudioError) {
        if let problem = problem(with: audio, preparation: preparation) {
            throw AudioError(.unusableClip, "\(MessageText.escaped(path)): the clip \(problem)")
        }
    }
}
