import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

extension Joiner {
    /// The loudness of normalised audio, and the gain that got it there.
    package struct Normalization: Sendable {
        /// Integrated loudness after the gain, LUFS (`-infinity` if too short).
        package var integrated: Double
        /// True peak after the gain, dBTP.
        package var truePeak: Double
        /// The gain applied, dB.
        package var gain: Double

        package init(integrated: Double, truePeak: Double, gain: Double) {
            self.integrated = integrated
            self.truePeak = truePeak
            self.gain = gain
        }
    }

    /// The gain for audio measured at `integrated` LUFS with a true peak of
    /// `truePeak` dBTP: the one that reaches the loudness target, lowered
    /// when the true peak would pass the ceiling. Audio too short for an
    /// integrated measurement is brought to the ceiling by its true peak.
    package func normalization(integrated: Double, truePeak: Double) -> Normalization {
        let ceiling = settings.truePeakCeiling
        var gain: Double
        if integrated.isFinite {
            gain = settings.loudnessTarget - integrated
        } else if truePeak.isFinite {
            gain = ceiling - truePeak
        } else {
            gain = 0
        }
        if truePeak.isFinite {
            gain = min(gain, ceiling - truePeak)
        }
        // Loudness and true peak are linear in the gain: the result is the
        // measurement shifted by it.
        return Normalization(integrated: integrated + gain, truePeak: truePeak + gain, gain: gain)
    }

    /// The normalisation of `timeline`'s joined samples, from its clips'
    /// measurements: no pass over the samples. Valid when the timeline
    /// needs no speed-up and ``Timeline/clipsBoundTruePeak``.
    package func estimatedNormalization(of timeline: Timeline) -> Normalization {
        normalization(
            integrated: timeline.estimatedLoudness(sampleRate: settings.rate),
            truePeak: Decibels.decibels(amplitude: timeline.truePeakAmplitude))
    }

    /// Whether the true-peak ceiling, not the loudness target, set the gain
    /// of `normalization`.
    package func heldByCeiling(_ normalization: Normalization) -> Bool {
        normalization.integrated.isFinite && normalization.integrated < settings.loudnessTarget - 1e-6
    }

    /// The highest gain for audio whose true peak is `truePeak` dBTP: the
    /// one at which the limiter lowers its loudest peak by
    /// ``Limiter/maximumReduction``.
    package func maximumLimiterGain(truePeak: Double) -> Double {
        settings.truePeakCeiling - Limiter.margin - truePeak + Limiter.maximumReduction
    }

    /// `timeline` (at normal speed, within the budget) at the loudness
    /// target, its clips limited to the true-peak ceiling at a gain on the
    /// grid: the gain the target asks for, then corrected by how far the
    /// limited clips miss the target, the pass closest to it kept. Limiting
    /// mostly takes loudness off; it can also add some, when it lowers
    /// quiet blocks under BS.1770's relative gate. The announcement's
    /// loudness follows from the limited clips' measurements.
    ///
    /// `nil` when the limited clips no longer fit `limit` frames or meet
    /// across a join in the true-peak interpolator (see
    /// ``Timeline/clipsBoundTruePeak``): then the joined samples must be
    /// limited and measured as a whole.
    /// - Throws: what `source` throws.
    func limited(
        _ timeline: Timeline, from source: some ClipSource, integrated: Double, truePeak: Double, limit: Int, pcm16: Bool,
        naturalDuration: Double
    ) throws(AudioError) -> RenderedAudio? {
        let rate = settings.rate
        let target = settings.loudnessTarget
        var search = GainSearch(
            target: target, step: Self.limiterGainStep, tolerance: Self.limiterGainStep / 2,
            maximum: maximumLimiterGain(truePeak: truePeak))
        var gain = search.onGrid(target - integrated)
        var best: (entries: [LimitedClip], timeline: Timeline, loudness: Double, gain: Double)?
        for _ in 0..<Self.limiterPasses {
            let entries = try source.limitedClips(
                timeline.clips, sampleRate: rate, fadeFrames: settings.frames(settings.fade), gain: gain,
                ceiling: settings.truePeakCeiling, pcm16: pcm16)
            let limited = Timeline(clips: entries.map(\.clip), gaps: timeline.gaps)
            let loudness = limited.estimatedLoudness(sampleRate: rate)
            if best.map({ abs(loudness - target) < abs($0.loudness - target) }) ?? true {
                best = (entries, limited, loudness, gain)
            }
            guard let next = search.next(after: gain, gave: loudness) else { break }
            gain = next
        }
        guard let best, best.timeline.frameCount <= limit, best.timeline.clipsBoundTruePeak else { return nil }
        let samples: RenderedSamples
        if pcm16 {
            samples = .pcm16(best.timeline.join(pcm16: best.entries.map { $0.pcm16 ?? PCM16.samples($0.clip.audio.samples) }))
        } else {
            samples = .float(best.timeline.join())
        }
        return RenderedAudio(
            sampleRate: rate, samples: samples, speed: 1, naturalDuration: naturalDuration, loudness: best.loudness,
            truePeak: Decibels.decibels(amplitude: best.timeline.truePeakAmplitude), gain: best.gain,
            limiting: best.entries.reduce(0) { max($0, $1.reduction) })
    }
}
