import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// Where a ``Joiner`` gets its clips: prepared, and limited at a gain.
///
/// On the server, the clip cache reads, resamples, levels, fades and
/// measures clip files with the C libraries and limits them with
/// libebur128's true-peak needs; on the phone, a device voice pack holds all
/// of that, made ahead. The joiner does the rest the same way on both.
package protocol ClipSource: Sendable {
    /// The clips `segments` name, in order, prepared at `sampleRate` with
    /// fades of `fadeFrames`.
    func clips(for segments: [ClipPlan.Clip], sampleRate: Int, fadeFrames: Int) throws(AudioError) -> [PreparedClip]

    /// `clips`, which `segments` name, each times `scale` as the 16-bit
    /// samples ``PCM16`` makes of it (kept by a source that renders often).
    func pcm16Clips(
        _ clips: [PreparedClip], for segments: [ClipPlan.Clip], sampleRate: Int, fadeFrames: Int, scale: Float
    ) throws(AudioError) -> [[Int16]]

    /// `clips` each times `gain` dB and limited to `ceiling` dBTP; with
    /// `pcm16`, each with its 16-bit samples.
    func limitedClips(
        _ clips: [PreparedClip], sampleRate: Int, fadeFrames: Int, gain: Double, ceiling: Double, pcm16: Bool
    ) throws(AudioError) -> [LimitedClip]
}
