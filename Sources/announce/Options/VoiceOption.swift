import AnnounceServer
import AnnounceStudio
import ArgumentParser

/// `--voice DIR|NAME`: the voice to use instead of the bundled default
/// (or `ANNOUNCE_VOICE`).
struct VoiceOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The voice folder, or a bundled voice's name: default (Mandarin), cantonese (default: $ANNOUNCE_VOICE, else default).",
        valueName: "dir|name"))
    var voice: String?

    /// Finds and loads the voice; a missing or broken one is one line on
    /// stderr and exit 66.
    func load() throws -> Voice {
        try Self.load(voice)
    }

    /// Loads the voice and makes an announcer with `options`; a missing or
    /// broken voice, or one without a clip the options need, is one line on
    /// stderr and exit 66.
    func announcer(_ options: Announcer.Options) throws -> Announcer {
        let voice = try load()
        do {
            return try Announcer(voice: voice, options: options)
        } catch {
            throw Console.fail(error)
        }
    }

    /// Loads the voice at `path`, or the located one when nil.
    static func load(_ path: String?) throws -> Voice {
        do {
            return try Voice(at: VoiceLocator.locate(explicit: path))
        } catch {
            throw Console.fail(error)
        }
    }
}
