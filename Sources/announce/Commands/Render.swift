import AnnounceServer
import AnnounceStudio
import ArgumentParser

struct Render: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = [.success, .usage, .dataError, .noInput, .cannotCreate, .outputClosed]

    static let configuration = CommandConfiguration(
        // Named here: the parser would otherwise derive it from the type's name
        // at every start, through the runtime's reflection.
        commandName: "render",
        abstract: "Render each amount into an iOS notification sound (the default command).",
        discussion: """
            Writes ROOT/Library/Sounds/announce-<amount>-<hash>.<ext> and prints its path; the name changes whenever the content would. With --json, one line per amount: the explain fields plus file, sound, duration, speed, format, encoding, sampleRate, bytes, aps (the push's aps object), heldAps (the aps of a held payment of a burst: the banner, no sound), announce-at (--at, or now) and announce-id (--id), and with --sound-url-base announce-sound-url, the file's URL.

            A rejected amount is reported (with --json as a line with "error") and the others still go through.

            \(ExitStatus.help(exitStatuses))
            """)

    @OptionGroup var phrase: PhraseOptions
    @OptionGroup var input: AmountInput
    @Option(help: VoiceOption.help) var voice: String?
    @OptionGroup var output: OutputOptions
    @Option(help: NameOption.nameHelp) var name: String?
    @Option(help: NameOption.idHelp) var id: String?

    @Flag(help: "One JSON object per amount and line.")
    var json = false

    @Option(help: ArgumentHelp(
        "Render as the iPhone does, from a device voice pack (announce voice export) instead of a voice folder: the phone's samples and name, in the pack's format and settings.",
        valueName: "file"))
    var pack: String?

    func validate() throws {
        try input.validate(template: phrase.parsedTemplate)
        if pack != nil {
            if voice != nil { throw ValidationError("--pack renders from the pack's voice; drop --voice") }
            if output.sound.changesRendering || output.soundURLBase != nil || id != nil {
                throw ValidationError(
                    "--pack renders in the pack's format and settings, without push fields: drop --format, --encoding, --sample-rate, --budget, --max-speed, --sound-url-base and --id")
            }
        }
        try NameOption.validate(name: name, id: id, format: output.outputFormat, soundURLBase: output.soundURLBase)
        if (name != nil || id != nil) && (input.stdin || (input.amountCount != 1 && !input.together && phrase.parsedTemplate.slots.contains(.amount))) {
            throw ValidationError("\(name != nil ? "--name" : "--id") needs exactly one amount")
        }
    }

    func run() throws {
        TemporaryFiles.shared.removeOnTermination()
        if let pack {
            let loaded = try DevicePackFile.load(pack)
            let speaker: PackSpeaker
            do {
                speaker = try PackSpeaker(pack: loaded, phrasing: phrase.phrasing)
            } catch {
                throw Console.fail(error)
            }
            return try run(with: speaker)
        }
        try run(with: try VoiceOption.announcer(voice: voice, output.announcerOptions(phrase)))
    }

    /// Renders every amount with `speaker`: the voice's announcer, or the
    /// phone's renderer over a device voice pack.
    private func run(with speaker: some Announcing) throws {
        let messages = MessageInput(phrase: phrase, input: input)
        // The folder is made once an amount has rendered, so a rejected one leaves none.
        let delivery = AnnouncementJob.Delivery(
            folder: output.folder, makesFolder: true, durable: output.fsync, soundURLBase: output.soundURLBase, at: output.at)
        let status = try input.forEach(json: json) { text in
            let job = try messages.job(for: text, name: name, announceID: id)
            let outcome = try job.run(with: speaker, delivery: delivery)
            Console.write(json ? outcome.report.jsonLine : (outcome.sound?.path ?? "") + "\n")
        }
        if status != .success { throw Console.exit(status) }
    }
}
