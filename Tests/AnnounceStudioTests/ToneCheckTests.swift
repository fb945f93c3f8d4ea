import AnnounceServer
import AnnounceStudio
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

/// `voice check` hears each clip's tones: confirmed in both bundled voices,
/// and caught where a clip says another tone (two clips swapped, a run read
/// in citation tones as a speech service that ignored the markup would).
@Suite struct ToneCheckTests {
    static let mandarin = RepositoryPaths.bundledVoice.path
    static let cantonese = RepositoryPaths.file("Clips/cantonese").path

    /// A voiced syllable at 16 kHz whose F0 glides through `hertz` (evenly
    /// spaced points, linear between), with harmonics, a 20 ms fade at each
    /// end and 80 ms of silence either side.
    static func syllable(_ hertz: [Double], seconds: Double = 0.25) -> [Float] {
        let rate = 16_000.0
        let count = Int(seconds * rate)
        var phase = 0.0
        var samples = [Float](repeating: 0, count: 1_280)
        for index in 0..<count {
            let position = Double(index) / Double(count - 1) * Double(hertz.count - 1)
            let below = min(Int(position), hertz.count - 2)
            let frequency = hertz[below] + (hertz[below + 1] - hertz[below]) * (position - Double(below))
            phase += 2 * Double.pi * frequency / rate
            let fade = min(1, Double(min(index, count - 1 - index)) / (0.02 * rate))
            let value = sin(phase) + 0.6 * sin(2 * phase) + 0.3 * sin(3 * phase) + 0.15 * sin(4 * phase)
            samples.append(Float(0.3 * fade * value))
        }
        return samples + [Float](repeating: 0, count: 1_280)
    }

    static func check(_ clips: [(String, [Float])], language: Language = .mandarin) throws -> ToneCheck {
        try ToneCheck(clips.map { syllable, samples in
            ToneCheck.Input(word: syllable, file: syllable, romanisation: [syllable],
                            track: PitchTracker.track(AudioBuffer(sampleRate: 16_000, samples: samples)))
        }, tones: try #require(language.tones))
    }

    // Mandarin's four tones for a speaker from 100 to 200 Hz.
    static let high = syllable([195, 195])
    static let rising = syllable([140, 150, 195])
    static let dipping = syllable([120, 100, 105, 150])
    static let falling = syllable([200, 160, 105])

    @Test("the pitch tracker follows a fast glide within a few hertz, each frame's pitch centred on the frame")
    func tracksAGlide() throws {
        // 100 to 250 Hz in 0.3 s, after 80 ms of silence: 500 Hz a second, so
        // a pitch 13 ms late (aubio's window ends at the frame) is 7 Hz off.
        let track = PitchTracker.track(AudioBuffer(sampleRate: 16_000, samples: Self.syllable([100, 250], seconds: 0.3)))
        let voiced = track.frames.enumerated().compactMap { index, frame in frame.hertz.map { (index, $0) } }
        try #require(voiced.count > 45, "only \(voiced.count) voiced frames")
        for index in [30, 46, 62] {
            let hertz = try #require(voiced.first { $0.0 == index }?.1, "frame \(index) unvoiced")
            // The frame's middle, in seconds into the glide.
            let time = (Double(index) * 5 + 2.5) / 1000 - 0.08
            #expect(abs(hertz - (100 + 500 * time)) < 3, "frame \(index): \(hertz) Hz, the glide is at \(100 + 500 * time)")
        }
        #expect(track.frames.prefix(10).allSatisfy { $0.hertz == nil }, "silence has no pitch")
    }

    @Test("a voice that runs to the clip's last sample keeps its pitch to the end, and a hop of digital silence blanks no other frame")
    func voicedToTheEnd() throws {
        let tone = TestAudio.tone(150, seconds: 0.3, amplitude: 0.5, rate: 16_000)
        let track = PitchTracker.track(AudioBuffer(sampleRate: 16_000, samples: tone))
        #expect(track.frames.count == 60)
        // The last frames' windows hold the silence after the clip: a little off, not lost.
        #expect(track.frames.suffix(2).allSatisfy { abs(($0.hertz ?? 0) - 150) < 5 }, "\(track.frames.suffix(4))")
        // 5 ms of digital silence in the middle (frame 30): the frames around it are still measured
        // (YIN may take an octave below across the gap, which the tone check moves back).
        var gapped = tone
        for index in 2_400..<2_480 { gapped[index] = 0 }
        let frames = PitchTracker.track(AudioBuffer(sampleRate: 16_000, samples: gapped)).frames
        #expect([27, 28, 29].allSatisfy { abs((frames[$0].hertz ?? 0) - 150) < 3 }, "\(frames[25...33])")
        #expect([31, 32].allSatisfy { frames[$0].hertz != nil }, "\(frames[25...33])")
        #expect(abs(track.secondsPerFrame - 0.005) < 1e-12)
        let odd = PitchTracker.track(AudioBuffer(sampleRate: 44_100, samples: TestAudio.tone(150, seconds: 0.3, amplitude: 0.5, rate: 44_100)))
        #expect(odd.secondsPerFrame == 220.0 / 44_100)
    }

    @Test("four synthetic Mandarin tones are each confirmed, and each labelled with another tone disagrees")
    func syntheticTones() throws {
        let right = try Self.check([("ma1", Self.high), ("ma2", Self.rising), ("ma3", Self.dipping), ("ma4", Self.falling)])
        #expect(right.clips.map(\.verdict) == [.confirmed, .confirmed, .confirmed, .confirmed], "\(right.lines)")
        let range = try #require(right.range)
        #expect(range.lowerBound > 95 && range.lowerBound < 115 && range.upperBound > 185 && range.upperBound < 205, "\(range)")
        // The same sounds under the wrong names: 1 as 4, 4 as 1, 2 as 4.
        let wrong = try Self.check([("ma4", Self.high), ("ma2", Self.rising), ("ma3", Self.dipping), ("ma1", Self.falling), ("ba4", Self.rising)])
        #expect(wrong.clips.map(\.verdict) == [.disagrees, .confirmed, .confirmed, .disagrees, .disagrees], "\(wrong.lines) \(wrong.clips.map { $0.syllables.map(\.distances) })")
        #expect(wrong.clips[0].syllables[0].heard == "1")
        #expect(wrong.clips[3].syllables[0].heard == "4")
    }

    @Test("Cantonese's level tones are told apart by height: 55, 33 and 22 confirmed, 33 labelled 6 disagrees")
    func cantoneseLevels() throws {
        let high = Self.syllable([200, 200]), middle = Self.syllable([150, 150]), low = Self.syllable([128, 128])
        let bottom = Self.syllable([120, 100]), rising = Self.syllable([125, 190])
        let right = try Self.check([("si1", high), ("si3", middle), ("si6", low), ("si4", bottom), ("si2", rising)], language: .cantonese)
        #expect(right.clips.map(\.verdict) == [.confirmed, .confirmed, .confirmed, .confirmed, .confirmed], "\(right.lines)")
        let swapped = try Self.check([("si1", high), ("si6", middle), ("si3", low), ("si4", bottom), ("si2", rising)], language: .cantonese)
        #expect(swapped.clips[1].verdict == .disagrees && swapped.clips[1].syllables[0].heard == "3", "\(swapped.lines)")
    }

    @Test("a neutral tone and a word without romanisation are not judged; silence is unclear")
    func notJudged() throws {
        let neutral = try Self.check([("ma1", Self.high), ("ma5", Self.falling), ("ma3", Self.dipping)])
        #expect(neutral.clips[1].verdict == .notJudged)
        #expect(neutral.judged == 2)
        let silent = try Self.check([("ma1", Self.high), ("ma4", [Float](repeating: 0, count: 8_000)), ("ma3", Self.dipping)])
        #expect(silent.clips[1].verdict == .unclear, "\(silent.lines)")
        let unknown = ToneCheck([ToneCheck.Input(word: "美团", file: "x.wav", romanisation: nil, track: PitchTrack(frames: []))], tones: try #require(Language.mandarin.tones))
        #expect(unknown.clips[0].verdict == .notJudged && unknown.judged == 0)
    }

    @Test("both bundled voices: every tone that can be measured is confirmed, none disagrees")
    func bundledVoices() throws {
        for (path, least) in [(Self.mandarin, 95), (Self.cantonese, 46)] {
            let inspection = VoiceInspection(voice: try Voice(at: path))
            let tones = try #require(inspection.tones)
            #expect(inspection.toneProblems.isEmpty, "\(path): \(inspection.toneProblems)")
            #expect(tones.confirmed >= least, "\(path): \(tones.lines)")
            #expect(tones.judged == tones.clips.reduce(0) { $0 + ($1.romanisation?.count ?? 0) }, "every syllable of both voices has a tone to judge")
        }
    }

    /// A copy of the Mandarin voice in `scratch` with `change` applied to
    /// its folder.
    static func changedVoice(in scratch: ScratchFolder, _ change: (String) throws -> Void) throws -> Voice {
        let copy = scratch.file("voice")
        try FileManager.default.copyItem(atPath: mandarin, toPath: copy)
        try change(copy)
        return try Voice(at: copy)
    }

    @Test("a voice with 三 and 四 swapped is caught, naming the clips; it stays usable")
    func swappedClips() throws {
        let scratch = try ScratchFolder("tones-swapped")
        defer { scratch.remove() }
        let voice = try Self.changedVoice(in: scratch) { copy in
            let manager = FileManager.default
            try manager.moveItem(atPath: copy + "/san1.wav", toPath: copy + "/swap.wav")
            try manager.moveItem(atPath: copy + "/si4.wav", toPath: copy + "/san1.wav")
            try manager.moveItem(atPath: copy + "/swap.wav", toPath: copy + "/si4.wav")
        }
        let inspection = VoiceInspection(voice: voice)
        #expect(inspection.isUsable)
        let problems = inspection.toneProblems
        #expect(problems.contains { $0.hasPrefix("clip '三' (san1.wav): san1 sounds like tone") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("clip '四' (si4.wav): si4 sounds like tone 1") }, "\(problems)")
        #expect(problems.count == 2, "\(problems)")
    }

    @Test("a voice whose runs say 一 in its citation tone (as a service ignoring the markup would) is caught")
    func citationTones() throws {
        let scratch = try ScratchFolder("tones-citation")
        defer { scratch.remove() }
        let voice = try Self.changedVoice(in: scratch) { copy in
            // 一百 (yi4 bai3) and 一千 (yi4 qian1) said yi1 bai3 and yi1 qian1: the clips of 一 and of the unit, joined.
            let yi = try SoundFile.readMono(path: copy + "/yi1.wav").audio
            for (run, unit) in [("yi4-bai3.wav", "bai3.wav"), ("yi4-qian1.wav", "qian1.wav")] {
                let second = try SoundFile.readMono(path: copy + "/" + unit).audio
                try FileManager.default.removeItem(atPath: copy + "/" + run)
                try SoundFile.write(
                    AudioBuffer(sampleRate: 16_000, samples: yi.samples + second.samples),
                    format: OutputFormat(container: .wav, encoding: .pcm16), to: copy + "/" + run)
            }
        }
        let problems = VoiceInspection(voice: voice).toneProblems
        #expect(problems.contains { $0.hasPrefix("clip '一百' (yi4-bai3.wav): yi4 sounds like tone") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("clip '一千' (yi4-qian1.wav): yi4 sounds like tone") }, "\(problems)")
        #expect(problems.count == 2, "\(problems)")
    }

    @Test("without tones asked for, nothing is measured")
    func notAsked() throws {
        let inspection = VoiceInspection(voice: try Voice(at: Self.mandarin), tones: false)
        #expect(inspection.tones == nil && inspection.toneProblems.isEmpty)
    }
}
