import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

/// The true-peak limiter: announcements of the bundled voice reach the
/// loudness target with their true peak under the ceiling, measured by a
/// full libebur128 pass over the written file; the limiter only ever lowers
/// samples, smoothly, and leaves audio whose peaks fit alone.
struct LimiterTests {
    static let voicePath = LoudnessAccuracyTests.voicePath

    static let amounts = [
        "0.01", "0.5", "1", "2", "10", "12", "20.02", "100", "123.45", "1000.5", "2002", "10010", "99999",
        "100000", "204060.08", "870000.1", "1000000", "12345678.9", "99999999.99",
    ]

    /// Writes `announcement` to a file in `folder`, reads it back and
    /// measures it with libebur128.
    static func measureWritten(_ announcement: Announcement, in folder: ScratchFolder) throws -> Loudness {
        let file = try announcement.write(toDirectory: folder.path, name: nil)
        let (audio, _) = try SoundFile.readMono(path: file.path)
        return try Loudness(measuring: audio)
    }

    @Test("bundled voice, every prefix preset and the default: the written file is at -16 ± 1 LUFS and at most -1 dBTP",
          arguments: Prefix.presets.map(\.name) + ["到账"])
    func bundledVoiceTarget(prefix: String) throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let voice = try Voice(at: Self.voicePath)
        for format in [OutputFormat.default, try OutputFormat(container: .wav, encoding: .pcm16)] {
            let options = Announcer.Options(prefix: try Prefix(prefix), format: format)
            let announcer = try Announcer(voice: voice, options: options, cache: ClipCache())
            let settings = announcer.settings
            for amount in Self.amounts {
                let announcement = try announcer.render(try Amount(parsing: amount))
                let measured = try Self.measureWritten(announcement, in: folder)
                let name = "\(prefix) \(amount) \(format)"
                #expect(abs(measured.integrated - settings.loudnessTarget) <= 1, "\(name): \(measured.integrated) LUFS")
                #expect(measured.truePeak <= settings.truePeakCeiling, "\(name): \(measured.truePeak) dBTP")
                // What the renderer reports is what the file measures.
                #expect(abs(measured.integrated - announcement.rendered.loudness) <= 0.05, "\(name)")
                #expect(announcement.rendered.truePeak >= measured.truePeak - 0.01, "\(name)")
            }
        }
    }

    /// Sine clips: a crest factor of 3 dB, so -16 LUFS stays far under the
    /// ceiling and the limiter has nothing to do.
    static func quietVoice(in folder: ScratchFolder, rate: Int) throws -> [ClipPlan.Clip] {
        try (0..<5).map { index in
            ClipPlan.Clip(
                words: [], file: try folder.clip("q\(index).wav", TestAudio.sine(250 + 30 * Double(index), seconds: 0.35, amplitude: 0.1, rate: rate)),
                isPrefix: index == 0)
        }
    }

    @Test("a voice whose peaks fit: the limiter leaves every sample as the gain made it", arguments: [false, true])
    func quietVoiceUntouched(pcm16: Bool) throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try Self.quietVoice(in: folder, rate: 16_000)
        // Neither ceiling binds, so both renders are the plain gain; a
        // limiter acting on either would make them differ.
        let low = try Renderer(settings: RenderSettings(truePeakCeiling: -1), cache: ClipCache()).render(segments, pcm16: pcm16)
        let high = try Renderer(settings: RenderSettings(truePeakCeiling: 0), cache: ClipCache()).render(segments, pcm16: pcm16)
        #expect(low.limiting == 0)
        #expect(low.samples == high.samples)
        #expect(abs(low.loudness - -16) < 0.01)
        #expect(low.truePeak < -1)
    }

    /// The prepared clips of `segments` laid out as the renderer does at
    /// normal speed and full pauses, times `gain` dB: the announcement the
    /// limiter starts from.
    static func unlimited(_ segments: [ClipPlan.Clip], settings: RenderSettings, gain: Double, cache: ClipCache) throws -> [Float] {
        let scale = Float(pow(10, gain / 20))
        let fade = Int((settings.fade * Double(settings.rate)).rounded())
        var samples: [Float] = []
        for (index, segment) in segments.enumerated() {
            if index > 0 {
                let pause = segment.isPrefix != segments[index - 1].isPrefix ? settings.prefixPause : settings.wordGap
                samples += [Float](repeating: 0, count: Int((pause * Double(settings.rate)).rounded()))
            }
            let clip = try cache.clip(at: segment.file, sampleRate: settings.rate, fadeFrames: fade)
            samples += clip.audio.samples.map { $0 * scale }
        }
        return samples
    }

    @Test("bundled voice: the limiter only lowers samples, its gain moves smoothly, and the pauses stay silent")
    func smoothAndOnlyLower() throws {
        let voice = try Voice(at: Self.voicePath)
        let cache = ClipCache()
        let settings = RenderSettings()
        let renderer = Renderer(settings: settings, cache: cache)
        // The gain falls over the 5 ms look-ahead: it moves by at most
        // 1 / (5 ms of frames) from one frame to the next.
        let slope = 1 / Float(0.005 * Double(settings.rate))
        var limitedSome = false
        for prefix in ["alipay", "wechat", "none"] {
            for amount in ["0.01", "123.45", "100000", "2002"] {
                let segments = try LoudnessAccuracyTests.segments(amount, prefix: prefix, voice: voice)
                let rendered = try renderer.render(segments)
                guard case .float(let limited) = rendered.samples else {
                    Issue.record("float render expected")
                    continue
                }
                let plain = try Self.unlimited(segments, settings: settings, gain: rendered.gain, cache: cache)
                try #require(plain.count == limited.count, "\(prefix) \(amount): laid out differently")
                limitedSome = limitedSome || rendered.limiting > 0
                var worst: Float = 0
                for index in limited.indices {
                    // Never louder than the plain gain, never of the other sign.
                    #expect(abs(limited[index]) <= abs(plain[index]) && limited[index] * plain[index] >= 0, "\(prefix) \(amount) frame \(index)")
                    if plain[index] == 0 { #expect(limited[index] == 0) }
                    guard index > 0 else { continue }
                    // A step no larger than the plain one plus what a gain
                    // moving by `slope` adds: the limiter adds no click.
                    let step = abs(limited[index] - limited[index - 1])
                    let allowed = abs(plain[index] - plain[index - 1]) + slope * abs(plain[index - 1]) + 1e-6
                    worst = max(worst, step - allowed)
                }
                #expect(worst <= 0, "\(prefix) \(amount): a step \(worst) over the bound")
            }
        }
        #expect(limitedSome, "the bundled voice's peaks should need the limiter at -16 LUFS")
    }

    @Test("a lone spike is lowered, and the audio away from it is left exactly as the gain made it")
    func loneSpike() throws {
        let rate = 16_000
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        var samples = TestAudio.sine(200, seconds: 1.5, amplitude: 0.05, rate: rate)
        let spike = rate * 3 / 10
        for index in spike..<(spike + 6) { samples[index] = index % 2 == 0 ? 0.9 : -0.9 }
        let path = try folder.clip("spike.wav", samples, rate: rate)
        let cache = ClipCache()
        let settings = RenderSettings(sampleRate: rate, fade: 0.004)
        let rendered = try Renderer(settings: settings, cache: cache).render([ClipPlan.Clip(words: [], file: path)])
        guard case .float(let limited) = rendered.samples else {
            Issue.record("float render expected")
            return
        }
        let plain = try Self.unlimited([ClipPlan.Clip(words: [], file: path)], settings: settings, gain: rendered.gain, cache: cache)
        try #require(plain.count == limited.count)
        #expect(rendered.limiting > 3, "the spike stands far above the tone: \(rendered.limiting) dB")
        // The clip is trimmed, so find the spike again.
        let peak = plain.indices.max { abs(plain[$0]) < abs(plain[$1]) } ?? 0
        // Untouched before the look-ahead (and the detector's reach) and
        // after the release has died away.
        let before = peak - rate / 100
        let after = peak + rate * 6 / 10
        #expect(before > 0 && after < plain.count)
        #expect(Array(limited[..<before]) == Array(plain[..<before]))
        #expect(Array(limited[after...]) == Array(plain[after...]))
        #expect(limited[peak] != plain[peak])
        let measured = try Loudness(measuring: AudioBuffer(sampleRate: rate, samples: limited + [Float](repeating: 0, count: 64)))
        #expect(measured.truePeak <= settings.truePeakCeiling)
    }

    @Test("limited announcements are deterministic: the same bytes from a fresh cache and a warm one")
    func deterministic() throws {
        let voice = try Voice(at: Self.voicePath)
        let options = Announcer.Options(prefix: try Prefix("alipay"), format: try OutputFormat(container: .wav, encoding: .pcm16))
        let warm = try Announcer(voice: voice, options: options, cache: ClipCache())
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        // Warm the cache with other amounts first: other gains get limited
        // clips, which must not change these.
        for amount in ["5", "99999999.99", "30.3"] { _ = try warm.render(try Amount(parsing: amount)) }
        for amount in ["0.01", "123.45", "870000.1"] {
            let first = try Announcer(voice: voice, options: options, cache: ClipCache()).render(try Amount(parsing: amount))
            let second = try warm.render(try Amount(parsing: amount))
            #expect(first.rendered.limiting > 0)
            let a = try first.write(toDirectory: folder.path, name: "a.wav")
            let b = try second.write(toDirectory: folder.path, name: "b.wav")
            #expect(try Data(contentsOf: URL(fileURLWithPath: a.path)) == Data(contentsOf: URL(fileURLWithPath: b.path)), "\(amount)")
        }
    }
}
