import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

/// The true-peak ceiling (-1 dBTP) is the limiter's, on the samples it
/// writes as 16-bit PCM. µ-law, A-law and IMA4 store those samples with
/// their own error, which can lift a peak past it: docs/CLI.md states each
/// encoding's limit, measured here on the written file (libsndfile decodes
/// it, libebur128 measures it), at the rates a phone plays.
struct EncodedPeakTests {
    /// The most a written file's true peak may be, per encoding, as
    /// docs/CLI.md ("Formats") states it.
    static let limits: [(encoding: OutputFormat.Encoding, container: OutputFormat.Container, dBTP: Double)] = [
        (.pcm16, .caf, -1.0), (.ulaw, .caf, -0.8), (.alaw, .caf, -0.8), (.ima4, .aiff, -0.3),
    ]

    @Test("each encoding's file stays within its stated true-peak limit", arguments: [8_000, 16_000])
    func encodedPeaks(rate: Int) throws {
        let voice = try Voice(at: RepositoryPaths.bundledVoice.path)
        let scratch = try ScratchFolder("encoded")
        defer { scratch.remove() }
        let folder = SoundsFolder(root: scratch.url.path)
        try folder.create()
        let documented = try String(contentsOf: RepositoryPaths.file("docs/CLI.md"), encoding: .utf8)
        for limit in Self.limits {
            #expect(documented.contains("`\(limit.encoding.rawValue)` \(String(format: "%.1f", limit.dBTP)) dBTP"), "\(limit.encoding)")
            var worst = -Double.infinity
            for prefix in ["alipay", "wechat", "none"] {
                let options = Announcer.Options(
                    prefix: try Prefix(prefix), format: try OutputFormat(container: limit.container, encoding: limit.encoding),
                    rendering: RenderSettings(sampleRate: rate))
                let announcer = try Announcer(voice: voice, options: options, cache: ClipCache())
                for amount in LoudnessAccuracyTests.amounts {
                    // Written as announce writes it, then decoded by libsndfile.
                    let sound = try folder.write(try announcer.render(try Amount(parsing: amount)), reuse: false)
                    let (audio, _) = try SoundFile.readMono(path: sound.path)
                    let peak = try Loudness(measuring: audio).truePeak
                    worst = max(worst, peak)
                    #expect(peak <= limit.dBTP, "\(limit.encoding) @\(rate) Hz \(prefix) \(amount): \(peak) dBTP")
                }
            }
            print("\(limit.encoding) @\(rate) Hz: worst true peak \(String(format: "%.2f", worst)) dBTP")
        }
    }
}
