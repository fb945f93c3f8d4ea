import AnnounceServer
import AnnounceStudio
import ArgumentParser

/// `announce voice export`: a device voice pack for an iPhone app to bundle.
struct VoiceExportCommand: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = [.success, .usage, .dataError, .noInput, .cannotCreate, .outputClosed]

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Make a device voice pack: what an iPhone app bundles to render announcements itself.",
        discussion: """
            The pack holds the voice's clips as the engine joins them, their measurements and the limiter's data, \
            for one format and one set of render settings: the phone renders every announcement the server renders \
            at natural speed with the same samples and the same sound name, with Foundation alone. A voice that fails \
            `announce voice check` makes no pack, nor does one whose longest payment cannot fit the budget.

            \(ExitStatus.help(exitStatuses))
            """)

    @Argument(help: ArgumentHelp("The voice folder, or a bundled voice's name (default: $ANNOUNCE_VOICE, else the bundled default voice).", valueName: "dir|name"))
    var directory: String?

    // The same option as every other command's; the argument stays for
    // those who give the voice first.
    @Option(help: VoiceOption.help)
    var voice: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("The pack file to write (default: VOICE-ID.\(DevicePack.fileExtension)).", valueName: "file"))
    var output: String?

    @OptionGroup var sound: SoundOptions

    func validate() throws {
        if voice != nil, directory != nil { throw ValidationError("give the voice once: as --voice or as the argument") }
    }

    func run() throws {
        let path: String
        do {
            path = try VoiceLocator.locate(explicit: voice ?? directory)
        } catch {
            throw Console.fail(error)
        }
        let voice = try VoiceOption.load(path)
        let manifestPath = FileStatus(path: path, followingLinks: true)?.kind == .directory
            ? Paths.join(path, Voice.manifestName) : path
        do {
            let announcer = try Announcer(
                voice: voice, options: Announcer.Options(format: sound.outputFormat, rendering: sound.rendering))
            let pack = try PackExport(announcer: announcer, manifestPath: manifestPath).make()
            let bytes = pack.encoded()
            let target = output ?? "\(voice.id).\(DevicePack.fileExtension)"
            try Self.write(bytes, to: target)
            Console.write(Self.summary(pack, bytes: bytes.count, path: target))
            Console.flush()
        } catch {
            throw Console.fail(error)
        }
    }

    /// Puts `bytes` at `path` atomically.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try bytes.withUnsafeBytes { try AtomicFile.write($0, to: path, durable: false) }
    }

    /// `default.announcepack: 2.61 MB, voice default, 16000 Hz, caf/pcm16, …`
    static func summary(_ pack: DevicePack, bytes: Int, path: String) -> String {
        let megabytes = (Double(bytes) / 1_000_000).decimal(maximumDigits: 2)
        let tiers = pack.tiers.map { $0.speed == 1 ? "natural" : "sped up \($0.speed.shortDescription)x" }
        let limited = pack.tiers.reduce(0) { sum, tier in sum + tier.clips.values.reduce(0) { $0 + $1.limited.count } }
        return "\(path): \(bytes) bytes (\(megabytes) MB), voice \(pack.voiceID), \(pack.settings.rate) Hz, \(pack.format), "
            + "\(pack.tiers.first?.clips.count ?? 0) clips, tiers: \(tiers.joined(separator: " and ")), "
            + "\(limited) limited clips, amounts up to \(pack.maximumAmount)\n"
    }
}
