import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

struct ClipCacheTests {
    @Test("a cached clip is not read again: it survives its file being deleted")
    func loadsOnce() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = try folder.clip("word.wav", TestAudio.tone(200, seconds: 0.3, amplitude: 0.4, rate: 16_000))
        let cache = ClipCache()
        let first = try cache.clip(at: path, sampleRate: 16_000)
        try FileManager.default.removeItem(atPath: path)
        let second = try cache.clip(at: path, sampleRate: 16_000)
        #expect(first == second)
        #expect(cache.count == 1)
        // Another rate is another preparation, so the missing file shows.
        #expect(throws: AudioError.self) { try cache.clip(at: path, sampleRate: 22_050) }
        // A render uses the cached clip too.
        let rendered = try Renderer(settings: RenderSettings(sampleRate: 16_000), cache: cache).render([ClipPlan.Clip(words: [], file: path)])
        #expect(!rendered.audio.samples.isEmpty)
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(throws: AudioError.self) { try cache.clip(at: path, sampleRate: 16_000) }
    }

    @Test("a failed load is not remembered")
    func failureNotCached() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = folder.file("late.wav")
        let cache = ClipCache()
        #expect(throws: AudioError.self) { try cache.clip(at: path, sampleRate: 16_000) }
        _ = try folder.clip("late.wav", TestAudio.tone(200, seconds: 0.3, amplitude: 0.4, rate: 16_000))
        #expect(try cache.clip(at: path, sampleRate: 16_000).audio.sampleRate == 16_000)
    }

    @Test("many threads rendering with one cache agree and load each clip once")
    func concurrentRenders() async throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let segments = try (0..<6).map { index in
            ClipPlan.Clip(words: [], file: try folder.clip("w\(index).wav", TestAudio.tone(150 + 30 * Double(index), seconds: 0.3, amplitude: 0.4, rate: 16_000)))
        }
        let cache = ClipCache()
        let renderer = Renderer(settings: RenderSettings(sampleRate: 22_050), cache: cache)
        let results = try await withThrowingTaskGroup(of: RenderedAudio.self) { group in
            for offset in 0..<12 {
                let rotated = Array(segments[(offset % 6)...] + segments[..<(offset % 6)])
                group.addTask { try renderer.render(offset % 2 == 0 ? segments : rotated) }
            }
            return try await group.reduce(into: [RenderedAudio]()) { $0.append($1) }
        }
        #expect(cache.count == 6)
        let reference = try Renderer(settings: RenderSettings(sampleRate: 22_050), cache: ClipCache()).render(segments)
        #expect(results.filter { $0 == reference }.count >= 6)
    }

    @Test("threads sharing one announcer and cache write the same bytes as one thread alone")
    func sharedAnnouncer() async throws {
        let voicePath = RepositoryPaths.bundledVoice.path
        let voice = try Voice(at: voicePath)
        let options = Announcer.Options(prefix: try Prefix("alipay"), format: try OutputFormat(container: .wav, encoding: .pcm16))
        let amounts = try (0..<48).map { try Amount(parsing: "\($0 * 7919 % 100_000).\(String(format: "%02d", $0 * 37 % 100))") }
        let alone = try Announcer(voice: voice, options: options, cache: ClipCache())
        let shared = try Announcer(voice: voice, options: options, cache: ClipCache())
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = folder.path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in stride(from: worker, to: amounts.count, by: 4) {
                        _ = try shared.render(amounts[index]).write(toDirectory: path, name: "shared-\(index).wav")
                    }
                }
            }
            try await group.waitForAll()
        }
        for (index, amount) in amounts.enumerated() {
            _ = try alone.render(amount).write(toDirectory: path, name: "alone-\(index).wav")
            let one = try Data(contentsOf: URL(fileURLWithPath: folder.file("alone-\(index).wav")))
            let other = try Data(contentsOf: URL(fileURLWithPath: folder.file("shared-\(index).wav")))
            #expect(one == other, "\(amount)")
        }
    }
}
