import AnnounceServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Makes a ``DevicePack`` from a voice on the server, for one announcer's
/// render settings and format: the clips as the engine holds them, their
/// measurements, and the limiter's data at every gain of its grid each clip
/// can meet, made with the C libraries here so the phone needs none.
///
/// Which gains a clip can meet follows from the engine's rules, so the set
/// is complete by construction: an announcement is limited at a gain on the
/// grid (``Joiner/limiterGainStep``) no higher than
/// ``Joiner/maximumLimiterGain(truePeak:)`` of its loudest clip, which is at
/// most that of each of its clips; and a clip needs limiter data only at the
/// gains where its true peak passes the limiter's aim. One step more above
/// the cap is kept against rounding.
///
/// Where some payment up to the voice's maximum is longer than the budget
/// at natural speed, every clip is also sped up ahead (libsonic), faded,
/// measured and limited the same way: the phone joins those instead, and
/// the export checks that the longest message of every preset the voice
/// covers then fits.
package struct PackExport {
    /// The announcer whose voice, settings and format the pack holds.
    let announcer: Announcer
    /// The voice's manifest file, whose bytes the pack carries.
    let manifestPath: String

    package init(announcer: Announcer, manifestPath: String) {
        self.announcer = announcer
        self.manifestPath = manifestPath
    }

    /// The pack.
    /// - Throws: ``AudioError`` when a clip cannot be read or used, when the
    ///   voice fails its budget check, or when the phone could not make the
    ///   server's samples with these settings; ``VoiceError`` for a manifest
    ///   that cannot be read.
    package func make() throws -> DevicePack {
        let voice = announcer.voice
        let settings = announcer.settings
        let cache = ClipCache.shared
        let budget = try VoiceBudget(voice: voice, settings: settings, cache: cache)
        if let problem = budget.problems.first {
            throw AudioError(.unusableClip, "voice '\(voice.id)' fails its check, so no pack is made: \(problem)")
        }
        let manifestBytes: [UInt8]
        do throws(FileCheck.Failure) {
            manifestBytes = try FileCheck.readRegularFile(manifestPath, limit: Voice.maximumManifestBytes)
        } catch {
            throw VoiceError(.unreadableManifest, "\(manifestPath): \(error.reason)")
        }
        guard try VoiceManifest(json: Data(manifestBytes), source: manifestPath) == voice.manifest else {
            throw VoiceError(.unreadableManifest, "\(manifestPath) changed while the pack was made")
        }
        let files = Set(voice.manifest.clips.values).sorted()
        let fadeFrames = settings.frames(settings.fade)
        let fade = FadeCurve(gains: Fade(frames: fadeFrames).gains)
        var natural: [String: PreparedClip] = [:]
        var compact: [String: DevicePack.CompactSamples] = [:]
        for file in files {
            let path = voice.path(ofClip: file)
            var clip = try cache.clip(at: path, sampleRate: settings.rate, fadeFrames: fadeFrames)
            clip.path = file
            natural[file] = clip
            compact[file] = try Self.compact(clip, from: path, preparation: cache.preparation, fade: fade)
        }
        var tiers = [try tier(speed: 1, clips: natural, compact: compact)]
        // The payment sentence sets the tier's speed: other messages that do
        // not fit then are said from the server's file.
        let needed = budget.rows.filter { $0.template == Template.payment.description && $0.missingWord == nil && $0.fits }
            .map(\.speed).max() ?? 1
        if needed > 1 {
            tiers.append(try spedUpTier(from: natural, startingAt: needed, budget: budget))
        }
        let pack = DevicePack(
            voiceID: voice.id, voiceDigest: announcer.digest.value, manifest: voice.manifest, manifestBytes: manifestBytes,
            settings: settings, format: announcer.options.format, nameSeed: announcer.soundNaming.seed.state,
            engineVersion: Engine.version, tiers: tiers, fade: fade)
        return pack
    }

    /// `clips` with their limiter data, as the tier of `speed`.
    /// - Throws: ``AudioError`` when a clip's measurement would not bound the
    ///   true peak of an announcement it is joined into (see
    ///   ``Timeline/clipsBoundTruePeak``): the phone could not check it.
    func tier(
        speed: Double, clips: [String: PreparedClip], compact: [String: DevicePack.CompactSamples]
    ) throws(AudioError) -> DevicePack.Tier {
        let settings = announcer.settings
        let joiner = Joiner(settings: settings)
        let limiter = Limiter(sampleRate: settings.rate, ceiling: settings.truePeakCeiling)
        let step = Joiner.limiterGainStep
        var tierClips: [String: DevicePack.Clip] = [:]
        for (file, clip) in clips {
            try requireBoundedPeaks(clip)
            let maximum = joiner.maximumLimiterGain(truePeak: Decibels.decibels(amplitude: clip.measurement.truePeakAmplitude))
            guard maximum.isFinite else {
                tierClips[file] = DevicePack.Clip(prepared: clip, limited: [:], compact: compact[file])
                continue
            }
            var limited: [Int: DevicePack.Limited] = [:]
            var gridStep = Int((maximum / step).rounded(.down)) + 1
            while LimitedClip.needsLimiting(clip, scale: Decibels.scale(Double(gridStep) * step), limiter: limiter) {
                let (entry, result) = try LimitedClipCache.limiting(
                    clip, gain: Double(gridStep) * step, ceiling: settings.truePeakCeiling)
                guard let result else { break }
                try requireBoundedPeaks(entry.clip)
                limited[gridStep] = DevicePack.Limited(
                    needs: DevicePack.NeedRun.runs(of: result.needs), down: result.down, measurement: entry.clip.measurement)
                gridStep -= 1
            }
            tierClips[file] = DevicePack.Clip(prepared: clip, limited: limited, compact: compact[file])
        }
        return DevicePack.Tier(speed: speed, clips: tierClips)
    }

    /// `clip` (prepared from the file at `path`) as 16-bit codes and a
    /// factor, when its file holds 16-bit samples at the output rate and
    /// the codes make its samples again to the bit; else nil.
    static func compact(
        _ clip: PreparedClip, from path: String, preparation: ClipPreparation, fade: FadeCurve
    ) throws(AudioError) -> DevicePack.CompactSamples? {
        let (audio, _) = try ClipAcceptance.read(path)
        guard audio.sampleRate == clip.audio.sampleRate,
            let (range, scale, _) = audio.samples.withUnsafeBufferPointer({
                preparation.levelling($0, sampleRate: audio.sampleRate)
            }),
            range.count == clip.audio.samples.count
        else { return nil }
        var codes: [Int16] = []
        codes.reserveCapacity(range.count)
        for sample in audio.samples[range] {
            let code = sample * 32_768
            guard code == code.rounded(), abs(code) <= 32_767 || code == -32_768 else { return nil }
            codes.append(Int16(code))
        }
        let compact = DevicePack.CompactSamples(codes: codes, scale: scale, faded: clip.fadeFrames > 0)
        let remade = compact.samples(fade: fade)
        guard remade.elementsEqual(clip.audio.samples, by: { $0.bitPattern == $1.bitPattern }) else { return nil }
        return compact
    }

    /// Refuses a clip whose faded edges could raise a true peak across a
    /// join above its own: the joiner would then measure the joined samples,
    /// which the phone cannot.
    private func requireBoundedPeaks(_ clip: PreparedClip) throws(AudioError) {
        guard clip.measurement.edgePeak * ClipMeasurement.spanGain <= clip.measurement.truePeakAmplitude else {
            throw AudioError(
                .unsupportedFormat,
                "clip \(clip.path): its ends are too loud for the phone to bound the true peak of a join; export with a longer fade (now \(announcer.settings.fade.shortDescription) s)")
        }
    }

    /// Every clip sped up by the least factor from `start` (in steps of 2 %)
    /// at which the longest message of every preset the voice covers fits
    /// the budget, rendered as the phone renders it.
    private func spedUpTier(
        from natural: [String: PreparedClip], startingAt start: Double, budget: VoiceBudget
    ) throws -> DevicePack.Tier {
        let settings = announcer.settings
        let fade = Fade(frames: settings.frames(settings.fade))
        var speed = (start * 100).rounded(.up) / 100
        while true {
            var clips: [String: PreparedClip] = [:]
            var compact: [String: DevicePack.CompactSamples] = [:]
            for (file, clip) in natural {
                var spedUp = try SonicStream(sampleRate: settings.rate, speed: speed).process(clip.audio.samples)
                spedUp.withUnsafeMutableBufferPointer { fade.apply(to: $0) }
                // Only the phone says these, so they are kept as 16-bit
                // samples (half the bytes), and measured as such.
                let codes = PCM16.samples(spedUp)
                let stored = DevicePack.CompactSamples(codes: codes, scale: 1, faded: false)
                compact[file] = stored
                let samples = stored.samples(fade: FadeCurve(gains: []))
                let measurement = try samples.withUnsafeBufferPointer { samples throws(AudioError) in
                    try ClipMeasurement(measuring: samples, sampleRate: settings.rate)
                }
                clips[file] = PreparedClip(
                    path: file, audio: AudioBuffer(sampleRate: settings.rate, samples: samples),
                    originalDuration: clip.originalDuration, gain: clip.gain, fadeFrames: clip.fadeFrames,
                    measurement: measurement)
            }
            let tier = try tier(speed: speed, clips: clips, compact: compact)
            if try longestFit(budget: budget, tier: tier) { return tier }
            guard speed < settings.maxSpeed else {
                throw AudioError(
                    .overBudget,
                    "voice '\(announcer.voice.id)': its longest payment does not fit \(settings.budget.shortDescription) s even with clips sped up \(settings.maxSpeed.shortDescription)x ahead")
            }
            speed = min(settings.maxSpeed, ((speed * 1.02) * 100).rounded(.up) / 100)
        }
    }

    /// Whether the longest message of every budget row that fits on the
    /// server also fits when joined from `tier`.
    private func longestFit(budget: VoiceBudget, tier: DevicePack.Tier) throws -> Bool {
        let voice = announcer.voice
        let joiner = Joiner(settings: announcer.settings)
        let source = PackClipSource(
            tier: tier, sampleRate: announcer.settings.rate,
            fade: FadeCurve(gains: Fade(frames: announcer.settings.frames(announcer.settings.fade)).gains))
        for row in budget.rows
        where row.template == Template.payment.description && row.missingWord == nil && row.fits && row.speed > 1 {
            let template = try Template(row.template, in: voice.language)
            let prefix = try Prefix(row.prefix, in: voice.language)
            let count = try row.floorCount.map { try Count($0) }
            let message = try Phrasing(template: template, prefix: prefix, reading: row.options, language: voice.language).message(amount: row.floorAmount, count: count)
            guard case .joined = try joiner.join(try voice.plan(message).clips, from: source, pcm16: true) else { return false }
        }
        return true
    }
}
