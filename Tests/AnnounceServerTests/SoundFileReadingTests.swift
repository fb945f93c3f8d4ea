import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

struct SoundFileReadingTests {
    /// The bundled voice's clips are real WAV files libsndfile decodes.
    @Test("a bundled clip decodes to mono 16 kHz")
    func bundledClip() throws {
        let clip = RepositoryPaths.bundledVoice.appendingPathComponent("san1.wav").path
        let (audio, info) = try SoundFile.readMono(path: clip)
        #expect(info.container == "WAV" && info.encoding == "PCM_16" && info.channels == 1)
        #expect(audio.sampleRate == 16000)
        #expect(audio.samples.count == info.frames)
        #expect(audio.samples.contains { abs($0) > 0.3 })
    }

    @Test("a missing or corrupt file is one clear error")
    func unreadable() throws {
        let scratch = try ScratchFolder("read")
        defer { scratch.remove() }
        let directory = scratch.url
        let corrupt = directory.appendingPathComponent("bad.wav").path
        try Data("RIFF0000WAVEnot really audio".utf8).write(to: URL(fileURLWithPath: corrupt))
        for path in [corrupt, directory.appendingPathComponent("missing.wav").path] {
            #expect {
                try SoundFile.readMono(path: path)
            } throws: { error in
                let error = error as? AudioError
                return error?.kind == .unreadable && error?.message.hasPrefix(path) == true
                    && error?.message.contains("\n") == false
            }
        }
    }
}
