import AnnounceCore
import AnnounceTestSupport
import Foundation
import Testing

@testable import announce

@Suite struct VoiceLocatorTests {
    @Test("the locator prefers --voice, then ANNOUNCE_VOICE, then the bundled voice")
    func locator() throws {
        #expect(try VoiceLocator.locate(explicit: "/a", environment: ["ANNOUNCE_VOICE": "/b"], executablePath: nil) == "/a")
        #expect(try VoiceLocator.locate(explicit: nil, environment: ["ANNOUNCE_VOICE": "/b"], executablePath: nil) == "/b")
        let root = URL(fileURLWithPath: Self.bundledVoicePath).deletingLastPathComponent().deletingLastPathComponent()
        let fakeExecutable = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release/announce").path
        let found = try VoiceLocator.locate(explicit: nil, environment: [:], executablePath: fakeExecutable)
        #expect(URL(fileURLWithPath: found).standardized.path == URL(fileURLWithPath: Self.bundledVoicePath).standardized.path)
        #expect(throws: VoiceError.self) {
            try VoiceLocator.locate(explicit: nil, environment: [:], executablePath: "/nonexistent/bin/announce")
        }
    }

    static let bundledVoicePath = RepositoryPaths.bundledVoice.path
}
