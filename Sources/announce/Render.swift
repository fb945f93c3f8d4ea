import AnnounceAudio
import AnnounceCore
import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
        let voice = try voiceOption.load()
        let announcer: Announcer
        do {
            announcer = try Announcer(voice: voice, options: output.announcerOptions(phrase))
        } catch {
            printError("\(error)")
            throw ExitStatus.voiceError
        }
        let durations = ClipDurations(voice: voice)
        // Absolute, so the printed paths can be handed on as they are.
        let root = URL(fileURLWithPath: output.out).standardizedFileURL.path
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
                report(error.description, input: text)
            } catch let error as AudioError where error.kind == .overBudget {
                failed += 1
                report(error.message, input: text)
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

    private func report(_ message: String, input text: String) {
        if json {
            writeOutput(JSONLine.error(input: text, message: message))
        } else {
            printError(message)
        }
    }
}
