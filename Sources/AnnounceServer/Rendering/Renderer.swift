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
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

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
        let joiner = Joiner(settings: settings)
        let (timeline, naturalDuration): (Timeline, Double)
        switch try joiner.join(segments, from: cache, pcm16: pcm16) {
        case .joined(let rendered):
            return rendered
        case .unmeasured(let laidOut, let natural):
            (timeline, naturalDuration) = (laidOut, natural)
        }
        let limit = settings.frameLimit
        var samples = timeline.join()
        var speed = 1.0
        if samples.count > limit {
            (samples, speed) = try speedUp(samples, toFit: limit, fade: Fade(frames: settings.frames(settings.fade)))
        }
        let (loudness, limiting) = try normalize(&samples)
        return RenderedAudio(
            sampleRate: settings.rate, samples: pcm16 ? .pcm16(PCM16.samples(samples)) : .float(samples), speed: speed,
            naturalDuration: naturalDuration, loudness: loudness.integrated, truePeak: loudness.truePeak, gain: loudness.gain,
            limiting: limiting)
    }
}
