import AnnounceServer
import AnnounceStudio
import ArgumentParser

/// `--voice DIR|NAME`: the voice to use instead of the bundled default
/// (or `ANNOUNCE_VOICE`).
///
/// Each command declares the option itself, `@Option(help: VoiceOption.help)
/// var voice: String?`, rather than through an option group: every group type
/// costs each start, `--version` included, four scans of all the binary's
/// conformance records by the runtime, and the parser reflects over it again
/// each of the several times it builds the command's arguments.
enum VoiceOption {
    /// The option's help.
    static var help: ArgumentHelp {
        ArgumentHelp(
            "The voice folder, or a bundled voice's name in any case (default: $ANNOUNCE_VOICE, else default); an unknown name is refused with the bundled names.",
            valueName: "dir|name")
    }

    /// Loads the voice at `path` (`--voice`), or the located one when nil,
    /// and makes an announcer with `options`; a missing or broken voice, or
    /// one without a clip the options need, is one line on stderr and exit 66.
    static func announcer(voice path: String?, _ options: Announcer.Options) throws -> Announcer {
        let voice = try load(path)
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
