import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

/// A prepared clip carries libebur128's measurement of itself, taken once:
/// the true peak from only the stretches around its loudest samples, which
/// must be exactly what a full pass gives, and its loudness.
struct ClipMeasurementTests {
    static let voice = RepositoryPaths.bundledVoice.path

    /// The true peak of `samples` with silence after them, from a full
    /// libebur128 pass over every sample.
    static func fullPassTruePeak(_ samples: [Float], rate: Int) throws -> Double {
        try Loudness(measuring: AudioBuffer(sampleRate: rate, samples: samples + [Float](repeating: 0, count: 64))).truePeak
    }

    @Test("the true peak of every bundled clip equals a full pass, to the bit", arguments: [8_000, 16_000, 22_050, 44_100, 48_000])
    func bundledClips(rate: Int) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.voice).filter { $0.hasSuffix(".wav") }.sorted()
        #expect(files.count > 30)
        let preparation = ClipPreparation()
        for file in files {
            let clip = try preparation.prepareClip(at: "\(Self.voice)/\(file)", sampleRate: rate, fadeFrames: rate / 250)
            #expect(clip.measurement.truePeak == (try Self.fullPassTruePeak(clip.audio.samples, rate: rate)), "\(file)")
        }
    }

    /// Signals that make the interpolator overshoot: near-Nyquist tones,
    /// steps, noise with spikes, and dense stretches just under half the
    /// peak, where the stretches measured end.
    static func hardSignals(rate: Int) -> [(String, [Float])] {
        var spiky = TestAudio.noise(seconds: 0.3, amplitude: 0.2, rate: rate)
        for index in stride(from: 100, to: spiky.count, by: 997) { spiky[index] = index % 2 == 0 ? 0.9 : -0.9 }
        var edge = TestAudio.tone(200, seconds: 0.2, amplitude: 0.49, rate: rate)
        edge[edge.count / 3] = 1
        // The signs of the interpolator's taps around its worst phase, in
        // time order: the inputs it raises the most (by 1.86), here at 0.6
        // of the peak, so that the true peak lies among them. Measuring only
        // around samples of at least half the peak must still find it.
        let signs: [Float] = [-1, 1, -1, 1, -1, 1, 1, -1, 1, -1, 1, -1]
        let worst: [Float] = [Float](repeating: 0, count: 200) + [1] + [Float](repeating: 0, count: 200)
            + (0..<max(1_200, rate / 20)).map { signs[$0 % signs.count] * 0.6 } + [Float](repeating: 0, count: 200)
        let square: [Float] = (0..<max(3_000, rate / 20)).map { ($0 / 2) % 2 == 0 ? 0.8 : -0.8 }
        return [
            ("near Nyquist", TestAudio.sine(Double(rate) * 0.47, seconds: 0.2, amplitude: 0.7, rate: rate)),
            ("quarter rate", TestAudio.sine(Double(rate) / 4, seconds: 0.1, amplitude: 0.5, rate: rate)),
            ("spiky noise", spiky), ("edge of the bound", edge), ("worst signs", worst), ("square", square),
            ("one sample", [0.5]), ("steps", [0, 0, 0.9, 0.9, -0.9, 0, 0.45, -0.45, 0.9]),
        ]
    }

    @Test("the true peak of hard signals equals a full pass, to the bit", arguments: [8_000, 16_000, 44_100, 96_000])
    func hardSignals(rate: Int) throws {
        for (name, samples) in Self.hardSignals(rate: rate) {
            let audio = AudioBuffer(sampleRate: rate, samples: samples)
            // Signals too short to be a word never reach a measurement.
            if ClipAcceptance.problem(with: audio, preparation: ClipPreparation()) != nil {
                #expect(["one sample", "steps"].contains(name), "\(name) is refused")
                continue
            }
            let clip = try ClipPreparation().prepare(audio, from: name, sampleRate: rate)
            #expect(clip.measurement.truePeak == (try Self.fullPassTruePeak(clip.audio.samples, rate: rate)), "\(name)")
            #expect(clip.measurement.truePeak >= 20 * log10(Double(clip.audio.samples.map(abs).max() ?? 0)), "\(name)")
        }
    }

    @Test("fades are baked into the prepared samples")
    func fadesBaked() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let path = try folder.clip("full.wav", TestAudio.sine(200, seconds: 0.3, amplitude: 0.8, rate: 16_000))
        let cache = ClipCache()
        let plain = try cache.clip(at: path, sampleRate: 16_000)
        let faded = try cache.clip(at: path, sampleRate: 16_000, fadeFrames: 64)
        #expect(plain.fadeFrames == 0 && faded.fadeFrames == 64)
        #expect(plain.audio.samples.count == faded.audio.samples.count)
        #expect(abs(plain.audio.samples[0]) > 0.1 && abs(faded.audio.samples[0]) < 0.01 * abs(plain.audio.samples[0]))
        #expect(abs(faded.audio.samples[faded.audio.samples.count - 1]) < 0.01)
        #expect(plain.audio.samples[1000] == faded.audio.samples[1000])
        // Both come from one reading of the file.
        #expect(cache.count == 1)
        // A fade longer than half the clip is shortened, not a crash.
        let long = try cache.clip(at: path, sampleRate: 16_000, fadeFrames: 1_000_000)
        #expect(abs(long.audio.samples[2400]) > 0)
    }

    @Test("a clip's loudness is its mean K-weighted energy: a 1 kHz sine at -20 dBFS RMS reads about -20 LUFS")
    func clipLoudness() throws {
        // K-weighting is about +0.7 dB at 1 kHz, which BS.1770's -0.691
        // offset takes back; the level is the preparation's RMS target.
        let samples = TestAudio.sine(1_000, seconds: 0.35, amplitude: 0.5, rate: 48_000)
        let clip = try ClipPreparation(level: -20).prepare(AudioBuffer(sampleRate: 48_000, samples: samples), from: "sine", sampleRate: 48_000)
        #expect(abs(clip.measurement.loudness - -20) < 0.3, "\(clip.measurement.loudness) LUFS")
    }
}
