import AnnounceServer
import AnnounceStudio
import ArgumentParser

struct VoiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voice",
        abstract: "Work with voices: folders of clips with a voice.json manifest.",
        discussion: """
            A voice.json lists at most \(VoiceManifest.maximumClips) clips; a clip word has at most \(VoiceManifest.maximumWordLength) characters and a clip file name at most \(VoiceManifest.maximumFileLength) bytes; 'covers' names at most \(VoiceCoverage.maximumPrefixes) prefixes, and each style, template and prefix once. A manifest over a limit is refused in one line (exit 66). See docs/VOICES.md.
            """,
        subcommands: [VoiceCheck.self, VoiceScriptCommand.self, VoiceBuildCommand.self, VoiceExportCommand.self, VoiceTonesCommand.self])
}
