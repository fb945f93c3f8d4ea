import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

/// The engine on the bundled voice (Clips/default), with the words the
/// planner would pick. Prints what it measured; set ANNOUNCE_AUDIO_OUTPUT to
/// a folder to keep the rendered files for listening or a spectrogram.
struct DefaultVoiceTests {
    static let voice = RepositoryPaths.bundledVoice.path

    static func segments(_ prefix: String, _ words: String) -> [ClipPlan.Clip] {
        [ClipPlan.Clip(words: [], file: "\(voice)/\(prefix).wav", isPrefix: true)]
            + words.split(separator: " ").map { ClipPlan.Clip(words: [], file: "\(voice)/\($0).wav") }
    }

    static let phrases: [(name: String, segments: [ClipPlan.Clip])] = [
        ("alipay-123.45", segments("zhi1-fu4-bao3-dao4-zhang4", "yi4-bai3 er4 shi2 san1 dian3 si4 wu3 yuan2")),
        ("alipay-99999999.99", segments(
            "zhi1-fu4-bao3-dao4-zhang4",
            "jiu3 qian1 jiu3 bai3 jiu3 shi2 jiu3 wan4 jiu3 qian1 jiu3 bai3 jiu3 shi2 jiu3 dian3 jiu3 jiu3 yuan2")),
        ("alipay-999999999999.99", segments(
            "zhi1-fu4-bao3-dao4-zhang4",
            "jiu3 qian1 jiu3 bai3 jiu3 shi2 jiu3 yi4 jiu3 qian1 jiu3 bai3 jiu3 shi2 jiu3 wan4 jiu3 qian1 jiu3 bai3 jiu3 shi2 jiu3 dian3 jiu3 jiu3 yuan2")),
        ("wechat-0.01", segments("wei1-xin4-shou1-kuan3", "ling2 dian3 ling2 yi1 yuan2")),
    ]

    @Test("bundled voice: announcements fit 6 s at the target loudness", arguments: [16_000, 22_050, 44_100])
    func bundledVoice(rate: Int) throws {
        let settings = RenderSettings(sampleRate: rate)
        let renderer = Renderer(settings: settings, cache: ClipCache())
        let output = ProcessInfo.processInfo.environment["ANNOUNCE_AUDIO_OUTPUT"]
        for (name, segments) in Self.phrases {
            let rendered = try renderer.render(segments)
            let measured = try Loudness(measuring: rendered.audio)
            print(
                "\(name) @\(rate) Hz: natural \(rendered.naturalDuration.rounded3) s, rendered \(rendered.duration.rounded3) s,",
                "speed \(rendered.speed.rounded3)x, loudness \(measured.integrated.rounded3) LUFS,",
                "true peak \(measured.truePeak.rounded3) dBTP, gain \(rendered.gain.rounded3) dB")
            #expect(rendered.audio.samples.count <= Int(settings.budget * Double(rate)))
            #expect(rendered.speed <= settings.maxSpeed)
            #expect(measured.truePeak <= settings.truePeakCeiling)
            // At the target: the limiter lowers the peaks that would pass the
            // ceiling, at a gain on a 0.25 dB grid.
            #expect(abs(measured.integrated - settings.loudnessTarget) < 0.5)
            if let output {
                try SoundFile.write(rendered.audio, format: .default, to: "\(output)/\(name)-\(rate).caf")
                try SoundFile.write(rendered.audio, format: OutputFormat(container: .wav, encoding: .pcm16), to: "\(output)/\(name)-\(rate).wav")
            }
        }
    }

    @Test("bundled voice: every clip prepares at every common rate")
    func everyClip() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.voice).filter { $0.hasSuffix(".wav") }
        #expect(files.count > 30)
        let cache = ClipCache()
        for file in files {
            for rate in [8_000, 16_000, 44_100] {
                let clip = try cache.clip(at: "\(Self.voice)/\(file)", sampleRate: rate)
                #expect(clip.audio.duration > 0.1 && clip.audio.duration <= clip.originalDuration + 0.01, "\(file)")
            }
        }
    }
}

extension Double {
    fileprivate var rounded3: Double { (self * 1000).rounded() / 1000 }
}
