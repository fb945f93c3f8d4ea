import AnnounceAudio
import AnnounceCore
import ArgumentParser

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render each amount into an iOS notification sound (the default command).",
        discussion: """
            Writes ROOT/Library/Sounds/announce-<amount>-<hash>.<ext> and prints its path; the name
            changes whenever the content would. With --json, one line per amount: the explain fields plus
            file, sound, duration, speed, format, encoding, sampleRate and bytes.
            Exit codes: 0 ok, 64 usage, 65 a rejected amount or one that cannot fit the budget,
            66 voice missing or broken, 73 cannot write the output.
            """)

    @OptionGroup var phrase: PhraseOptions
    @OptionGroup var input: AmountInput
    @OptionGroup var voiceOption: VoiceOption
    @OptionGroup var output: OutputOptions

    @Flag(help: "One JSON object per amount and line.")
    var json = false

    func validate() throws {
        try input.validate()
        if output.name != nil && (input.stdin || input.amountCount != 1) {
            throw ValidationError("--name needs exactly one amount")
        }
    }

    func run() throws {
        let announcer = try voiceOption.announcer(output.announcerOptions(phrase))
        let durations = ClipDurations(voice: announcer.voice)
        let root = output.root
        var failed = 0
        for text in input.amounts() {
            defer { if input.stdin { flushOutput() } }
            do {
                let amount = try phrase.amount(text)
                let announcement = try announcer.render(amount)
                let sound = try announcement.write(toRoot: root, name: output.name)
                if json {
                    let clips = try durations.planned(announcement.plan)
                    writeOutput(JSONLine.render(input: text, announcement: announcement, clips: clips, sound: sound))
                } else {
                    writeOutput(sound.path + "\n")
                }
            } catch let error as AmountError {
                failed += 1
                reportRejected(input: text, message: error.description, json: json)
            } catch let error as AudioError where error.kind == .overBudget {
                failed += 1
                reportRejected(input: text, message: error.message, json: json)
            } catch let error as AudioError where error.kind == .unwritable {
                printError(error.message)
                throw ExitStatus.cannotCreate
            } catch {
                printError("\(error)")
                throw ExitStatus.voiceError
            }
        }
        flushOutput()
        if failed > 0 { throw ExitStatus.dataError }
    }
}
