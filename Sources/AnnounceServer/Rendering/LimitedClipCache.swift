/// Prepared clips times a gain and limited to a true-peak ceiling, kept for
/// the life of the process: what the renderer joins when the ceiling
/// would otherwise hold an announcement below its loudness target.
///
/// An announcement's gain is set on a grid (``Joiner/limiterGainStep``),
/// and a clip limited at one gain is the same in every announcement, so a
/// handful of gains covers a voice: each clip is limited and measured once
/// per gain, and for 16-bit output converted once.
///
/// Thread-safe; a clip is limited under the cache's lock, which keeps
/// "once" exact.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

package final class LimitedClipCache: Sendable {
    private struct Key: Hashable {
        var path: String
        var sampleRate: Int
        var fadeFrames: Int
        /// The bits of the gain and the ceiling in dB.
        var gain: UInt64
        var ceiling: UInt64
    }

    /// A prepared clip limited at one gain.
    package typealias Entry = LimitedClip

    private struct Entries {
        var entries: [Key: Entry] = [:]
        /// Float samples held, plus half the 16-bit ones.
        var samples = 0
    }

    /// The most samples kept (16 MB of floats); past it clips are limited
    /// afresh.
    static let sampleLimit = 4 << 20

    private let state = LockedState(Entries())

    /// `clips` (prepared for `sampleRate` with fades of `fadeFrames`), each
    /// times `gain` dB and limited to `ceiling` dBTP; with `pcm16` each with
    /// its 16-bit samples.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libebur128
    ///   cannot measure at the rate.
    func entries(
        for clips: [PreparedClip], sampleRate: Int, fadeFrames: Int, gain: Double, ceiling: Double, pcm16: Bool
    ) throws(AudioError) -> [Entry] {
        try state.withLock { state throws(AudioError) in
            var result: [Entry] = []
            result.reserveCapacity(clips.count)
            for clip in clips {
                let key = Key(
                    path: clip.path, sampleRate: sampleRate, fadeFrames: fadeFrames,
                    gain: gain.bitPattern, ceiling: ceiling.bitPattern)
                // An entry of another length was limited from an older
                // version of the file (the clip cache was emptied and the
                // file changed meanwhile): limited again.
                let stored = state.entries[key]
                let known = stored.flatMap { $0.clip.audio.samples.count == clip.audio.samples.count ? $0 : nil }
                var entry: Entry
                if let known {
                    entry = known
                } else {
                    entry = try Self.limit(clip, gain: gain, ceiling: ceiling)
                }
                if pcm16 && entry.pcm16 == nil {
                    entry.pcm16 = PCM16.samples(entry.clip.audio.samples)
                }
                let size = entry.size
                if size != known?.size {
                    state.samples += size - (stored?.size ?? 0)
                    if state.samples > Self.sampleLimit {
                        state = Entries()
                        state.samples = size
                    }
                    state.entries[key] = entry
                }
                result.append(entry)
            }
            return result
        }
    }

    /// Forgets every limited clip.
    func removeAll() {
        state.withLock { $0 = Entries() }
    }

    /// `clip` times `gain` dB, limited to `ceiling` dBTP and measured.
    static func limit(_ clip: PreparedClip, gain: Double, ceiling: Double) throws(AudioError) -> Entry {
        try limiting(clip, gain: gain, ceiling: ceiling).entry
    }

    /// `clip` times `gain` dB, limited to `ceiling` dBTP and measured; with
    /// what made it (`nil` where the limiter leaves the clip alone), which
    /// a device voice pack keeps so the phone makes the same samples.
    package static func limiting(
        _ clip: PreparedClip, gain: Double, ceiling: Double
    ) throws(AudioError) -> (entry: Entry, result: Limiter.Result?) {
        let rate = clip.audio.sampleRate
        let limiter = Limiter(sampleRate: rate, ceiling: ceiling)
        let scale = Decibels.scale(gain)
        guard LimitedClip.needsLimiting(clip, scale: scale, limiter: limiter) else {
            return (LimitedClip.scaled(clip, gain: gain, scale: scale), nil)
        }
        // The limiter checks each result's true peak; the clip measurement
        // includes it, so the last result is measured once.
        var measured: ClipMeasurement?
        let result = try clip.audio.samples.withUnsafeBufferPointer { samples throws(AudioError) in
            try limiter.limit(samples, scale: scale) { limited throws(AudioError) in
                let measurement = try ClipMeasurement(measuring: limited, sampleRate: rate)
                measured = measurement
                return measurement.truePeakAmplitude
            }
        }
        guard let measurement = measured else {
            throw AudioError(.unusableClip, "\(clip.path): the clip could not be limited")
        }
        let limited = PreparedClip(
            path: clip.path, audio: AudioBuffer(sampleRate: rate, samples: result.samples),
            originalDuration: clip.originalDuration, gain: clip.gain + gain, fadeFrames: clip.fadeFrames,
            measurement: measurement)
        return (LimitedClip(clip: limited, reduction: result.reduction), result)
    }
}

extension LimitedClip {
    /// The float samples held, plus half the 16-bit ones.
    var size: Int { clip.audio.samples.count + (pcm16?.count ?? 0) / 2 }
}
