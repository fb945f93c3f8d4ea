import ArgumentParser

struct VoiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voice",
        abstract: "Work with voices: folders of clips with a voice.json manifest.",
        subcommands: [VoiceCheck.self, VoiceScriptCommand.self, VoiceBuildCommand.self, VoiceExportCommand.self])
}
