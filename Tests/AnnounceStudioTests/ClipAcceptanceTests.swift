import AnnounceServer
import AnnounceStudio
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

/// One rule decides whether a clip is a word: `voice check` and the
/// renderer refuse the same clips, naming the file.
struct ClipAcceptanceTests {
    static let bundled = RepositoryPaths.bundledVoice.path

    /// A copy of the bundled voice with 二 (er4.wav) replaced by `samples`
    /// at 16 kHz.
    static func voice(withEr samples: [Float], in folder: ScratchFolder) throws -> Voice {
        let copy = folder.file("voice")
        try FileManager.default.copyItem(atPath: bundled, toPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/er4.wav")
        try SoundFile.write(
            AudioBuffer(sampleRate: 16_000, samples: samples), format: OutputFormat(container: .wav, encoding: .pcm16),
            to: copy + "/er4.wav")
        return try Voice(at: copy)
    }

    static func er() throws -> [Float] {
        try SoundFile.readMono(path: bundled + "/er4.wav").audio.samples
    }

    /// The loudest 20 frames of 二: a real word's sound, cut to 1 ms.
    static func cutTo20Frames() throws -> [Float] {
        let samples = try er()
        let loudest = samples.indices.max { abs(samples[$0]) < abs(samples[$1]) } ?? 0
        let start = max(0, min(samples.count - 20, loudest - 10))
        return Array(samples[start..<(start + 20)])
    }

    /// 二 scaled so its peak is `decibels` dBFS.
    static func scaled(to decibels: Double) throws -> [Float] {
        let samples = try er()
        let peak = samples.map(abs).max() ?? 1
        let gain = Float(pow(10, decibels / 20)) / peak
        return samples.map { $0 * gain }
    }

    @Test("every bundled clip passes, with a wide margin")
    func bundledClipsPass() throws {
        let voice = try Voice(at: Self.bundled)
        let preparation = ClipPreparation()
        var shortest = Double.infinity
        var quietest = Double.infinity
        for file in Set(voice.manifest.clips.values) {
            let (audio, _) = try ClipAcceptance.read(voice.path(ofClip: file))
            #expect(ClipAcceptance.problem(with: audio, preparation: preparation) == nil, "\(file)")
            // The thresholds are far from real words: every clip's peak is
            // 40 dB above the floor, and every clip 3 times the shortest sound.
            quietest = min(quietest, audio.statistics.peak)
            shortest = min(shortest, audio.duration)
        }
        print("bundled clips: shortest \(shortest) s, quietest peak \(quietest) dBFS")
        #expect(quietest - ClipAcceptance.minimumPeak >= 40)
        #expect(shortest >= 3 * ClipAcceptance.minimumDuration)
        #expect(VoiceInspection(voice: voice).problems.isEmpty)
    }

    @Test("a clip cut to 20 frames, or at -70 dBFS, is refused by voice check and by rendering",
          arguments: ["20 frames", "-70 dBFS", "digital silence"])
    func refusedByBoth(kind: String) throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let samples: [Float]
        let expected: String
        switch kind {
        case "20 frames":
            samples = try Self.cutTo20Frames()
            expected = "is too short to be a word"
        case "-70 dBFS":
            samples = try Self.scaled(to: -70)
            expected = "is too quiet to be a word"
        default:
            samples = [Float](repeating: 0, count: 4000)
            expected = "is silent"
        }
        let voice = try Self.voice(withEr: samples, in: folder)

        let inspection = VoiceInspection(voice: voice)
        #expect(!inspection.isUsable)
        #expect(inspection.problems == inspection.problems.filter { $0.contains("er4.wav") })
        #expect(inspection.problems.contains { $0.hasPrefix("clip '二' (er4.wav) \(expected)") }, "\(inspection.problems)")

        let announcer = try Announcer(voice: voice, options: .init(), cache: ClipCache())
        #expect(throws: AudioError.self) { try announcer.render(try Amount(parsing: "2")) }
        do {
            _ = try announcer.render(try Amount(parsing: "2"))
        } catch let error as AudioError {
            #expect(error.kind == .unusableClip)
            #expect(error.message.contains("er4.wav: the clip \(expected)"), "\(error)")
        }
        // Amounts that do not say 二 still render.
        _ = try announcer.render(try Amount(parsing: "3"))
    }

    @Test("a voice folder whose name holds a newline or tab gives one-line messages")
    func escapedPaths() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let copy = folder.file("voice\n\tname")
        try FileManager.default.copyItem(atPath: Self.bundled, toPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/san1.wav")
        try Data("RIFF garbage".utf8).write(to: URL(fileURLWithPath: copy + "/wu3.wav"))
        let voice = try Voice(at: copy)
        let problems = VoiceInspection(voice: voice).problems
        #expect(problems.count == 2)
        for problem in problems {
            #expect(!problem.contains("\n") && !problem.contains("\t") && problem.contains("voice\\n\\tname"), "\(problem)")
        }
        // The renderer reads clips the same way (the voice's digest needs
        // every file present, so 三 is put back).
        try FileManager.default.copyItem(atPath: Self.bundled + "/san1.wav", toPath: copy + "/san1.wav")
        let announcer = try Announcer(voice: try Voice(at: copy), options: .init(), cache: ClipCache())
        #expect {
            try announcer.render(try Amount(parsing: "5"))
        } throws: { error in
            let message = "\(error)"
            return !message.contains("\n") && message.contains("voice\\n\\tname") && message.contains("wu3.wav")
        }
    }

    /// A voice made in memory skips the checks of `Voice(at:)`; reading a
    /// clip checks again, so a FIFO is still refused, not waited on.
    @Test("a FIFO clip is refused by inspection and preparation without blocking")
    func fifoClip() throws {
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let copy = folder.file("voice")
        try FileManager.default.copyItem(atPath: Self.bundled, toPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/er4.wav")
        #expect(mkfifo(copy + "/er4.wav", 0o644) == 0)
        let manifest = try Voice(at: Self.bundled).manifest
        let voice = Voice(directory: copy, manifest: manifest)
        nonisolated(unsafe) var problems: [String] = []
        nonisolated(unsafe) var preparationError: AudioError?
        let done = DispatchSemaphore(value: 0)
        Thread {
            problems = VoiceInspection(voice: voice).problems
            do {
                _ = try ClipPreparation().prepareClip(at: copy + "/er4.wav", sampleRate: 16_000)
            } catch {
                preparationError = error as? AudioError
            }
            done.signal()
        }.start()
        // A hang guard, not a timing assertion.
        guard done.wait(timeout: .now() + 20) == .success else {
            Issue.record("reading a FIFO clip blocked for 20 s")
            return
        }
        #expect(problems == ["clip '二': \(copy)/er4.wav: is a FIFO, not a regular file"])
        #expect(preparationError?.kind == .unreadable)
        #expect(preparationError?.message == "\(copy)/er4.wav: is a FIFO, not a regular file")
    }

    @Test("the thresholds themselves: just above passes, just below is refused")
    func thresholds() throws {
        let preparation = ClipPreparation()
        let rate = 16_000
        let loud = TestAudio.tone(200, seconds: 0.3, amplitude: 0.5, rate: rate)
        #expect(ClipAcceptance.problem(with: AudioBuffer(sampleRate: rate, samples: loud), preparation: preparation) == nil)
        // A 60 ms tone in 300 ms of silence passes; a 20 ms one does not.
        for (seconds, passes) in [(0.06, true), (0.02, false)] {
            let samples = TestAudio.silence(seconds: 0.15, rate: rate)
                + TestAudio.tone(200, seconds: seconds, amplitude: 0.5, rate: rate) + TestAudio.silence(seconds: 0.15, rate: rate)
            let problem = ClipAcceptance.problem(with: AudioBuffer(sampleRate: rate, samples: samples), preparation: preparation)
            #expect((problem == nil) == passes, "\(seconds) s: \(problem ?? "passes")")
        }
        for (decibels, passes) in [(ClipAcceptance.minimumPeak + 1, true), (ClipAcceptance.minimumPeak - 1, false)] {
            let amplitude = pow(10, decibels / 20)
            let samples = TestAudio.sine(200, seconds: 0.3, amplitude: amplitude, rate: rate)
            let problem = ClipAcceptance.problem(with: AudioBuffer(sampleRate: rate, samples: samples), preparation: preparation)
            #expect((problem == nil) == passes, "\(decibels) dBFS: \(problem ?? "passes")")
        }
    }
}
