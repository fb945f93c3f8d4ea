import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// Renders a handful of amounts with the bundled voice as WAV PCM16 and
/// compares them with the golden files next to this test, byte for byte.
///
/// `ANNOUNCE_RECORD_GOLDENS=1 swift test` re-records them. A missing golden
/// is written and the test fails, so a golden is never silently created.
///
/// `Goldens/ledger.json` records each golden's sound name and a digest of
/// its bytes. New audio under a sound name the ledger already holds fails,
/// recording or not: iOS caches sounds by name, so audio that changes must
/// get new names, which bumping `Announcer.engineVersion` gives.
@Suite(.serialized)
struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let bundledVoice = RepositoryPaths.bundledVoice.path
    static let recording = ProcessInfo.processInfo.environment["ANNOUNCE_RECORD_GOLDENS"] == "1"

    @Test("golden announcements", arguments: ["0.01", "10", "123.45", "100000", "99999999.99"])
    func golden(amount: String) throws {
        let options = Announcer.Options(prefix: try Prefix("alipay"), format: try OutputFormat(container: .wav, encoding: .pcm16))
        let announcer = try Announcer(voice: try Voice(at: Self.bundledVoice), options: options)
        let announcement = try announcer.render(try Amount(parsing: amount))
        #expect(announcement.duration <= 6.0)
        let scratch = try ScratchFolder("golden")
        defer { scratch.remove() }
        let rendered = try announcement.write(toDirectory: scratch.path, name: "golden.wav")
        try Self.assertGolden(rendered.path, named: "alipay-\(amount).wav", sound: announcement.soundName)
    }

    @Test("golden messages: a refund and a burst summary")
    func goldenMessages() throws {
        let format = try OutputFormat(container: .wav, encoding: .pcm16)
        let voice = try Voice(at: Self.bundledVoice)
        let refund = try Announcer(voice: voice, options: .init(template: try Template("refund"), format: format))
        let alipay = try Announcer(voice: voice, options: .init(prefix: try Prefix("alipay"), format: format))
        let amounts = try ["12.50", "3", "107.95"].map { try Amount(parsing: $0) }
        let cases: [(Announcer.Plan, String)] = [
            (try refund.plan(try Amount(parsing: "25")), "refund-25.wav"),
            (try alipay.plan(try alipay.message(together: amounts)), "alipay-summary-3-123.45.wav"),
        ]
        #expect(cases.map(\.0.text) == ["退款二十五元", "支付宝到账三笔，共计一百二十三点四五元"])
        let scratch = try ScratchFolder("golden")
        defer { scratch.remove() }
        for (plan, name) in cases {
            let announcer = name.hasPrefix("refund") ? refund : alipay
            let rendered = try announcer.render(plan).write(toDirectory: scratch.path, name: "golden.wav")
            try Self.assertGolden(rendered.path, named: name, sound: plan.soundName)
        }
    }

    static func assertGolden(
        _ path: String, named name: String, sound: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let golden = directory.appendingPathComponent(name)
        let actual = try Data(contentsOf: URL(fileURLWithPath: path))
        try checkLedger(name: name, sound: sound, audio: actual, sourceLocation: sourceLocation)
        guard !recording, FileManager.default.fileExists(atPath: golden.path) else {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: golden)
            if !recording {
                Issue.record("golden \(name) was missing: written now; check it and run the tests again", sourceLocation: sourceLocation)
            }
            return
        }
        let expected = try Data(contentsOf: golden)
        guard actual != expected else { return }
        // Say how they differ: format, length, then the first differing frame.
        let (goldenAudio, goldenInfo) = try SoundFile.readMono(path: golden.path)
        let (actualAudio, actualInfo) = try SoundFile.readMono(path: path)
        var difference = "bytes differ"
        if goldenInfo != actualInfo || goldenAudio.samples.count != actualAudio.samples.count {
            difference = "format differs: golden \(goldenInfo), rendered \(actualInfo)"
        } else if let frame = goldenAudio.samples.indices.first(where: { goldenAudio.samples[$0] != actualAudio.samples[$0] }) {
            difference = "first differing frame \(frame) (\(Double(frame) / Double(goldenInfo.sampleRate)) s): golden \(goldenAudio.samples[frame]), rendered \(actualAudio.samples[frame])"
        }
        let message = "\(name) differs from its golden: \(difference). If the change is intended, bump Announcer.engineVersion "
            + "(new audio must get new sound names: iOS caches sounds by name) and re-record with ANNOUNCE_RECORD_GOLDENS=1."
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    static let ledgerURL = directory.appendingPathComponent("ledger.json")

    /// Each golden's sound name and the digest of its bytes.
    struct LedgerEntry: Codable, Equatable {
        var sound: String
        var audio: String
    }

    /// Fails when `audio` is new under a sound name the ledger already
    /// holds for `name`; when recording, writes the entry otherwise.
    static func checkLedger(name: String, sound: String, audio: Data, sourceLocation: SourceLocation) throws {
        var ledger = (try? JSONDecoder().decode([String: LedgerEntry].self, from: Data(contentsOf: ledgerURL))) ?? [:]
        let entry = LedgerEntry(sound: sound, audio: fnv1a(audio))
        if let known = ledger[name], known.sound == entry.sound, known.audio != entry.audio {
            let message = "\(name): the audio changed but its sound name \(sound) did not: bump Announcer.engineVersion so that "
                + "new audio gets new names (iOS caches sounds by name), then re-record with ANNOUNCE_RECORD_GOLDENS=1."
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        guard ledger[name] != entry else { return }
        guard recording else {
            Issue.record(
                "\(name): Goldens/ledger.json does not hold its sound name \(sound): re-record with ANNOUNCE_RECORD_GOLDENS=1.",
                sourceLocation: sourceLocation)
            return
        }
        ledger[name] = entry
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try (encoder.encode(ledger) + Data("\n".utf8)).write(to: ledgerURL)
    }

    /// FNV-1a, 64 bits, as hex: enough to tell two recordings apart.
    static func fnv1a(_ data: Data) -> String {
        var state: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in data {
            state ^= UInt64(byte)
            state &*= 0x100_0000_01B3
        }
        return String(state, radix: 16)
    }

    @Test("the ledger's guard fires: new audio under an old name is refused, a new name is taken")
    func ledgerGuard() throws {
        let saved = try? Data(contentsOf: Self.ledgerURL)
        defer { if let saved { try? saved.write(to: Self.ledgerURL) } }
        let ledger = try JSONDecoder().decode([String: LedgerEntry].self, from: Data(contentsOf: Self.ledgerURL))
        let (name, entry) = try #require(ledger.sorted(by: { $0.key < $1.key }).first)
        // Fails unless exactly that issue is recorded.
        try withKnownIssue {
            try Self.checkLedger(name: name, sound: entry.sound, audio: Data("other audio".utf8), sourceLocation: #_sourceLocation)
        } matching: { issue in
            issue.description.contains("bump Announcer.engineVersion")
        }
        try Self.checkLedger(name: name, sound: entry.sound, audio: try Data(contentsOf: Self.directory.appendingPathComponent(name)), sourceLocation: #_sourceLocation)
    }
}
