extension Renderer {
    /// The most the true-peak limiter lowers a peak, in dB: beyond this,
    /// speech sounds squashed, so audio that would need more stays below
    /// the loudness target instead, with its peaks lowered by about this
    /// much. Speech clips, 11 to 18 dB from peak to RMS, need up to about
    /// 4 dB at -16 LUFS and -1 dBTP.
    package static let maximumLimiting = 6.0

    /// The grid, in dB, of the gains at which clips are limited. An
    /// announcement's gain is rounded to it, so that announcements share
    /// their limited clips (``LimitedClipCache``): the bundled voice's
    /// announcements need gains within about 2 dB of each other, a handful of
    /// steps. Rounding costs at most half a step of loudness.
    static let limiterGainStep = 0.25
    /// The most gains tried in turn to make up for the loudness the limiter
    /// takes off (``GainSearch``).
    static let limiterPasses = 5

    /// Whether the true-peak ceiling, not the loudness target, set the gain
    /// of `normalization`.
    func heldByCeiling(_ normalization: Normalization) -> Bool {
        normalization.integrated.isFinite && normalization.integrated < settings.loudnessTarget - 1e-6
    }

    /// The highest gain for audio whose true peak is `truePeak` dBTP: the
    /// one at which the limiter lowers its loudest peak by
    /// ``Limiter/maximumReduction``.
    func maximumLimiterGain(truePeak: Double) -> Double {
        settings.truePeakCeiling - Limiter.margin - truePeak + Limiter.maximumReduction
    }

    /// `timeline` (at normal speed, within the budget) at the loudness
    /// target, its clips limited to the true-peak ceiling at a gain on the
    /// grid: the gain the target asks for, then corrected by how far the
    /// limited clips miss the target, the pass closest to it kept. Limiting
    /// mostly takes loudness off; it can also add some, when it lowers
    /// quiet blocks under BS.1770's relative gate. Each clip is limited,
    /// measured and converted once per gain (``LimitedClipCache``), and the
    /// announcement's loudness follows from the limited clips' measurements.
    ///
    /// `nil` when the limited clips no longer fit `limit` frames or meet
    /// across a join in the true-peak interpolator (see
    /// ``Timeline/clipsBoundTruePeak``): then the joined samples must be
    /// limited and measured as a whole.
    /// - Throws: ``AudioError`` when libebur128 cannot measure.
    func limited(
        _ timeline: Timeline, integrated: Double, truePeak: Double, limit: Int, pcm16: Bool, naturalDuration: Double
    ) throws(AudioError) -> RenderedAudio? {
        let rate = settings.rate
        let target = settings.loudnessTarget
        var search = GainSearch(
            target: target, step: Self.limiterGainStep, tolerance: Self.limiterGainStep / 2,
            maximum: maximumLimiterGain(truePeak: truePeak))
        var gain = search.onGrid(target - integrated)
        var best: (entries: [LimitedClipCache.Entry], timeline: Timeline, loudness: Double, gain: Double)?
        for _ in 0..<Self.limiterPasses {
            let entries = try cache.limited.entries(
                for: timeline.clips, sampleRate: rate, fadeFrames: settings.frames(settings.fade), gain: gain,
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
            truePeak: Loudness.decibels(amplitude: best.timeline.truePeakAmplitude), gain: best.gain,
            limiting: best.entries.reduce(0) { max($0, $1.reduction) })
    }

    /// Limits `samples` (joined, perhaps sped up) to the true-peak ceiling
    /// at the gain that brings them to the loudness target, measuring the
    /// result with libebur128; corrected by how far that misses the target,
    /// the pass closest to it kept. For audio whose clips cannot be
    /// limited one by one; `integrated` is the loudness of `samples`.
    /// - Throws: ``AudioError`` when libebur128 cannot measure.
    func limit(_ samples: inout [Float], integrated: Double, truePeak: Double) throws(AudioError) -> (Normalization, limiting: Double) {
        let rate = settings.rate
        let target = settings.loudnessTarget
        let limiter = Limiter(sampleRate: rate, ceiling: settings.truePeakCeiling)
        var search = GainSearch(target: target, step: 0, tolerance: 0.01, maximum: maximumLimiterGain(truePeak: truePeak))
        var gain = search.onGrid(target - integrated)
        var best: (samples: [Float], normalization: Normalization, reduction: Double)?
        for _ in 0..<Self.limiterPasses {
            let (limited, _, reduction) = try samples.withUnsafeBufferPointer { samples throws(AudioError) in
                try limiter.limit(samples, scale: Self.scale(decibels: gain))
            }
            let measured = try Loudness(measuring: AudioBuffer(sampleRate: rate, samples: limited))
            let normalization = Normalization(integrated: measured.integrated, truePeak: measured.truePeak, gain: gain)
            if best.map({ abs(measured.integrated - target) < abs($0.normalization.integrated - target) }) ?? true {
                best = (limited, normalization, reduction)
            }
            // A hundredth of a LU is as close as the measurement is useful.
            guard let next = search.next(after: gain, gave: measured.integrated) else { break }
            gain = next
        }
        guard let best else { return (Normalization(integrated: integrated, truePeak: -.infinity, gain: 0), 0) }
        samples = best.samples
        return (best.normalization, best.reduction)
    }
}
