import AnnounceServer
import AnnounceStudio
import ArgumentParser

/// `--voice DIR`: the voice to use instead of the bundled one
/// (or `ANNOUNCE_VOICE`).
struct VoiceOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The voice folder (default: $ANNOUNCE_VOICE, else the bundled voice).", valueName: "dir"))
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
