import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// Joins prepared clips into one announcement at natural speed, its
/// loudness and true peak worked out from the clips' measurements: the
/// render engine the server and the phone share.
///
/// 1. The clips are laid out with ``RenderSettings/prefixPause`` between
///    the prefix and the amount and ``RenderSettings/wordGap`` between
///    words; when that is longer than the budget, the pauses shrink towards
///    their floors.
/// 2. One gain brings the integrated loudness, estimated from the clips'
///    energy profiles, to the target; where the true peak would then pass
///    the ceiling, each clip is limited at a gain on a grid
///    (``limiterGainStep``) and the announcement joined from the limited
///    clips.
/// 3. The samples are made in one pass: each clip times the gain, silence
///    between; for a 16-bit file, converted as libsndfile converts.
///
/// What needs the joined audio measured as a whole (a speed-up, or clips so
/// close and unfaded that their measurements do not bound the true peak)
/// is left to the caller: ``join(_:from:pcm16:)`` returns the timeline.
///
/// The same segments, clips and settings always give the same samples, on
/// any platform: the engine's math is ``PortableMath``.
package struct Joiner: Sendable {
    /// Rate, budget, pauses and loudness of every render.
    package let settings: RenderSettings

    /// A joiner with `settings`.
    package init(settings: RenderSettings) {
        self.settings = settings
    }

    /// The grid, in dB, of the gains at which clips are limited. An
    /// announcement's gain is rounded to it, so that announcements share
    /// their limited clips: the bundled voice's announcements need gains
    /// within about 2 dB of each other, a handful of steps. Rounding costs
    /// at most half a step of loudness.
    package static let limiterGainStep = 0.25
    /// The most gains tried in turn to make up for the loudness the limiter
    /// takes off (``GainSearch``).
    package static let limiterPasses = 5

    /// What joining came to.
    package enum Outcome: Sendable {
        /// The announcement, made from the clips' measurements.
        case joined(RenderedAudio)
        /// The clips laid out (pauses shrunk as far as they go), which must
        /// be sped up or measured as a whole to be normalised.
        case unmeasured(Timeline, naturalDuration: Double)
    }

    /// Joins `segments` with clips from `source`: as float samples, or with
    /// `pcm16` as the 16-bit samples of a 16-bit PCM file.
    /// - Throws: ``AudioError``: what `source` throws, `unusableClip` for no
    ///   segments, `overBudget` when even the fastest allowed speed would
    ///   not fit, `unsupportedFormat` for settings out of range.
    package func join(_ segments: [ClipPlan.Clip], from source: some ClipSource, pcm16: Bool) throws(AudioError) -> Outcome {
        try settings.validate()
        guard !segments.isEmpty else {
            throw AudioError(.unusableClip, "there are no clips to render")
        }
        let rate = settings.rate
        let fadeFrames = settings.frames(settings.fade)
        let clips = try source.clips(for: segments, sampleRate: rate, fadeFrames: fadeFrames)
        let timeline = layOut(clips, segments: segments)
        let naturalDuration = Double(timeline.natural) / Double(rate)
        let limit = settings.frameLimit
        // Refuse what cannot fit before joining: a few thousand segments
        // would otherwise allocate minutes of audio just to be thrown away.
        try checkReachable(frames: timeline.laidOut.frameCount, limit: limit)
        let laidOut = timeline.laidOut
        guard laidOut.frameCount <= limit, laidOut.clipsBoundTruePeak else {
            return .unmeasured(laidOut, naturalDuration: naturalDuration)
        }
        let loudness = estimatedNormalization(of: laidOut)
        if heldByCeiling(loudness) {
            let limited = try self.limited(
                laidOut, from: source, integrated: loudness.integrated - loudness.gain,
                truePeak: loudness.truePeak - loudness.gain, limit: limit, pcm16: pcm16, naturalDuration: naturalDuration)
            guard let limited else { return .unmeasured(laidOut, naturalDuration: naturalDuration) }
            return .joined(limited)
        }
        let scale = Decibels.scale(loudness.gain)
        let samples: RenderedSamples
        if pcm16 {
            // Each clip times the gain is the same whichever announcement
            // it is in, so a source may keep its 16-bit samples.
            let parts = try source.pcm16Clips(clips, for: segments, sampleRate: rate, fadeFrames: fadeFrames, scale: scale)
            samples = zip(parts, clips).allSatisfy({ $0.count == $1.audio.samples.count })
                ? .pcm16(laidOut.join(pcm16: parts)) : .pcm16(PCM16.samples(laidOut.join(scale: scale)))
        } else {
            samples = .float(laidOut.join(scale: scale))
        }
        return .joined(RenderedAudio(
            sampleRate: rate, samples: samples, speed: 1, naturalDuration: naturalDuration,
            loudness: loudness.integrated, truePeak: loudness.truePeak, gain: loudness.gain))
    }

    /// `clips` laid out with the nominal pauses, shrunk towards their
    /// floors when that is longer than the budget; with the natural length
    /// in frames.
    package func layOut(_ clips: [PreparedClip], segments: [ClipPlan.Clip]) -> (laidOut: Timeline, natural: Int) {
        let nominal = gaps(between: segments, prefixPause: settings.prefixPause, wordGap: settings.wordGap)
        var timeline = Timeline(clips: clips, gaps: nominal)
        let natural = timeline.frameCount
        let limit = settings.frameLimit
        if natural > limit {
            let floors = zip(
                nominal,
                gaps(between: segments, prefixPause: settings.minimumPrefixPause, wordGap: settings.minimumWordGap)
            ).map { min($0, $1) }
            timeline.gaps = Self.shrink(nominal, towards: floors, by: natural - limit)
        }
        return (timeline, natural)
    }

    /// The silence after each segment but the last, in frames: `prefixPause`
    /// where the prefix meets the amount, `wordGap` between other words.
    package func gaps(between segments: [ClipPlan.Clip], prefixPause: Double, wordGap: Double) -> [Int] {
        let pause = max(0, settings.frames(prefixPause))
        let gap = max(0, settings.frames(wordGap))
        return zip(segments, segments.dropFirst()).map { $0.isPrefix != $1.isPrefix || $0.pauseAfter ? pause : gap }
    }

    /// `nominal` gaps shortened by `excess` frames in total, each in
    /// proportion to its room above its floor, never below the floor. When
    /// the room is not enough, the floors.
    package static func shrink(_ nominal: [Int], towards floors: [Int], by excess: Int) -> [Int] {
        let room = zip(nominal, floors).map { max(0, $0 - $1) }
        let totalRoom = room.reduce(0, +)
        guard excess < totalRoom else { return floors }
        let kept = totalRoom - excess
        // Rounding each gap down keeps the total within the budget; the
        // frames lost to rounding are at most one per gap.
        return zip(floors, room).map { floor, room in floor + room * kept / totalRoom }
    }

    /// Throws `overBudget` when `frames` is clearly out of reach of `limit`
    /// even at ``RenderSettings/maxSpeed`` (a speed-up's length can differ
    /// from `frames / speed` by a little, so the borderline is tried).
    package func checkReachable(frames: Int, limit: Int) throws(AudioError) {
        guard frames > limit else { return }
        guard limit > 0, Double(frames) / Double(limit) <= settings.maxSpeed * 1.02 else {
            throw overBudget(needing: Double(frames) / settings.maxSpeed)
        }
    }

    /// The error for an announcement that needs `frames` frames at the
    /// fastest speed, as in `needs 7.4 s at 1.35x; budget is 6.0 s`.
    package func overBudget(needing frames: Double) -> AudioError {
        let seconds = frames / Double(settings.rate)
        // Rounded up, so the need never reads as if it fit the budget.
        let shown = (seconds * 10 - 1e-9).rounded(.up) / 10
        return AudioError(
            .overBudget,
            "needs \(shown.decimal(maximumDigits: 1)) s at \(settings.maxSpeed.shortDescription)x; budget is \(settings.budget.decimal(maximumDigits: 3)) s")
    }
}
