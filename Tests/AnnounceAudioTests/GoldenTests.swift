import AnnounceAudio
import AnnounceCore
import AnnounceTestSupport
import Foundation
import Testing

/// Renders a handful of amounts with the bundled voice as WAV PCM16 and
/// compares them with the golden files next to this test, byte for byte.
///
/// `ANNOUNCE_RECORD_GOLDENS=1 swift test` re-records them. A missing golden
/// is written and the test fails, so a golden is never silently created.
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
        try Self.assertGolden(rendered.path, named: "alipay-\(amount).wav")
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
            try Self.assertGolden(rendered.path, named: name)
        }
    }

    static func assertGolden(_ path: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = directory.appendingPathComponent(name)
        let actual = try Data(contentsOf: URL(fileURLWithPath: path))
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
        Issue.record("\(name) differs from its golden: \(difference). Re-record with ANNOUNCE_RECORD_GOLDENS=1 if the change is intended.", sourceLocation: sourceLocation)
    }
}
