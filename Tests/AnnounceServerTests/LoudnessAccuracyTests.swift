import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

/// At normal speed the renderer works out loudness and true peak from its
/// clips' measurements instead of measuring the announcement. These tests
/// write the announcements, read the files back and measure them with a
/// full libebur128 pass (integrated loudness and true peak, every sample):
/// the file must be at the target (the limiter lowering the peaks that would
/// pass the ceiling), at what the renderer reports, and never above the
/// ceiling.
struct LoudnessAccuracyTests {
    static let voicePath = RepositoryPaths.bundledVoice.path

    /// What the written file measures, next to what the renderer reported.
    struct Check {
        var name: String
        var rendered: RenderedAudio
        var measured: Loudness
        var settings: RenderSettings

        /// Whether the limiter lowered peaks to keep the ceiling.
        var limited: Bool { rendered.limiting > 0 }
        /// How far the reported loudness is from the measured one.
        var error: Double { abs(measured.integrated - rendered.loudness) }
    }

    /// Writes `rendered` as 16-bit WAV, reads it back and measures it.
    static func check(_ name: String, _ rendered: RenderedAudio, settings: RenderSettings) throws -> Check {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = folder.file("\(name).wav")
        try SoundFile.write(rendered.audio, format: OutputFormat(container: .wav, encoding: .pcm16), to: path)
        let (audio, _) = try SoundFile.readMono(path: path)
        return Check(name: name, rendered: rendered, measured: try Loudness(measuring: audio), settings: settings)
    }

    /// The guarantees: at the target within 1 LU (limited or not), unless
    /// the limiter is at its most (``Limiter/maximumReduction``); the true
    /// peak at most the ceiling (a hundredth of a dB for 16-bit rounding
    /// where the gain alone puts it there); and the report close to the file.
    static func expectGuarantees(_ check: Check, reportWithin tolerance: Double = 0.1, sourceLocation: SourceLocation = #_sourceLocation) {
        let settings = check.settings
        let measured = check.measured
        #expect(measured.truePeak <= settings.truePeakCeiling + 0.01, "\(check.name): true peak \(measured.truePeak)", sourceLocation: sourceLocation)
        guard check.rendered.loudness.isFinite else { return }
        if check.limited {
            #expect(check.rendered.truePeak <= settings.truePeakCeiling, "\(check.name)", sourceLocation: sourceLocation)
        }
        // At the target, or below it with the limiter at (about) its most.
        let held = measured.integrated < settings.loudnessTarget && check.rendered.limiting >= Limiter.maximumReduction - 1
        #expect(held || abs(measured.integrated - settings.loudnessTarget) <= 1, "\(check.name): \(measured.integrated) LUFS, limiting \(check.rendered.limiting) dB", sourceLocation: sourceLocation)
        #expect(check.error <= 1, "\(check.name): rendered \(check.rendered.loudness), measured \(measured.integrated)", sourceLocation: sourceLocation)
        #expect(check.error <= tolerance, "\(check.name): report off by \(check.error) LU", sourceLocation: sourceLocation)
        // The estimate of the true peak never undershoots the file's.
        #expect(check.rendered.truePeak >= measured.truePeak - 0.01, "\(check.name)", sourceLocation: sourceLocation)
    }

    static let amounts = ["0.01", "5", "10", "123.45", "1000.5", "10010", "204060.08", "99999999.99", "1", "870000.1"]

    @Test("bundled voice: the written file is at the target, under the ceiling", arguments: [16_000, 22_050, 44_100])
    func bundledVoice(rate: Int) throws {
        let voice = try Voice(at: Self.voicePath)
        var worst = 0.0
        for prefix in ["alipay", "wechat", "collect", "none"] {
            let options = Announcer.Options(prefix: try Prefix(prefix), rendering: RenderSettings(sampleRate: rate))
            let announcer = try Announcer(voice: voice, options: options, cache: ClipCache())
            for amount in Self.amounts {
                let announcement = try announcer.render(try Amount(parsing: amount))
                let check = try Self.check("\(prefix)-\(amount)", announcement.rendered, settings: announcer.settings)
                Self.expectGuarantees(check)
                worst = max(worst, check.error)
            }
        }
        print("bundled voice @\(rate) Hz: reported loudness within \(worst) LU of the file's")
    }

    /// Segments for the bundled voice's plan of `amount`, as the announcer
    /// makes them.
    static func segments(_ amount: String, prefix: String, voice: Voice) throws -> [ClipPlan.Clip] {
        let phrase = try Message(amount: try Amount(parsing: amount), prefix: try Prefix(prefix), options: ReadingOptions())
        return try voice.plan(phrase).clips.map { ClipPlan.Clip(words: [], file: voice.path(ofClip: $0.file), isPrefix: $0.isPrefix) }
    }

    @Test("bundled voice: where the loudness target decides, the estimate matches the file", arguments: [
        RenderSettings(loudnessTarget: -23), RenderSettings(loudnessTarget: -20, truePeakCeiling: -0.5),
        RenderSettings(sampleRate: 8_000, loudnessTarget: -24), RenderSettings(sampleRate: 48_000, loudnessTarget: -23),
        RenderSettings(wordGap: 0, loudnessTarget: -23), RenderSettings(prefixPause: 0.4, wordGap: 0.15, loudnessTarget: -23),
    ])
    func bundledVoiceTargets(settings: RenderSettings) throws {
        let voice = try Voice(at: Self.voicePath)
        let renderer = Renderer(settings: settings, cache: ClipCache())
        var worst = 0.0
        for prefix in ["alipay", "到账"] {
            for amount in Self.amounts {
                let rendered = try renderer.render(try Self.segments(amount, prefix: prefix, voice: voice))
                let check = try Self.check("\(prefix)-\(amount)", rendered, settings: settings)
                #expect(!check.limited, "\(check.name): the peaks fit at this target")
                Self.expectGuarantees(check)
                worst = max(worst, check.error)
            }
        }
        print("bundled voice, target \(settings.loudnessTarget) LUFS @\(settings.rate) Hz: within \(worst) LU")
    }

    /// Clips of very different loudness after levelling: K-weighting cuts a
    /// 100 Hz hum and lifts 3 kHz, noise has no pitch, a click-dominated
    /// clip is held down by the peak ceiling, and lengths run from 50 ms to
    /// 1.5 s.
    static func variedClips(in folder: ScratchFolder, rate: Int) throws -> [String] {
        var click = TestAudio.tone(220, seconds: 0.3, amplitude: 0.02, rate: rate)
        for index in (click.count / 2)..<(click.count / 2 + 30) { click[index] = index % 2 == 0 ? 0.95 : -0.95 }
        let clips: [(String, [Float])] = [
            ("hum", TestAudio.sine(100, seconds: 0.4, amplitude: 0.9, rate: rate)),
            ("bright", TestAudio.sine(3_000, seconds: 0.3, amplitude: 0.01, rate: rate)),
            ("noise", TestAudio.noise(seconds: 0.25, amplitude: 0.5, rate: rate)),
            ("click", click),
            ("short", TestAudio.tone(300, seconds: 0.05, amplitude: 0.3, rate: rate)),
            ("long", TestAudio.tone(140, seconds: 1.5, amplitude: 0.003, rate: rate)),
            ("vowel", TestAudio.silence(seconds: 0.1, rate: rate) + TestAudio.tone(180, seconds: 0.35, amplitude: 0.6, rate: rate)),
        ]
        return try clips.map { name, samples in try folder.clip("\(name).wav", samples, rate: rate) }
    }

    @Test("synthetic clips of very different levels, every order, rate and setting", arguments: [8_000, 16_000, 44_100])
    func variedLevels(rate: Int) throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let paths = try Self.variedClips(in: folder, rate: rate)
        let settingsList = [
            RenderSettings(sampleRate: rate), RenderSettings(sampleRate: rate, loudnessTarget: -23),
            RenderSettings(sampleRate: rate, loudnessTarget: -30, truePeakCeiling: -6),
            RenderSettings(sampleRate: rate, wordGap: 0, minimumWordGap: 0, loudnessTarget: -20),
            RenderSettings(sampleRate: rate, prefixPause: 0, wordGap: 0, fade: 0, loudnessTarget: -20),
            RenderSettings(sampleRate: rate, prefixPause: 0.3, wordGap: 0.2, loudnessTarget: -18, truePeakCeiling: -3),
        ]
        var state: UInt64 = 7
        var worst = 0.0
        for (index, settings) in settingsList.enumerated() {
            let renderer = Renderer(settings: settings, cache: ClipCache())
            for round in 0..<8 {
                // A shuffled selection of 2 to 7 clips, the first a prefix.
                var order = paths
                for position in order.indices.reversed() {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    order.swapAt(position, Int(state >> 33) % (position + 1))
                }
                let count = 2 + round % 6
                let segments = order.prefix(count).enumerated().map { ClipPlan.Clip(words: [], file: $1, isPrefix: $0 == 0) }
                let rendered = try renderer.render(segments)
                let check = try Self.check("settings \(index) round \(round)", rendered, settings: settings)
                // Clips butted together without fades meet in the true-peak
                // interpolator: those are measured, not estimated.
                Self.expectGuarantees(check, reportWithin: 0.25)
                worst = max(worst, check.error)
            }
        }
        print("synthetic clips @\(rate) Hz: within \(worst) LU")
    }

    @Test("joins: butted clips with fades keep the true peak of the loudest clip")
    func buttedJoins() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        // Full-scale tones cut anywhere: only the fades keep the joins from
        // adding inter-sample peaks.
        let paths = try (0..<6).map { index in
            try folder.clip("j\(index).wav", TestAudio.sine(2_000 + 700 * Double(index), seconds: 0.2, amplitude: 0.9, rate: 16_000))
        }
        let segments = paths.map { ClipPlan.Clip(words: [], file: $0) }
        for settings in [RenderSettings(wordGap: 0, loudnessTarget: -6, truePeakCeiling: -1), RenderSettings(wordGap: 0.0005, loudnessTarget: -6)] {
            let rendered = try Renderer(settings: settings, cache: ClipCache()).render(segments)
            let check = try Self.check("butted", rendered, settings: settings)
            Self.expectGuarantees(check)
            #expect(abs(check.measured.truePeak - rendered.truePeak) < 0.05)
        }
    }
}
