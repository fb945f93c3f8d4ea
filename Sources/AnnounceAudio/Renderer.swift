/// Joins prepared clips into one announcement that fits the time budget, at
/// the target loudness.
///
/// Rendering runs in four steps:
/// 1. every segment's clip comes from the ``ClipCache`` (read once, resampled,
///    trimmed, levelled);
/// 2. the clips are joined with ``RenderSettings/prefixPause`` between the
///    prefix and the amount and ``RenderSettings/wordGap`` between words,
///    each clip faded in and out by ``RenderSettings/fade``;
/// 3. when that is longer than the budget, the pauses shrink towards their
///    floors; when that is not enough, libsonic speeds everything up by the
///    smallest factor that fits, up to ``RenderSettings/maxSpeed``;
/// 4. one gain brings the integrated loudness to the target, lowered when the
///    true peak would pass the ceiling.
///
/// The same segments and settings always give the same samples.
public struct Renderer: Sendable {
    /// Rate, budget, pauses and loudness of every render.
    public let settings: RenderSettings
    /// Where the prepared clips come from.
    public let cache: ClipCache

    /// A renderer with `settings`, sharing prepared clips through `cache`.
    public init(settings: RenderSettings, cache: ClipCache = .shared) {
        self.settings = settings
        self.cache = cache
    }

    /// Renders `segments`, in order.
    /// - Throws: ``AudioError``: `unreadable` or `unusableClip` for a clip
    ///   (naming its file), `overBudget` when even the fastest allowed speed
    ///   does not fit, `unsupportedFormat` for settings out of range.
    public func render(_ segments: [ClipSegment]) throws(AudioError) -> RenderedAudio {
        try settings.validate()
        guard !segments.isEmpty else {
            throw AudioError(.unusableClip, "there are no clips to render")
        }
        let rate = settings.sampleRate
        let clips = try segments.map { segment throws(AudioError) in
            try cache.clip(at: segment.path, sampleRate: rate).audio.samples
        }
        let nominal = gaps(between: segments, prefixPause: settings.prefixPause, wordGap: settings.wordGap)
        var timeline = Timeline(clips: clips, gaps: nominal)
        let naturalFrames = timeline.frameCount
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
        let fade = Fade(frames: settings.frames(settings.fade))
        var samples = timeline.join(fade: fade)
        var speed = 1.0
        if samples.count > limit {
            (samples, speed) = try speedUp(samples, toFit: limit, fade: fade)
        }
        let loudness = try normalize(&samples)
        return RenderedAudio(
            audio: AudioBuffer(sampleRate: rate, samples: samples), speed: speed,
            naturalDuration: Double(naturalFrames) / Double(rate),
            loudness: loudness.integrated, truePeak: loudness.truePeak, gain: loudness.gain)
    }

    /// The silence after each segment but the last, in frames: `prefixPause`
    /// where the prefix meets the amount, `wordGap` between other words.
    func gaps(between segments: [ClipSegment], prefixPause: Double, wordGap: Double) -> [Int] {
        let pause = max(0, settings.frames(prefixPause))
        let gap = max(0, settings.frames(wordGap))
        return zip(segments, segments.dropFirst()).map { $0.isPrefix != $1.isPrefix ? pause : gap }
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
