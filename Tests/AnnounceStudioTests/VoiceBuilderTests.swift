@testable import AnnounceServer
@testable import AnnounceStudio
import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

/// Builds voices from synthetic recording sessions made of the bundled clips.
struct VoiceBuilderTests {
    static let bundledPath = RepositoryPaths.bundledVoice.path
    static let presets = [Prefix.standard] + Prefix.presets.map(\.prefix).filter { !$0.words.isEmpty }

    /// The script for the decimal reading with 两 and the presets, cut down
    /// to the items the bundled voice has clips for.
    static func script() throws -> VoiceScript {
        let voice = try Voice(at: bundledPath)
        var script = try VoiceScript(options: ReadingOptions(liang: true), prefixes: presets, phrases: ["收款"])
        script.items = script.items.filter { voice.manifest.clips[$0.key] != nil }
        for index in script.items.indices { script.items[index].number = index + 1 }
        return script
    }

    /// A deterministic pseudo-random source.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// A recording session: where each clip was put, and the samples.
    struct Session {
        var samples: [Float] = []
        /// Start and end (seconds) of each clip as placed.
        var truth: [(start: Double, end: Double)] = []
        let rate = 16_000
        var random = Random(state: 42)
        /// Where an extra sound was put, if any.
        var extraStart: Double?
        /// The noise's peak amplitude (uniform): 0.0069 is -48 dBFS RMS.
        var noise = 0.0069

        mutating func pause(_ seconds: Double, breath: Bool = false, click: Bool = false) {
            let count = Int(seconds * Double(rate))
            var pause = [Float](repeating: 0, count: count)
            if breath && seconds >= 0.6 {
                // A breath: 150 ms of noise under a smooth envelope, about -38 dBFS RMS, mid-pause.
                let length = Int(0.15 * Double(rate))
                let start = (count - length) / 2
                for index in 0..<length {
                    let envelope = sin(Double.pi * Double(index) / Double(length))
                    pause[start + index] = Float((random.next() * 2 - 1) * 0.022 * envelope)
                }
            }
            if click { pause[count / 2] = 0.3 }
            samples += pause
        }

        /// Adds a clip; its true edges are where the renderer's trimming
        /// rule cuts it in silence.
        mutating func add(_ clip: [Float]) {
            let pad = rate / 10
            let padded = [Float](repeating: 0, count: pad) + clip + [Float](repeating: 0, count: pad)
            let cut = padded.withUnsafeBufferPointer { ClipPreparation().speech(in: $0, sampleRate: rate)!.0 }
            let start = samples.count - pad
            samples += clip
            truth.append((Double(start + cut.lowerBound) / Double(rate), Double(start + cut.upperBound) / Double(rate)))
        }

        /// Noise at about -48 dBFS RMS and a slow level drift (±3 dB) over everything.
        mutating func finished() -> [Float] {
            (0..<samples.count).map { index in
                let time = Double(index) / Double(rate)
                let drift = pow(10, 3 * sin(2 * Double.pi * time / 40) / 20)
                let hiss = (random.next() * 2 - 1) * noise
                return Float((Double(samples[index]) + hiss) * drift)
            }
        }
    }

    /// A clip brought to a peak of -3 dBFS, as a speaker records at a
    /// normal level: the noise floors below are relative to that.
    static func atSpeakingLevel(_ clip: [Float]) -> [Float] {
        let peak = clip.reduce(0) { max($0, abs($1)) }
        guard peak > 0 else { return clip }
        let scale = Float(0.708) / peak
        return clip.map { $0 * scale }
    }

    enum Change { case none, drop(String), split(String), extra(after: String, copy: String), noise(after: String) }

    /// The script's items read from the bundled clips, with pauses of 400–900 ms.
    static func session(
        _ script: VoiceScript, _ change: Change = .none, noise: Double = 0.0069, speakingLevel: Bool = true,
        breaths: Bool = true
    ) throws -> (Session, [Float]) {
        func level(_ clip: [Float]) -> [Float] { speakingLevel ? atSpeakingLevel(clip) : clip }
        let voice = try Voice(at: bundledPath)
        var session = Session()
        session.noise = noise
        session.pause(0.8)
        for (index, item) in script.items.enumerated() {
            let clip = level(try SoundFile.readMono(path: voice.path(ofClip: voice.manifest.clips[item.key]!)).audio.samples)
            switch change {
            case .drop(let key) where key == item.key:
                continue
            case .split(let key) where key == item.key:
                let half = clip.count / 2
                let start = Double(session.samples.count) / 16_000
                session.samples += clip[..<half]
                session.pause(0.6)
                session.samples += clip[half...]
                session.truth.append((start, Double(session.samples.count) / 16_000))
            default:
                session.add(clip)
            }
            session.pause(0.4 + 0.5 * session.random.next(), breath: breaths && index % 5 == 2, click: index % 7 == 3)
            if case .extra(let after, let copy) = change, after == item.key {
                session.extraStart = Double(session.samples.count) / 16_000
                session.samples += level(try SoundFile.readMono(path: voice.path(ofClip: voice.manifest.clips[copy]!)).audio.samples)
                session.pause(0.7)
            }
            if case .noise(let after) = change, after == item.key {
                // A cough: 200 ms of noise at speech level, no pitch.
                session.extraStart = Double(session.samples.count) / 16_000
                let length = 3200
                for index in 0..<length {
                    let envelope = sin(Double.pi * Double(index) / Double(length))
                    session.samples.append(Float((session.random.next() * 2 - 1) * 0.4 * envelope))
                }
                session.pause(0.7)
            }
        }
        session.pause(0.6)
        let samples = session.finished()
        return (session, samples)
    }

    static func builder(_ script: VoiceScript) -> VoiceBuilder {
        VoiceBuilder(script: script, details: .init(id: "rebuilt", license: "CC0-1.0", provenance: "test", date: "2026-01-01"))
    }

    /// Noise of -48 and -45 dBFS RMS, each drifting ±3 dB with the level.
    /// At -48 dBFS every edge lands within 20 ms of where the renderer's rule
    /// cuts the clean clip; at -45 dBFS a soft onset (the b of 百九) sinks
    /// under the noise, and edges land within 30 ms.
    @Test("a voice built from a noisy session plans like the source voice, clip edges within 20 ms (30 ms at -45 dBFS)",
          arguments: [(0.0069, 0.02), (0.0097, 0.03)])
    func rebuild(noise: Double, tolerance: Double) throws {
        let script = try Self.script()
        let (session, samples) = try Self.session(script, noise: noise)
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let recording = try folder.clip("take.wav", samples)
        let out = folder.file("voice")
        let report = try Self.builder(script).build(recordings: [recording], into: out)
        #expect(report.items.count == script.items.count)
        var worst = 0.0
        for (item, truth) in zip(report.items, session.truth) {
            worst = max(worst, abs(item.start - truth.start), abs(item.end - truth.end))
            #expect(abs(item.start - truth.start) <= tolerance, "\(item.text) starts at \(item.start), placed at \(truth.start)")
            #expect(abs(item.end - truth.end) <= tolerance, "\(item.text) ends at \(item.end), placed at \(truth.end)")
            #expect((item.snr ?? 0) > 20)
        }
        print("worst clip edge error: \(Int((worst * 1000).rounded())) ms")
        let built = try Voice(at: out)
        let source = try Voice(at: Self.bundledPath)
        #expect(VoiceInspection(voice: built).isUsable)
        var random = Random(state: 7)
        for index in 0..<3000 {
            let fen = UInt64(random.next() * 10_000_000_000)
            let prefix = Self.presets[index % Self.presets.count]
            let phrase = try Message(amount: try Amount(fenText: String(fen)), prefix: prefix, options: ReadingOptions(liang: index % 2 == 0))
            #expect(try built.plan(phrase).clips.map(\.text) == source.plan(phrase).clips.map(\.text))
        }
        let manifest = try String(contentsOfFile: Paths.join(out, "voice.json"), encoding: .utf8)
        #expect(manifest.contains("\"date\" : \"2026-01-01\"") && manifest.contains("\"sources\" : [\n    \"take.wav\""))
        #expect(try folder.contents() == ["take.wav", "voice"])
    }

    @Test("a session in two files, the second stereo at 22.05 kHz, builds the same voice")
    func twoFiles() throws {
        let script = try Self.script()
        let (session, samples) = try Self.session(script)
        // Cut in the pause after item 12.
        let cutTime = (session.truth[11].end + session.truth[12].start) / 2
        let cut = Int(cutTime * 16_000)
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let first = try folder.clip("one.wav", Array(samples[..<cut]))
        let second = try Resampler.resample(
            AudioBuffer(sampleRate: 16_000, samples: Array(samples[cut...])), to: 22_050, path: "two").samples
        try StereoWriter.write(left: second, right: second.map { $0 * 0.5 }, rate: 22_050, to: folder.file("two.wav"))
        let report = try Self.builder(script).build(recordings: [first, folder.file("two.wav")], into: folder.file("voice"))
        #expect(report.sampleRate == 16_000)
        #expect(report.items.map(\.source) == Array(repeating: "one.wav", count: 12) + Array(repeating: "two.wav", count: script.items.count - 12))
        for (index, (item, truth)) in zip(report.items, session.truth).enumerated() {
            let offset = index < 12 ? 0 : Double(cut) / 16_000
            #expect(abs(item.start + offset - truth.start) <= 0.02 && abs(item.end + offset - truth.end) <= 0.02, "\(item.text)")
        }
        let built = try Voice(at: folder.file("voice"))
        let phrase = try Message(amount: try Amount(parsing: "90500.95"), prefix: try Prefix("alipay"), options: ReadingOptions(liang: true))
        #expect(try built.plan(phrase).clips.map(\.text) == Voice(at: Self.bundledPath).plan(phrase).clips.map(\.text))
    }

    @Test("from a clean session, each clip is the source clip exactly, with at most digital silence around it")
    func cleanSession() throws {
        let script = try Self.script()
        let voice = try Voice(at: Self.bundledPath)
        var samples = [Float](repeating: 0, count: 8000)
        var sources: [[Float]] = []
        for item in script.items {
            let clip = try SoundFile.readMono(path: voice.path(ofClip: voice.manifest.clips[item.key]!)).audio.samples
            sources.append(clip)
            samples += clip + [Float](repeating: 0, count: 8000)
        }
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let recording = try folder.clip("clean.wav", samples)
        _ = try Self.builder(script).build(recordings: [recording], into: folder.file("voice"))
        for (item, source) in zip(script.items, sources) {
            let built = try SoundFile.readMono(path: folder.file("voice/\(item.file)")).audio.samples
            let first = source.firstIndex { $0 != 0 }!
            let last = source.lastIndex { $0 != 0 }!
            let core = Array(source[first...last])
            let offset = built.firstIndex { $0 != 0 }!
            #expect(built.count >= core.count && Array(built[offset..<(offset + core.count)]) == core, "\(item.text)")
            #expect(built[(offset + core.count)...].allSatisfy { $0 == 0 }, "\(item.text)")
            // The rule's margins (15 ms, 30 ms) at most beyond the source's
            // sound, plus the half window (2.5 ms) the envelope reaches out.
            #expect(offset <= 288 && built.count - offset - core.count <= 528, "\(item.text)")
        }
    }

    @Test("the same recording gives the same voice, byte for byte")
    func deterministic() throws {
        let script = try Self.script()
        let (_, samples) = try Self.session(script)
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let recording = try folder.clip("take.wav", samples)
        _ = try Self.builder(script).build(recordings: [recording], into: folder.file("a"))
        _ = try Self.builder(script).build(recordings: [recording], into: folder.file("b"))
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.file("a")) {
            #expect(FileManager.default.contentsEqual(atPath: folder.file("a/\(name)"), andPath: folder.file("b/\(name)")), "\(name)")
        }
    }

    static let mismatchCases: [(String, String)] = [
        ("drop", "微信收款"), ("drop", "一"), ("drop", "七"), ("drop", "一万"), ("drop", "元"), ("drop", "九点"), ("drop", "零"),
        ("split", "支付宝到账"), ("split", "收款到账"), ("split", "一百"),
        ("extra", "元"), ("extra", "一"), ("extra", "九百"), ("extra", "支付宝到账"),
    ]

    /// The times in a line (numbers followed by " s").
    static func times(_ line: String) -> [Double] {
        line.matches(of: #/([0-9]+(?:\.[0-9]+)?) s/#).compactMap { Double($0.output.1) }
    }

    /// The item numbers a line names: `item 4` or `items 1–18`.
    static func items(_ line: String) -> ClosedRange<Int>? {
        if let match = line.firstMatch(of: #/items ([0-9]+)–([0-9]+)/#), let a = Int(match.output.1), let b = Int(match.output.2) {
            return a...b
        }
        if let match = line.firstMatch(of: #/item ([0-9]+) /#), let a = Int(match.output.1) { return a...a }
        return nil
    }

    @Test("a missing, a split or an extra item stops the build with a line naming the item (or the stretch it is in) and the time",
          arguments: mismatchCases)
    func mismatch(kind: String, key: String) throws {
        let script = try Self.script()
        let index = script.items.firstIndex { $0.key == key }!
        let number = index + 1
        // An extra sound is a second take of the item just said.
        let change: Change = kind == "drop" ? .drop(key) : kind == "split" ? .split(key) : .extra(after: key, copy: key)
        let (session, samples) = try Self.session(script, change)
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let recording = try folder.clip("take.wav", samples)
        var lines: [String] = []
        do {
            _ = try Self.builder(script).build(recordings: [recording], into: folder.file("voice"))
        } catch {
            #expect(error.kind == .mismatch)
            lines = error.lines
        }
        #expect(try folder.contents() == ["take.wav"])
        #expect(lines.count == 2, "\(lines)")
        let line = lines.last ?? ""
        let times = Self.times(line)
        switch kind {
        case "drop":
            // Named alone or within a stretch, with times around where it should have been.
            let before = index > 0 ? session.truth[index - 1].end : 0
            let after = index < session.truth.count ? session.truth[index].start : Double(session.samples.count) / 16_000
            #expect(line.contains("seems missing") && Self.items(line)?.contains(number) == true, "\(line)")
            #expect(times.allSatisfy { $0 <= before + 0.05 || $0 >= after - 0.05 }, "\(line)")
            #expect(times.count == 2 || line.contains("the start") || line.contains("the end"), "\(line)")
        case "split":
            if line.hasPrefix("item ") {
                #expect(line.hasPrefix("item \(number) '\(key)' seems split in two at take.wav"), "\(line)")
                #expect(times.count >= 1 && times[0] > session.truth[index].start && times[0] < session.truth[index].end, "\(line)")
            } else {
                #expect(line.hasPrefix("one sound too many") && Self.items(line)?.contains(number) == true, "\(line)")
                #expect(times.count == 2 && times[0] <= session.truth[index].end && times[1] >= session.truth[index].start, "\(line)")
            }
        default:
            // Either take of the item may be called the extra one.
            let extra = session.extraStart ?? -1
            let first = session.truth[index].start
            #expect(line.contains("extra") || line.contains("too many") || line.contains("said twice"), "\(line)")
            if line.contains("said twice") {
                #expect(line.hasPrefix("item \(number) '\(key)' said twice"), "\(line)")
                #expect(times.count == 2 && abs(times[0] - first) < 0.1 && abs(times[1] - extra) < 0.1, "\(line)")
            } else if line.hasPrefix("an extra sound") {
                #expect(times.count >= 1 && (abs(times[0] - extra) < 0.05 || abs(times[0] - first) < 0.05), "\(line)")
            } else {
                #expect(times.count == 2 && times[0] <= extra + 0.05 && times[1] >= first - 0.05, "\(line)")
            }
        }
        print(line)
    }

    @Test("bad input is refused with one line and leaves nothing")
    func badInput() async throws {
        let script = try Self.script()
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        #expect {
            try Self.builder(script).build(recordings: [folder.file("none.wav")], into: folder.file("voice"))
        } throws: { error in
            (error as? VoiceBuildError)?.kind == .input && (error as? VoiceBuildError)?.lines.count == 1
                && (error as? VoiceBuildError)?.description.hasPrefix(folder.file("none.wav") + ": ") == true
        }
        try FileManager.default.createDirectory(atPath: folder.file("full"), withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: folder.file("full/x"), contents: Data())
        await #expect(throws: VoiceBuildError(.output, "\(folder.file("full")) is not empty: give a new or empty folder for the voice")) {
            try await Self.builder(script).build(command: "cp x {out}", into: folder.file("full"))
        }
        var bad = Self.builder(script)
        bad.details.id = "Bad Id"
        await #expect(throws: VoiceBuildError.self) { try await bad.build(command: "true {out}", into: folder.file("voice")) }
        #expect(try folder.contents() == ["full"])
    }
}
