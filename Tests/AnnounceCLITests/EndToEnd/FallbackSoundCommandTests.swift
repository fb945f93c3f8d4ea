import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// docs/ios/payment-fallback.wav, the sound the iPhone plays when an
/// announcement cannot be had: made by announce itself with the command
/// docs/IOS.md gives ("The Xcode project, from empty", step 6), at the
/// announcements' loudness.
@Suite struct FallbackSoundCommandTests {
    static let committed = RepositoryPaths.file("docs/ios/payment-fallback.wav")

    /// The command of docs/IOS.md, "The Xcode project, from empty", step 6,
    /// writing into `root`.
    static func command(out root: String) -> [String] {
        ["render", "--template", "收款成功", "--format", "wav", "--name", "payment-fallback.wav", "--out", root]
    }

    @Test("the documented command makes exactly the committed file")
    func documentedCommand() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let root = scratch.url
        let result = try CommandRunner.run(Self.command(out: root.path))
        #expect(result.status == 0)
        let made = try Data(contentsOf: root.appendingPathComponent("Library/Sounds/payment-fallback.wav"))
        #expect(made == (try Data(contentsOf: Self.committed)),
                "docs/ios/payment-fallback.wav differs from what announce makes: run `announce \(Self.command(out: "/srv/fallback").joined(separator: " "))` and copy the file")
    }

    @Test("the committed fallback is at -16 LUFS within 1 LU and its true peak at most -1 dBTP, like the announcements")
    func loudness() throws {
        let (audio, _) = try SoundFile.readMono(path: Self.committed.path)
        let measured = try Loudness(measuring: audio)
        #expect(abs(measured.integrated - RenderSettings().loudnessTarget) <= 1, "\(measured.integrated) LUFS")
        #expect(measured.truePeak <= -0.99, "\(measured.truePeak) dBTP")
        // Its name is plain: iOS finds it in the app's bundle, and no cleanup deletes it.
        #expect(SoundName.kind(of: Self.committed.lastPathComponent) == nil)
    }
}
