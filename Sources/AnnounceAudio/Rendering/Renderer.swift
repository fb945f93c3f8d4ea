/// Joins prepared clips into one announcement that fits the time budget, at
/// the target loudness.
///
/// Rendering runs in four steps:
/// 1. every segment's clip comes from the ``ClipCache``: read once, resampled,
///    trimmed, levelled, faded in and out by ``RenderSettings/fade`` and
///    measured with libebur128 (loudness over time, true peak);
/// 2. the clips are laid out with ``RenderSettings/prefixPause`` between the
///    prefix and the amount and ``RenderSettings/wordGap`` between words;
/// 3. when that is longer than the budget, the pauses shrink towards their
///    floors; when that is not enough, libsonic speeds everything up by the
///    smallest factor that fits, up to ``RenderSettings/maxSpeed``;
/// 4. one gain brings the integrated loudness to the target; where the true
///    peak would then pass the ceiling, a look-ahead limiter lowers the
///    peaks that would, smoothly, and nothing else.
///
/// At normal speed the loudness and true peak of the announcement follow
/// from its clips' measurements and the layout, so the samples are made in
/// one pass (each clip times the gain, silence between) and never measured
/// again. When the limiter is needed, each clip is limited at the gain
/// (rounded to a grid, so that announcements share them) and measured once
/// (`LimitedClipCache`), and the announcement is joined from those.
/// Sped-up speech is a new waveform, limited and measured with libebur128
/// as a whole.
///
/// The same segments and settings always give the same samples.
package struct Renderer: Sendable {
    /// Rate, budget, pauses and loudness of every render.
    package let settings: RenderSettings
    /// Where the prepared clips come from.
    package let cache: ClipCache

    /// A renderer with `settings`, sharing prepared clips through `cache`.
    package init(settings: RenderSettings, cache: ClipCache = .shared) {
        self.settings = settings
        self.cache = cache
    }

    /// Renders `segments`, in order: as float samples, or with `pcm16` as the
    /// 16-bit samples of a 16-bit PCM file (the same values the float
    /// samples would be written as).
    /// - Throws: ``AudioError``: `unreadable` or `unusableClip` for a clip
    ///   (naming its file), `overBudget` when even the fastest allowed speed
    ///   does not fit, `unsupportedFormat` for settings out of range.
    package func render(_ segments: [ClipSegment], pcm16: Bool = false) throws(AudioError) -> RenderedAudio {
        try settings.validate()
        guard !segments.isEmpty else {
            throw AudioError(.unusableClip, "there are no clips to render")
        }
        let rate = settings.rate
        let paths = segments.map { $0.path }
        let fadeFrames = settings.frames(settings.fade)
        let clips = try cache.clips(at: paths, sampleRate: rate, fadeFrames: fadeFrames)
        let nominal = gaps(between: segments, prefixPause: settings.prefixPause, wordGap: settings.wordGap)
        var timeline = Timeline(clips: clips, gaps: nominal)
        let naturalFrames = timeline.frameCount
        let naturalDuration = Double(naturalFrames) / Double(rate)
        let limit = settings.frameLimit
        if naturalFrames > limit {
            let floors = zip(
                nominal,
                gaps(between: segments, prefixPause: settings.minimumPrefixPause, wordGap: settings.minimumWordGap)
            ).map { min($0, $1) }
            timeline.gaps = Self.shrink(nominal, towards: floors, by: naturalFrames - limit)
        }
        // Refuse what cannot fit before joining: a few thousand segments
        // would otherwise allocate minutes of audio just to be thrown away.
        try checkReachable(frames: timeline.frameCount, limit: limit)
        if timeline.frameCount <= limit && timeline.clipsBoundTruePeak {
            let loudness = estimatedNormalization(of: timeline)
            if heldByCeiling(loudness) {
                if let limited = try limited(
                    timeline, integrated: loudness.integrated - loudness.gain,
                    truePeak: loudness.truePeak - loudness.gain, limit: limit, pcm16: pcm16,
                    naturalDuration: naturalDuration)
                {
                    return limited
                }
            } else {
                let scale = Self.scale(decibels: loudness.gain)
                let samples: RenderedSamples
                if pcm16 {
                    // Each clip times the gain is the same whichever
                    // announcement it is in, so its 16-bit samples come from
                    // the cache (unless the cache was emptied and a clip
                    // changed on disk meanwhile).
                    let parts = try cache.pcm16Clips(at: paths, sampleRate: rate, fadeFrames: fadeFrames, scale: scale)
                    samples = zip(parts, clips).allSatisfy({ $0.count == $1.audio.samples.count })
                        ? .pcm16(timeline.join(pcm16: parts)) : .pcm16(PCM16.samples(timeline.join(scale: scale)))
                } else {
                    samples = .float(timeline.join(scale: scale))
                }
                return RenderedAudio(
                    sampleRate: rate, samples: samples, speed: 1, naturalDuration: naturalDuration,
                    loudness: loudness.integrated, truePeak: loudness.truePeak, gain: loudness.gain)
            }
        }
        var samples = timeline.join()
        var speed = 1.0
        if samples.count > limit {
            (samples, speed) = try speedUp(samples, toFit: limit, fade: Fade(frames: settings.frames(settings.fade)))
        }
        let (loudness, limiting) = try normalize(&samples)
        return RenderedAudio(
            sampleRate: rate, samples: pcm16 ? .pcm16(PCM16.samples(samples)) : .float(samples), speed: speed,
            naturalDuration: naturalDuration, loudness: loudness.integrated, truePeak: loudness.truePeak, gain: loudness.gain,
            limiting: limiting)
    }

    /// The silence after each segment but the last, in frames: `prefixPause`
    /// where the prefix meets the amount, `wordGap` between other words.
    func gaps(between segments: [ClipSegment], prefixPause: Double, wordGap: Double) -> [Int] {
        let pause = max(0, settings.frames(prefixPause))
        let gap = max(0, settings.frames(wordGap))
        return zip(segments, segments.dropFirst()).map { $0.isPrefix != $1.isPrefix || $0.pauseAfter ? pause : gap }
    }

    /// `nominal` gaps shortened by `excess` frames in total, each in
    /// proportion to its room above its floor, never below the floor. When
    /// the room is not enough, the floors.
    static func shrink(_ nominal: [Int], towards floors: [Int], by excess: Int) -> [Int] {
        let room = zip(nominal, floors).map { max(0, $0 - $1) }
        let totalRoom = room.reduce(0, +)
        guard excess < totalRoom else { return floors }
        let kept = totalRoom - excess
        // Rounding each gap down keeps the total within the budget; the
        // frames lost to rounding are at most one per gap.
        return zip(floors, room).map { floor, room in floor + room * kept / totalRoom }
    }
}
