import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

struct RendererTests {
    let rate = 16_000

    /// Clips of speech-like tones, each `seconds` long with 50 ms of silence
    /// around it, written to `folder`.
    func clips(_ count: Int, seconds: Double, in folder: ScratchFolder, prefix: Bool = true) throws -> [ClipPlan.Clip] {
        try (0..<count).map { index in
            let samples = TestAudio.silence(seconds: 0.05, rate: rate)
                + TestAudio.tone(120 + Double(index % 5) * 20, seconds: seconds, amplitude: 0.3 + 0.1 * Double(index % 3), rate: rate)
                + TestAudio.silence(seconds: 0.05, rate: rate)
            return ClipPlan.Clip(words: [], file: try folder.clip("word\(index).wav", samples), isPrefix: prefix && index == 0)
        }
    }

    @Test("clips are joined with the prefix pause, word gaps and click-free edges")
    func joins() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        // Clips cut at full amplitude: only the fades keep the joins clean.
        let segments = [
            ClipPlan.Clip(words: [], file: try folder.clip("prefix.wav", TestAudio.sine(200, seconds: 0.6, amplitude: 0.5, rate: rate)), isPrefix: true),
            ClipPlan.Clip(words: [], file: try folder.clip("a.wav", TestAudio.sine(250, seconds: 0.3, amplitude: 0.5, rate: rate))),
            ClipPlan.Clip(words: [], file: try folder.clip("b.wav", TestAudio.sine(300, seconds: 0.3, amplitude: 0.8, rate: rate))),
            ClipPlan.Clip(words: [], file: try folder.clip("c.wav", TestAudio.sine(220, seconds: 0.3, amplitude: 0.2, rate: rate))),
        ]
        let cache = ClipCache()
        let settings = RenderSettings(sampleRate: rate, prefixPause: 0.12, wordGap: 0.03)
        let rendered = try Renderer(settings: settings, cache: cache).render(segments)
        let lengths = try segments.map { try cache.clip(at: $0.file, sampleRate: rate).audio.samples.count }
        #expect(lengths == [9600, 4800, 4800, 4800], "nothing to trim in a tone without silence")

        let pause = 1920, gap = 480
        let samples = rendered.audio.samples
        #expect(samples.count == lengths.reduce(0, +) + pause + 2 * gap)
        #expect(rendered.speed == 1)
        #expect(abs(rendered.naturalDuration - rendered.audio.duration) < 1e-9)
        // The pauses are digital silence, framed by speech.
        var position = 0
        for (index, length) in lengths.dropLast().enumerated() {
            position += length
            let silence = index == 0 ? pause : gap
            #expect(samples[position..<(position + silence)].allSatisfy { $0 == 0 }, "gap after clip \(index)")
            #expect(samples[(position - 200)..<position].contains { abs($0) > 0.01 }, "speech before gap \(index)")
            position += silence
        }
        // A 300 Hz sine steps at most 2π·300/16000 ≈ 0.12 of its amplitude
        // per sample; a cut edge would step by the full amplitude.
        let peak = samples.map(abs).max() ?? 0
        #expect(TestAudio.largestStep(samples) < 0.15 * peak)
        #expect(abs(samples.first ?? 1) < 0.01 * peak && abs(samples.last ?? 1) < 0.01 * peak)
    }

    @Test("a word gap of zero butts clips together, still without a click")
    func noGap() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try ["a", "b"].map { name in
            ClipPlan.Clip(words: [], file: try folder.clip("\(name).wav", TestAudio.sine(name == "a" ? 200 : 330, seconds: 0.5, amplitude: 0.7, rate: rate)))
        }
        let rendered = try Renderer(settings: RenderSettings(sampleRate: rate, wordGap: 0), cache: ClipCache()).render(segments)
        #expect(rendered.audio.samples.count == 16_000)
        let peak = rendered.audio.samples.map(abs).max() ?? 0
        #expect(TestAudio.largestStep(rendered.audio.samples) < 0.15 * peak)
    }

    @Test("a long sequence fits the budget by shortening the pauses")
    func shrinkGaps() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try clips(10, seconds: 0.5, in: folder)
        let cache = ClipCache()
        let clipFrames = try segments.reduce(0) { $0 + (try cache.clip(at: $1.file, sampleRate: rate).audio.samples.count) }
        // Speech alone ≈ 5.4 s; with 0.12 s pause and 9 × 0.1 s gaps ≈ 6.4 s.
        var settings = RenderSettings(sampleRate: rate, budget: 6, wordGap: 0.1)
        let rendered = try Renderer(settings: settings, cache: cache).render(segments)
        let limit = 96_000
        #expect(rendered.naturalDuration * Double(rate) > Double(limit))
        #expect(rendered.speed == 1)
        #expect(rendered.audio.samples.count <= limit)
        #expect(rendered.audio.samples.count >= limit - 10, "gaps shrink only as far as needed")
        // Shortened gaps are still there, proportionally.
        #expect(rendered.audio.samples.count > clipFrames + 800)

        // The same with the floors in the way of shrinking far enough: speed-up.
        settings.minimumWordGap = 0.09
        let sped = try Renderer(settings: settings, cache: cache).render(segments)
        #expect(sped.speed > 1)
        #expect(sped.audio.samples.count <= limit)
    }

    @Test("a longer sequence is sped up, within the budget to the sample", arguments: [8_000, 16_000, 22_050, 44_100])
    func speedUp(rate: Int) throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try clips(14, seconds: 0.45, in: folder)
        let settings = RenderSettings(sampleRate: rate, budget: 6)
        let rendered = try Renderer(settings: settings, cache: ClipCache()).render(segments)
        let limit = Int((settings.budget * Double(rate)).rounded(.down))
        #expect(rendered.speed > 1 && rendered.speed <= settings.maxSpeed, "speed \(rendered.speed)")
        #expect(rendered.audio.samples.count <= limit)
        #expect(rendered.audio.samples.count > limit * 98 / 100, "the smallest speed that fits, \(rendered.audio.samples.count) of \(limit)")
        #expect(rendered.naturalDuration > 6.5)
        // Pitch kept: the first clip's 120 Hz fundamental is still there.
        let firstWord = Array(rendered.audio.samples[(rate / 10)..<(rate / 2)])
        let crossings = zip(firstWord, firstWord.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(crossings > 0)
    }

    @Test("budget and frame multiple are kept to the sample, with odd budgets")
    func oddBudgets() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try clips(9, seconds: 0.4, in: folder)
        let cache = ClipCache()
        for (budget, multiple) in [(3.3, 1), (3.7777, 1), (4.0, 64), (3.51, 64), (4.3, 7)] {
            let settings = RenderSettings(sampleRate: 22_050, budget: budget, frameMultiple: multiple)
            let rendered = try Renderer(settings: settings, cache: cache).render(segments)
            let limit = Int((budget * 22_050).rounded(.down))
            #expect(rendered.audio.samples.count <= limit - limit % multiple, "budget \(budget)")
        }
    }

    @Test("an impossible announcement throws overBudget with the need and the budget")
    func overBudget() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try clips(20, seconds: 0.45, in: folder)
        #expect {
            try Renderer(settings: RenderSettings(sampleRate: rate), cache: ClipCache()).render(segments)
        } throws: { error in
            guard let error = error as? AudioError, error.kind == .overBudget else { return false }
            guard let match = error.message.wholeMatch(of: #/needs (\d+\.\d) s at 1\.35x; budget is 6\.0 s/#) else {
                Issue.record("message: \(error.message)")
                return false
            }
            // 20 × ~0.55 s of speech at 1.35x needs about 8 s.
            let need = Double(match.1) ?? 0
            return need > 7 && need < 9
        }
    }

    @Test("just over the limit at the fastest speed is still refused, never squeezed")
    func borderline() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try clips(12, seconds: 0.45, in: folder, prefix: false)
        let cache = ClipCache()
        let natural = try Renderer(settings: RenderSettings(sampleRate: rate, budget: RenderSettings.longestBudget, wordGap: 0), cache: cache).render(segments)
        // Budgets around natural / maxSpeed: either it fits, or overBudget.
        for fraction in stride(from: 0.96, through: 1.04, by: 0.01) {
            let budget = natural.audio.duration / 1.35 * fraction
            let settings = RenderSettings(sampleRate: rate, budget: budget, wordGap: 0)
            do {
                let rendered = try Renderer(settings: settings, cache: cache).render(segments)
                #expect(rendered.audio.samples.count <= Int((budget * Double(rate)).rounded(.down)))
                #expect(rendered.speed <= 1.35)
            } catch {
                #expect(error.kind == .overBudget, "\(error)")
            }
        }
    }

    @Test("loudness reaches the target when the peak allows it")
    func loudnessTarget() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        // Sines: a crest factor of 3 dB leaves plenty of peak headroom.
        let segments = try (0..<6).map { index in
            ClipPlan.Clip(words: [], file: try folder.clip("s\(index).wav", TestAudio.sine(300 + 40 * Double(index), seconds: 0.4, amplitude: 0.2, rate: rate)))
        }
        let settings = RenderSettings(sampleRate: rate)
        let rendered = try Renderer(settings: settings, cache: ClipCache()).render(segments)
        let measured = try Loudness(measuring: rendered.audio)
        #expect(abs(rendered.loudness - settings.loudnessTarget) < 0.01)
        #expect(abs(measured.integrated - rendered.loudness) < 0.05)
        #expect(abs(measured.truePeak - rendered.truePeak) < 0.05)
        #expect(rendered.truePeak < settings.truePeakCeiling)
    }

    @Test("where the target would push peaks past the ceiling, the limiter holds them under it", arguments: [-10.0, -8.0])
    func truePeakCeiling(target: Double) throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try clips(6, seconds: 0.4, in: folder)
        let settings = RenderSettings(sampleRate: rate, loudnessTarget: target, truePeakCeiling: -1)
        let rendered = try Renderer(settings: settings, cache: ClipCache()).render(segments)
        let measured = try Loudness(measuring: rendered.audio)
        #expect(rendered.limiting > 0)
        #expect(measured.truePeak <= settings.truePeakCeiling, "true peak \(measured.truePeak)")
        #expect(abs(measured.integrated - rendered.loudness) < 0.05)
        if rendered.limiting < Limiter.maximumReduction - 1 {
            #expect(abs(measured.integrated - target) <= 0.25, "\(measured.integrated) LUFS")
        } else {
            // Tones 4 dB from peak to loudness cannot reach -8 LUFS under
            // -1 dBTP without squashing them: the limiter stops at its most.
            #expect(measured.integrated < target)
            #expect(rendered.limiting <= Limiter.maximumReduction + 0.01)
        }
    }

    @Test("audio too short to measure is brought to the ceiling by its peak")
    func shortAudio() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = try folder.clip("short.wav", TestAudio.tone(200, seconds: 0.2, amplitude: 0.3, rate: rate))
        let rendered = try Renderer(settings: RenderSettings(sampleRate: rate), cache: ClipCache()).render([ClipPlan.Clip(words: [], file: path)])
        #expect(rendered.loudness == -.infinity)
        #expect(abs(rendered.truePeak - -1) < 0.01)
        let measured = try Loudness(measuring: rendered.audio)
        #expect(abs(measured.truePeak - -1) < 0.05)
    }

    @Test("the same segments render to the same samples")
    func deterministic() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try clips(14, seconds: 0.45, in: folder)
        let first = try Renderer(settings: RenderSettings(sampleRate: 22_050), cache: ClipCache()).render(segments)
        let second = try Renderer(settings: RenderSettings(sampleRate: 22_050), cache: ClipCache()).render(segments)
        #expect(first == second)
        #expect(first.speed > 1)
    }

    @Test("rendering for a 16-bit file gives the samples the float render is written as: sped up or not, at any gain")
    func pcm16MatchesFloat() throws {
        let folder = try ScratchFolder("audio"), other = try ScratchFolder("audio")
        defer { folder.remove(); other.remove() }
        let short = try clips(4, seconds: 0.3, in: folder)
        let long = try clips(14, seconds: 0.45, in: other)
        let path = folder.file("float.wav")
        let cache = ClipCache()
        // The same clips in another order share their converted samples
        // when the gain is the same (the ceiling decides it), not otherwise.
        for segments in [short, long, Array(short.reversed()), short] {
            for settings in [RenderSettings(sampleRate: rate), RenderSettings(sampleRate: rate, loudnessTarget: -30)] {
                let renderer = Renderer(settings: settings, cache: cache)
                let float = try renderer.render(segments)
                let pcm16 = try renderer.render(segments, pcm16: true)
                guard case .pcm16 = pcm16.samples, case .float = float.samples else {
                    Issue.record("rendered \(pcm16.samples.count) samples of the wrong kind")
                    continue
                }
                try SoundFile.write(float.audio, format: OutputFormat(container: .wav, encoding: .pcm16), to: path)
                #expect(try SoundFile.readMono(path: path).audio == pcm16.audio, "\(segments.count) clips, \(settings.loudnessTarget) LUFS")
                #expect(pcm16.gain == float.gain && pcm16.speed == float.speed && pcm16.loudness == float.loudness)
            }
        }
        #expect(try Renderer(settings: RenderSettings(sampleRate: rate), cache: cache).render(long).speed > 1)
    }

    @Test("a corrupt clip stops the render with its path")
    func corruptClip() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        var segments = try clips(3, seconds: 0.3, in: folder)
        let corrupt = folder.file("corrupt.wav")
        try Data(repeating: 0x5A, count: 400).write(to: URL(fileURLWithPath: corrupt))
        segments.insert(ClipPlan.Clip(words: [], file: corrupt), at: 2)
        #expect {
            try Renderer(settings: RenderSettings(sampleRate: rate), cache: ClipCache()).render(segments)
        } throws: { error in
            (error as? AudioError)?.kind == .unreadable && (error as? AudioError)?.message.hasPrefix(corrupt) == true
        }
    }

    @Test("settings out of range are refused, not rendered", arguments: [
        RenderSettings(sampleRate: 96_000), RenderSettings(sampleRate: 4_000), RenderSettings(budget: 0),
        RenderSettings(budget: .nan), RenderSettings(budget: .infinity), RenderSettings(maxSpeed: 0.5),
        RenderSettings(prefixPause: -1), RenderSettings(wordGap: .nan), RenderSettings(loudnessTarget: 3),
        RenderSettings(truePeakCeiling: .infinity), RenderSettings(frameMultiple: 0), RenderSettings(fade: 11),
    ])
    func invalidSettings(settings: RenderSettings) throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try clips(2, seconds: 0.3, in: folder)
        #expect(throws: AudioError.self) {
            try Renderer(settings: settings, cache: ClipCache()).render(segments)
        }
    }

    @Test("no fades and no gaps still render, sped up and within budget")
    func noFades() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try clips(14, seconds: 0.45, in: folder)
        let settings = RenderSettings(sampleRate: rate, prefixPause: 0, minimumPrefixPause: 0, wordGap: 0, fade: 0, frameMultiple: 1)
        let rendered = try Renderer(settings: settings, cache: ClipCache()).render(segments)
        #expect(rendered.speed > 1 && rendered.audio.samples.count <= 96_000)
    }

    @Test("thousands of segments are refused as over budget, not joined")
    func thousandsOfSegments() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = Array(repeating: try clips(1, seconds: 0.4, in: folder, prefix: false)[0], count: 5_000)
        #expect {
            try Renderer(settings: RenderSettings(sampleRate: 48_000), cache: ClipCache()).render(segments)
        } throws: { ($0 as? AudioError)?.kind == .overBudget }
    }

    @Test("the prefix pause falls wherever prefix and amount meet")
    func prefixBoundaries() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let paths = try (0..<4).map { try folder.clip("p\($0).wav", TestAudio.sine(200, seconds: 0.2, amplitude: 0.5, rate: rate)) }
        // Two prefix clips (美团 收款), two words.
        let segments = [
            ClipPlan.Clip(words: [], file: paths[0], isPrefix: true), ClipPlan.Clip(words: [], file: paths[1], isPrefix: true),
            ClipPlan.Clip(words: [], file: paths[2]), ClipPlan.Clip(words: [], file: paths[3]),
        ]
        let rendered = try Renderer(settings: RenderSettings(sampleRate: rate, prefixPause: 0.1, wordGap: 0.01), cache: ClipCache()).render(segments)
        #expect(rendered.audio.samples.count == 4 * 3200 + 1600 + 2 * 160)
        #expect(rendered.audio.samples[(2 * 3200 + 160)..<(2 * 3200 + 160 + 1600)].allSatisfy { $0 == 0 })
    }

    @Test("no segments is an error, not an empty file")
    func noSegments() {
        #expect(throws: AudioError.self) {
            try Renderer(settings: RenderSettings(), cache: ClipCache()).render([])
        }
    }
}


struct RenderedFileBudgetTests {
    @Test("with the default frame multiple every format's file stays within the budget", arguments: OutputFormat.all)
    func fileWithinBudget(format: OutputFormat) throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try RendererTests().clips(12, seconds: 0.45, in: folder)
        for (rate, budget) in [(22_050, 5.5), (16_000, 5.0003), (11_025, 5.77)] {
            let settings = RenderSettings(sampleRate: rate, budget: budget)
            let rendered = try Renderer(settings: settings, cache: ClipCache()).render(segments)
            let path = folder.file("out.\(format.fileExtension)")
            try SoundFile.write(rendered.audio, format: format, to: path)
            let frames = try SoundFile.info(path: path).frames
            #expect(frames <= Int((budget * Double(rate)).rounded(.down)), "\(format) \(rate) Hz \(budget) s: \(frames) frames")
            #expect(frames >= rendered.audio.samples.count)
        }
    }
}
