/// The server's clips for the engine: segments name clip files, prepared
/// and limited here with the C libraries.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension ClipCache: ClipSource {
    package func clips(for segments: [ClipPlan.Clip], sampleRate: Int, fadeFrames: Int) throws(AudioError) -> [PreparedClip] {
        try clips(at: segments.map(\.file), sampleRate: sampleRate, fadeFrames: fadeFrames)
    }

    package func pcm16Clips(
        _ clips: [PreparedClip], for segments: [ClipPlan.Clip], sampleRate: Int, fadeFrames: Int, scale: Float
    ) throws(AudioError) -> [[Int16]] {
        try pcm16Clips(at: segments.map(\.file), sampleRate: sampleRate, fadeFrames: fadeFrames, scale: scale)
    }

    package func limitedClips(
        _ clips: [PreparedClip], sampleRate: Int, fadeFrames: Int, gain: Double, ceiling: Double, pcm16: Bool
    ) throws(AudioError) -> [LimitedClip] {
        try limited.entries(
            for: clips, sampleRate: sampleRate, fadeFrames: fadeFrames, gain: gain, ceiling: ceiling, pcm16: pcm16)
    }
}
