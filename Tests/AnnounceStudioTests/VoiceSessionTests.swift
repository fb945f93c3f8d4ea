@testable import AnnounceServer
@testable import AnnounceStudio
import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

/// Voices built from synthetic sessions of the default script: every preset
/// said afterwards, the budget checked before production, problems located
/// at their own time, label tracks and skipped stretches.
struct VoiceSessionTests {
    typealias Sessions = VoiceBuilderTests

    static func builder(_ script: VoiceScript) throws -> VoiceBuilder {
        var builder = Sessions.builder(script)
        builder.reference = try Voice(at: Sessions.bundledPath)
        return builder
    }

    @Test("a session of the full default script builds a voice that says every preset, prefix and reading, within the budget")
    func fullDefaultScript() throws {
        let script = try VoiceScript(coverage: .everything)
        #expect(script.coverage == .everything)
        // A quiet room and a brisk speaker: the bundled voice's clips said 10 % faster
        // (cut from a session, they keep a little more of their edges; at the
        // bundled pace the longest summary would need 6.4 s at 1.35x).
        let (_, session) = try Sessions.session(script, noise: 0.002, breaths: false)
        let samples = try SonicStream(sampleRate: 16_000, speed: 1.1).process(session)
        let folder = try ScratchFolder("audio")
        let recording = try folder.clip("take.wav", samples)
        let out = folder.file("teams/brand/voice")
        _ = try Self.builder(script).build(recordings: [recording], into: out)
        let voice = try Voice(at: out)
        #expect(voice.manifest.covers == .everything)
        let inspection = VoiceInspection(voice: voice)
        #expect(inspection.isUsable, "\(inspection.problems)")
        let budget = try #require(inspection.budget)
        #expect(budget.rows.count == 5 * 8 + 8 + 8 + 5 * 8 + 1)
        #expect(budget.failures.isEmpty)
        let format = try OutputFormat(container: .wav, encoding: .pcm16)
        for (name, template) in Template.presets {
            for prefix in VoiceCoverage.everything.prefixValues {
                for options in VoiceCoverage.everything.readingOptions {
                    let announcer = try Announcer(
                        voice: voice, options: .init(prefix: prefix, reading: options, template: template, format: format))
                    let message: Message
                    switch name {
                    case "summary": message = try announcer.message(together: try ["12.50", "3", "2222222.22"].map { try Amount(parsing: $0) })
                    case "received": message = try announcer.message(amount: nil, count: nil)
                    default: message = try announcer.message(amount: try Amount(parsing: "99999999.99"), count: nil)
                    }
                    let rendered = try announcer.render(try announcer.plan(message))
                    #expect(rendered.rendered.duration <= 6.0, "\(name) \(prefix) \(options)")
                }
            }
        }
    }

    @Test("a slow session is refused before production, naming the amount and the seconds it needs; a declared maximum makes it usable and render refuses more")
    func slowSession() throws {
        let script = try VoiceScript(options: ReadingOptions(), prefixes: [try Prefix("alipay")])
        let (_, fast) = try Sessions.session(script)
        // The same session said at 0.6 times the pace, pitch kept.
        let samples = try SonicStream(sampleRate: 16_000, speed: 0.6).process(fast)
        let folder = try ScratchFolder("audio")
        let recording = try folder.clip("slow.wav", samples)
        #expect {
            _ = try Self.builder(script).build(recordings: [recording], into: folder.file("slow"))
        } throws: { error in
            let lines = (error as? VoiceBuildError)?.lines ?? []
            return lines.count == 1 && lines[0].contains("payment prefix 支付宝到账, ") && lines[0].contains(" needs ")
                && lines[0].contains(" s at 1.35x; budget is 6.0 s")
        }
        #expect(try folder.contents() == ["slow.wav"])
        var limited = try Self.builder(script)
        limited.maximumAmount = try Amount(parsing: "999.99")
        _ = try limited.build(recordings: [recording], into: folder.file("slow"))
        let voice = try Voice(at: folder.file("slow"))
        #expect(voice.manifest.maximumAmount == (try Amount(parsing: "999.99")))
        #expect(VoiceInspection(voice: voice).isUsable)
        let announcer = try Announcer(voice: voice, options: .init(prefix: try Prefix("alipay")))
        _ = try announcer.plan(try Amount(parsing: "999.99"))
        #expect {
            _ = try announcer.plan(try Amount(parsing: "1000"))
        } throws: { error in
            (error as? AudioError)?.message == "1000 is more than voice 'rebuilt' is made to say: its voice.json declares maximumAmount 999.99"
        }
    }

    /// A session of the default payment script.
    static func paymentScript() throws -> VoiceScript {
        try VoiceScript(options: ReadingOptions(liang: true), prefixes: [.standard, try Prefix("alipay")])
    }

    @Test("a cough between items is named at its own time")
    func cough() throws {
        let script = try Self.paymentScript()
        let (session, samples) = try Sessions.session(script, .noise(after: "八"))
        let at = try #require(session.extraStart)
        let folder = try ScratchFolder("audio")
        let recording = try folder.clip("take.wav", samples)
        #expect {
            _ = try Self.builder(script).build(recordings: [recording], into: folder.file("voice"))
        } throws: { error in
            let lines = (error as? VoiceBuildError)?.lines ?? []
            guard let line = lines.first(where: { $0.hasPrefix("a sound at take.wav ") && $0.contains("is noise, not speech") }),
                let time = Double(line.dropFirst("a sound at take.wav ".count).prefix { $0 != "–" })
            else { return false }
            return abs(time - at) <= 0.1 && lines.count == 2
        }
    }

    @Test("an item said twice is named with both times, and --skip drops the bad take")
    func repeatedItem() throws {
        let script = try Self.paymentScript()
        let (session, samples) = try Sessions.session(script, .extra(after: "七", copy: "七"))
        let folder = try ScratchFolder("audio")
        let recording = try folder.clip("take.wav", samples)
        let index = try #require(script.items.firstIndex { $0.key == "七" })
        let second = try #require(session.extraStart)
        #expect {
            _ = try Self.builder(script).build(recordings: [recording], into: folder.file("voice"))
        } throws: { error in
            let lines = (error as? VoiceBuildError)?.lines ?? []
            let prefix = "item \(index + 1) '七' said twice, at take.wav "
            guard lines.count == 2, lines[1].hasPrefix(prefix) else { return false }
            let times = lines[1].dropFirst(prefix.count).split(separator: " ")
            guard let first = Double(times[0]), let again = Double(times[3]) else { return false }
            return abs(first - session.truth[index].start) <= 0.1 && abs(again - second) <= 0.1
        }
        var builder = try Self.builder(script)
        builder.skips = [VoiceBuilder.Skip("take.wav:\(second - 0.05)-\(second + 0.5)")!]
        let report = try builder.build(recordings: [recording], into: folder.file("voice"))
        #expect(abs(report.items[index].start - session.truth[index].start) <= 0.02)
    }

    @Test("a skipped item in a run of digits is named, between the sounds around it")
    func skippedItem() throws {
        let script = try Self.paymentScript()
        let (session, samples) = try Sessions.session(script, .drop("四"))
        let folder = try ScratchFolder("audio")
        let recording = try folder.clip("take.wav", samples)
        let index = try #require(script.items.firstIndex { $0.key == "四" })
        #expect {
            _ = try Self.builder(script).build(recordings: [recording], into: folder.file("voice"))
        } throws: { error in
            let lines = (error as? VoiceBuildError)?.lines ?? []
            let prefix = "item \(index + 1) '四' seems missing: nothing for it between take.wav "
            guard lines.count == 2, lines[1].hasPrefix(prefix) else { return false }
            let times = lines[1].dropFirst(prefix.count).split(separator: " ")
            guard let after = Double(times[0]) else { return false }
            // The sound before it is item index - 1's, placed at truth[index - 1]; the dropped item's truth is unused.
            return abs(after - session.truth[index - 1].end) <= 0.1
        }
    }

    @Test("an Audacity label track marks the items instead of energy segmentation, with regions or points", arguments: [false, true])
    func labels(points: Bool) throws {
        let script = try Self.paymentScript()
        let (session, samples) = try Sessions.session(script)
        let folder = try ScratchFolder("audio")
        let recording = try folder.clip("take.wav", samples)
        var track = ""
        for (number, truth) in session.truth.enumerated() {
            let start = truth.start - 0.08
            track += points ? "\(start)\t\(start)\t\(number + 1)\n" : "\(start)\t\(truth.end + 0.1)\t\(number + 1)\n"
        }
        try track.write(toFile: folder.file("take.txt"), atomically: true, encoding: .utf8)
        var builder = try Self.builder(script)
        builder.labels = [folder.file("take.txt")]
        let report = try builder.build(recordings: [recording], into: folder.file("voice"))
        for (item, truth) in zip(report.items, session.truth) {
            #expect(abs(item.start - truth.start) <= 0.02 && abs(item.end - truth.end) <= 0.03, "\(item.text)")
        }
        try "0\tx\tone\n".write(toFile: folder.file("bad.txt"), atomically: true, encoding: .utf8)
        builder.labels = [folder.file("bad.txt")]
        #expect(throws: VoiceBuildError.self) { try builder.build(recordings: [recording], into: folder.file("voice2")) }
    }

    @Test("a skip or a label that cuts through a word is refused, never shipped as a clipped clip; a skip naming no recording is refused")
    func cutsThroughAWord() throws {
        let script = try Self.paymentScript()
        let (session, samples) = try Sessions.session(script)
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let recording = try folder.clip("take.wav", samples)
        let word = session.truth[3]
        let middle = (word.start + word.end) / 2
        var builder = try Self.builder(script)
        builder.skips = [VoiceBuilder.Skip("\(middle)-\(word.end + 0.05)")!]
        #expect {
            _ = try builder.build(recordings: [recording], into: folder.file("voice"))
        } throws: { error in
            (error as? VoiceBuildError)?.kind == .mismatch && "\(error)".contains("cuts through the sound")
        }
        builder.skips = [VoiceBuilder.Skip("other.wav:1-2")!]
        #expect {
            _ = try builder.build(recordings: [recording], into: folder.file("voice"))
        } throws: { error in
            (error as? VoiceBuildError)?.kind == .usage && "\(error)".contains("'other.wav', which is not one of the recordings")
        }
        var track = ""
        for (number, truth) in session.truth.enumerated() {
            let end = number == 3 ? (truth.start + truth.end) / 2 : truth.end + 0.1
            track += "\(truth.start - 0.08)\t\(end)\t\(number + 1)\n"
        }
        try track.write(toFile: folder.file("take.txt"), atomically: true, encoding: .utf8)
        builder.skips = []
        builder.labels = [folder.file("take.txt")]
        #expect {
            _ = try builder.build(recordings: [recording], into: folder.file("voice"))
        } throws: { error in
            (error as? VoiceBuildError)?.kind == .mismatch && "\(error)".contains("line 4") && "\(error)".contains("cuts through a word")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("voice")))
    }

    @Test("a FIFO given as a recording is refused at once, never waited on")
    func fifoRecording() throws {
        let script = try Self.paymentScript()
        let folder = try ScratchFolder("audio")
        defer { folder.remove() }
        let fifo = folder.file("take.wav")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect {
            _ = try Self.builder(script).build(recordings: [fifo], into: folder.file("voice"))
        } throws: { error in
            (error as? VoiceBuildError)?.kind == .input && "\(error)".contains("FIFO")
        }
    }

    @Test("a recording at 48 kHz gives clips at 16 kHz unless --sample-rate says otherwise")
    func sampleRate() throws {
        let script = try VoiceScript(options: ReadingOptions(), prefixes: [.standard])
        let (_, samples) = try Sessions.session(script)
        let high = try Resampler.resample(AudioBuffer(sampleRate: 16_000, samples: samples), to: 48_000, path: "x").samples
        let folder = try ScratchFolder("audio")
        let recording = try folder.clip("take.wav", high, rate: 48_000)
        let report = try Self.builder(script).build(recordings: [recording], into: folder.file("voice"))
        #expect(report.sampleRate == 16_000)
        var builder = try Self.builder(script)
        builder.outputRate = 48_000
        #expect(try builder.build(recordings: [recording], into: folder.file("voice48")).sampleRate == 48_000)
    }
}

@Suite struct VoiceBudgetRuleTests {
    @Test("the payment sentence decides whether a voice is usable; a summary over the budget is a warning, refused when rendered")
    func paymentDecides() throws {
        let voice = try Voice(at: VoiceBuilderTests.bundledPath)
        // The bundled voice's longest payment needs 1.07x, its longest summary 1.30x.
        let tight = VoiceInspection(voice: voice, settings: RenderSettings(maxSpeed: 1.1))
        #expect(tight.isUsable, "\(tight.problems)")
        #expect(tight.warnings.contains { $0.hasPrefix("summary ") && $0.contains("refused when rendered") }, "\(tight.warnings)")
        let tighter = VoiceInspection(voice: voice, settings: RenderSettings(maxSpeed: 1.02))
        #expect(!tighter.isUsable)
        #expect(tighter.problems.contains { $0.hasPrefix("payment ") && $0.contains("23333333.33") }, "\(tighter.problems)")
    }
}
