import AnnounceServer
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

    @Test("the bundled voice is looked for in each folder above the executable, as an install prefix and as a package root")
    func candidatesAboveTheExecutable() {
        // Nothing at this path: it is taken as given.
        #expect(VoiceLocator.bundledCandidates(executablePath: "/nonexistent/prefix/bin/announce") == [
            "/nonexistent/prefix/bin/share/announce/voices/default", "/nonexistent/prefix/bin/Clips/default",
            "/nonexistent/prefix/share/announce/voices/default", "/nonexistent/prefix/Clips/default",
            "/nonexistent/share/announce/voices/default", "/nonexistent/Clips/default",
            "/share/announce/voices/default", "/Clips/default",
        ])
        #expect(VoiceLocator.bundledCandidates(executablePath: nil).isEmpty)
    }

    @Test("an executable reached through a symbolic link finds the voice beside the file the link leads to")
    func candidatesFollowTheLink() throws {
        let scratch = try ScratchFolder("locator")
        defer { scratch.remove() }
        let install = try scratch.folder("prefix/bin")
        let executable = install.appendingPathComponent("announce")
        try Data().write(to: executable)
        let elsewhere = try scratch.folder("elsewhere")
        let link = elsewhere.appendingPathComponent("announce").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: executable.path)
        let realInstall = URL(fileURLWithPath: install.path).resolvingSymlinksInPath().path
        let candidates = VoiceLocator.bundledCandidates(executablePath: link)
        #expect(candidates.first == realInstall + "/share/announce/voices/default")
        #expect(candidates.dropFirst().first == realInstall + "/Clips/default")
        #expect(!candidates.contains { $0.contains("/elsewhere/") })
    }

    @Test("a name without '/' that a bundled voice has is that voice, from --voice and ANNOUNCE_VOICE; anything else is a folder")
    func bundledNames() throws {
        let scratch = try ScratchFolder("names")
        defer { scratch.remove() }
        let prefix = try scratch.folder("prefix")
        for name in ["default", "cantonese"] {
            let voice = try scratch.folder("prefix/share/announce/voices/\(name)")
            try Data("{}".utf8).write(to: voice.appendingPathComponent("voice.json"))
        }
        let executable = prefix.appendingPathComponent("bin/announce").path
        let voices = URL(fileURLWithPath: prefix.path).resolvingSymlinksInPath().path + "/share/announce/voices/"
        #expect(try VoiceLocator.locate(explicit: "cantonese", environment: [:], executablePath: executable) == voices + "cantonese")
        #expect(try VoiceLocator.locate(explicit: nil, environment: ["ANNOUNCE_VOICE": "cantonese"], executablePath: executable) == voices + "cantonese")
        #expect(try VoiceLocator.locate(explicit: nil, environment: [:], executablePath: executable) == voices + "default")
        // Names match in any case.
        #expect(try VoiceLocator.locate(explicit: "Cantonese", environment: [:], executablePath: executable) == voices + "cantonese")
        #expect(try VoiceLocator.locate(explicit: nil, environment: ["ANNOUNCE_VOICE": "DEFAULT"], executablePath: executable) == voices + "default")
        // A folder of that name is reached with a path.
        #expect(try VoiceLocator.locate(explicit: "./cantonese", environment: [:], executablePath: executable) == "./cantonese")
        #expect(try VoiceLocator.locate(explicit: "..", environment: [:], executablePath: executable) == "..")
        // A name that is neither a bundled voice nor a folder is refused, naming the bundled ones.
        #expect(throws: VoiceError(.notFound, "no voice 'yue': no such folder, and no bundled voice of that name (the bundled voices: default, cantonese)")) {
            try VoiceLocator.locate(explicit: "yue", environment: [:], executablePath: executable)
        }
        #expect(VoiceLocator.bundledNames(executablePath: executable) == ["default", "cantonese"])
        #expect(!VoiceLocator.isName("Cantonese") && !VoiceLocator.isName("a/b") && !VoiceLocator.isName("") && VoiceLocator.isName("my-voice_2"))
    }

    static let bundledVoicePath = RepositoryPaths.bundledVoice.path
}
