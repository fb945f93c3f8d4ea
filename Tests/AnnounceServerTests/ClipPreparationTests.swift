import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

struct ClipPreparationTests {
    let rate = 16_000

    @Test("trimming removes the silence but keeps a quiet fricative onset")
    func trimKeepsQuietOnset() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        // 三 as a test signal: 200 ms silence, 60 ms of "s" noise 35 dB below
        // the vowel, a 250 ms vowel, 300 ms silence.
        let vowelAmplitude = 0.5
        let fricativeAmplitude = vowelAmplitude * pow(10, -35.0 / 20)
        let samples = TestAudio.silence(seconds: 0.2, rate: rate)
            + TestAudio.noise(seconds: 0.06, amplitude: fricativeAmplitude, rate: rate)
            + TestAudio.tone(200, seconds: 0.25, amplitude: vowelAmplitude, rate: rate)
            + TestAudio.silence(seconds: 0.3, rate: rate)
        let path = try folder.clip("san1.wav", samples)
        let clip = try ClipPreparation().prepareClip(at: path, sampleRate: rate)

        let gain = Float(pow(10, clip.gain / 20))
        let prepared = clip.audio.samples
        // The first sample of the fricative, found again after the gain.
        let onset = try #require(prepared.firstIndex { abs($0) > Float(fricativeAmplitude) * gain * 0.3 })
        let onsetSeconds = Double(onset) / Double(rate)
        #expect(onsetSeconds > 0.005 && onsetSeconds < 0.025, "lead margin \(onsetSeconds) s")
        // All of the speech (310 ms) plus margins, but almost none of the 500 ms of silence.
        #expect(clip.audio.duration > 0.31 && clip.audio.duration < 0.37, "trimmed to \(clip.audio.duration) s")
        #expect(clip.originalDuration == Double(samples.count) / Double(rate))
    }

    @Test("a loud and a quiet clip end up at the same level")
    func levelsMatch() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let loud = try folder.clip(
            "loud.wav", TestAudio.silence(seconds: 0.05, rate: rate) + TestAudio.tone(180, seconds: 0.3, amplitude: 0.95, rate: rate))
        let quiet = try folder.clip(
            "quiet.wav", TestAudio.tone(260, seconds: 0.3, amplitude: 0.015, rate: rate) + TestAudio.silence(seconds: 0.05, rate: rate))
        let preparation = ClipPreparation()
        let loudClip = try preparation.prepareClip(at: loud, sampleRate: rate)
        let quietClip = try preparation.prepareClip(at: quiet, sampleRate: rate)
        let loudLevel = TestAudio.rms(loudClip.audio.samples.dropFirst(800).dropLast(800))
        let quietLevel = TestAudio.rms(quietClip.audio.samples.dropFirst(800).dropLast(800))
        #expect(abs(loudLevel - quietLevel) < 1, "loud \(loudLevel) dB, quiet \(quietLevel) dB")
        #expect(abs(loudLevel - preparation.level) < 1)
        #expect(quietClip.gain - loudClip.gain > 30)
    }

    @Test("a peaky clip is held at the peak ceiling instead of the level")
    func peakCeiling() throws {
        // Mostly quiet with one loud burst: levelling by RMS alone would clip.
        // The tone is within the trimming threshold of the burst, so the
        // clip is a word with a click in it, not a lone click.
        var samples = TestAudio.tone(200, seconds: 0.4, amplitude: 0.1, rate: rate)
        for index in 3000..<3040 { samples[index] = index % 2 == 0 ? 0.9 : -0.9 }
        let preparation = ClipPreparation()
        let clip = try preparation.prepare(AudioBuffer(sampleRate: rate, samples: samples), from: "peaky", sampleRate: rate)
        let peak = clip.audio.samples.map(abs).max() ?? 0
        #expect(20 * log10(Double(peak)) <= preparation.peakCeiling + 0.01)
        #expect(20 * log10(Double(peak)) >= preparation.peakCeiling - 0.01, "the ceiling binds")
    }

    @Test("a stereo 44.1 kHz clip is mixed to mono and resampled")
    func stereoResampled() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = folder.file("stereo.wav")
        let left = TestAudio.tone(220, seconds: 0.5, amplitude: 0.6, rate: 44_100)
        let right = TestAudio.silence(seconds: 0.5, rate: 44_100)
        try StereoWriter.write(left: left, right: right, rate: 44_100, to: path)
        let info = try SoundFile.info(path: path)
        #expect(info.channels == 2 && info.sampleRate == 44_100)

        let clip = try ClipPreparation().prepareClip(at: path, sampleRate: rate)
        #expect(clip.audio.sampleRate == rate)
        #expect(abs(clip.audio.duration - 0.5) < 0.005, "\(clip.audio.duration) s")
        // Mixing halves the left channel; levelling then sets the level.
        #expect(abs(clip.gain - (ClipPreparation().level - TestAudio.rms(left.map { $0 / 2 }))) < 0.5)
        // The 220 Hz fundamental survives resampling: count zero crossings.
        let crossings = zip(clip.audio.samples, clip.audio.samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(abs(Double(crossings) / 2 / clip.audio.duration - 220) < 15, "\(crossings) crossings")
    }

    @Test("empty, silent and corrupt clips are refused with their path")
    func unusableClips() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let empty = try folder.clip("empty.wav", [])
        let silent = try folder.clip("silent.wav", TestAudio.silence(seconds: 0.3, rate: rate))
        let corrupt = folder.file("corrupt.wav")
        try Data("RIFF\u{24}\0\0\0WAVEfmt garbage garbage garbage".utf8).write(to: URL(fileURLWithPath: corrupt))
        let missing = folder.file("missing.wav")
        let cases: [(String, AudioError.Kind)] = [
            (empty, .unusableClip), (silent, .unusableClip), (corrupt, .unreadable), (missing, .unreadable),
        ]
        for (path, kind) in cases {
            #expect {
                try ClipPreparation().prepareClip(at: path, sampleRate: rate)
            } throws: { error in
                let error = error as? AudioError
                return error?.kind == kind && error?.message.contains(path) == true
            }
        }
    }

    @Test("samples that are not numbers are refused, not passed on")
    func notANumber() {
        var samples = TestAudio.tone(200, seconds: 0.2, amplitude: 0.5, rate: rate)
        samples[100] = .nan
        #expect(throws: AudioError.self) {
            try ClipPreparation().prepare(AudioBuffer(sampleRate: rate, samples: samples), from: "nan.wav", sampleRate: rate)
        }
    }

    @Test("a one-sample clip at an odd rate neither crashes nor passes silently")
    func tinyClip() {
        for (rate, samples) in [(8_000, [Float(0.5)]), (1, [Float(0.5), -0.5]), (384_000, [Float](repeating: 0.3, count: 3))] {
            do {
                let clip = try ClipPreparation().prepare(AudioBuffer(sampleRate: rate, samples: samples), from: "tiny", sampleRate: 16_000)
                #expect(!clip.audio.samples.isEmpty)
            } catch {
                #expect(error.kind == .unusableClip || error.kind == .unsupportedFormat)
            }
        }
    }
}
