/// The server's rendering: the engine's ``Renderer`` over the prepared
/// clips of the ``ClipCache``, finished with libsonic and libebur128.
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
/// (`LimitedClipCache`), and the announcement is joined from those: all of
/// that is the engine's ``Joiner``. Sped-up speech is a new waveform,
/// limited and measured with libebur128 as a whole: this finisher.
///
/// The same segments and settings always give the same samples.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension Renderer where Source == ClipCache {
    /// The server's renderer with `settings`, sharing prepared clips through
    /// `cache`, finished by libsonic and libebur128.
    package init(settings: RenderSettings, cache: ClipCache = .shared) {
        self.init(settings: settings, natural: cache, finisher: SonicFinisher(settings: settings))
    }

    /// Where the prepared clips come from.
    package var cache: ClipCache { natural }
}

/// Speeds up the whole signal with libsonic when the clips do not fit at
/// natural speed, then normalises it as measured by libebur128, limiting
/// its true peaks where the gain would pass the ceiling.
package struct SonicFinisher: WholeSignalFinisher {
    /// Rate, budget, speed limit and loudness.
    package let settings: RenderSettings

    /// A finisher for renders with `settings`.
    package init(settings: RenderSettings) {
        self.settings = settings
    }

    /// Joins `laidOut`, speeds it up if it does not fit the budget, and
    /// normalises it.
    /// - Throws: ``AudioError`` of kind `overBudget` when even the fastest
    ///   allowed speed does not fit; when libebur128 cannot measure.
    package func finish(_ laidOut: Timeline, naturalDuration: Double, pcm16: Bool) throws(AudioError) -> RenderedAudio {
        let limit = settings.frameLimit
        var samples = laidOut.join()
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
