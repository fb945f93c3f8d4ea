import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// The clips of one tier of a device voice pack, for the ``Joiner``: the
/// prepared clips as the pack holds them, and limited clips made from the
/// pack's needs exactly as the server's limiter makes them.
package struct PackClipSource: ClipSource {
    let tier: DevicePack.Tier
    /// The pack's sample rate and fade, which every request must match.
    let sampleRate: Int
    let fade: FadeCurve
    var fadeFrames: Int { fade.frames }

    package init(tier: DevicePack.Tier, sampleRate: Int, fade: FadeCurve) {
        self.tier = tier
        self.sampleRate = sampleRate
        self.fade = fade
    }

    private func checkFormat(sampleRate: Int, fadeFrames: Int) throws(AudioError) {
        guard sampleRate == self.sampleRate, fadeFrames == self.fadeFrames else {
            throw AudioError(.unsupportedFormat, "the pack holds clips at \(self.sampleRate) Hz with fades of \(self.fadeFrames) frames")
        }
    }

    /// A pack's bytes that no longer read (changed after load): the
    /// announcement is refused, never said from them.
    private static func unreadable(_ error: PackError) -> AudioError {
        AudioError(.unusableClip, error.message)
    }

    package func clips(for segments: [ClipPlan.Clip], sampleRate: Int, fadeFrames: Int) throws(AudioError) -> [PreparedClip] {
        try checkFormat(sampleRate: sampleRate, fadeFrames: fadeFrames)
        var clips: [PreparedClip] = []
        clips.reserveCapacity(segments.count)
        for segment in segments {
            let clip: PreparedClip?
            do throws(PackError) {
                clip = try tier.preparedClip(segment.file, fade: fade)
            } catch {
                throw Self.unreadable(error)
            }
            guard let clip else { throw AudioError(.unusableClip, "the pack has no clip \(segment.file)") }
            clips.append(clip)
        }
        return clips
    }

    package func pcm16Clips(
        _ clips: [PreparedClip], for segments: [ClipPlan.Clip], sampleRate: Int, fadeFrames: Int, scale: Float
    ) throws(AudioError) -> [[Int16]] {
        clips.map { PCM16.samples($0.audio.samples, scale: scale) }
    }

    package func limitedClips(
        _ clips: [PreparedClip], sampleRate: Int, fadeFrames: Int, gain: Double, ceiling: Double, pcm16: Bool
    ) throws(AudioError) -> [LimitedClip] {
        let limiter = Limiter(sampleRate: sampleRate, ceiling: ceiling)
        let scale = Decibels.scale(gain)
        let step = (gain / Joiner.limiterGainStep).rounded()
        var result: [LimitedClip] = []
        result.reserveCapacity(clips.count)
        for clip in clips {
            var limited: LimitedClip
            if !LimitedClip.needsLimiting(clip, scale: scale, limiter: limiter) {
                limited = LimitedClip.scaled(clip, gain: gain, scale: scale)
            } else {
                try checkFormat(sampleRate: sampleRate, fadeFrames: fadeFrames)
                var data: DevicePack.Limited?
                if step * Joiner.limiterGainStep == gain, abs(step) < 1e6 {
                    do throws(PackError) {
                        data = try tier.limited(clip.path, step: Int(step))
                    } catch {
                        throw Self.unreadable(error)
                    }
                }
                guard let data, let needs = DevicePack.NeedRun.needs(data.needs, frames: clip.audio.samples.count) else {
                    throw AudioError(.overBudget, "the pack has no limiter data for clip \(clip.path) at \(gain) dB")
                }
                limited = LimitedClip.shaped(
                    clip, gain: gain, scale: scale, limiter: limiter, needs: needs, down: data.down,
                    measurement: data.measurement)
            }
            if pcm16 { limited.pcm16 = PCM16.samples(limited.clip.audio.samples) }
            result.append(limited)
        }
        return result
    }
}
