import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

/// A device voice pack saying what the phrase options ask for
/// (`render --pack`): the phone's ``PackAnnouncer`` with a ``Phrasing``,
/// the phone's encoder, and no push fields.
package struct PackSpeaker: Announcing {
    /// The phone's announcer over the pack.
    package let announcer: PackAnnouncer
    /// What is said and how: the template, prefix and reading.
    package let phrasing: Phrasing

    /// `pack` saying what `phrasing` makes, read as the pack's language
    /// reads (a Cantonese pack's 两).
    /// - Throws: ``/AnnounceLanguage/LanguageError`` for a reading option
    ///   the pack's language does not define; ``/AnnounceLanguage/PrefixError``
    ///   or ``/AnnounceLanguage/TemplateError`` for a preset it does not have.
    package init(pack: DevicePack, phrasing: Phrasing) throws {
        announcer = PackAnnouncer(pack: pack)
        var phrasing = phrasing
        phrasing.reading = try announcer.language.readingOptions(phrasing.reading)
        phrasing.language = announcer.language
        // A preset is the pack's language's: its words, or a refusal.
        phrasing.template = try phrasing.template.resolved(in: announcer.language)
        phrasing.prefix = try phrasing.prefix.resolved(in: announcer.language)
        self.phrasing = phrasing
    }

    package var language: Language { announcer.language }

    package var format: OutputFormat { announcer.pack.format }
    package var writer: SoundWriter { .phoneEncoder }
    package var reportsPush: Bool { false }

    /// A message and the pack's clips for it, before any audio.
    package struct Planned: Sendable {
        package let message: Message
        package let clips: ClipPlan
    }

    /// The pack's clips for `message`.
    package func plan(_ message: Message) throws(PackError) -> Planned {
        Planned(message: message, clips: try announcer.plan(message))
    }

    /// The pack's announcement of what `planned` holds: its name depends on
    /// the tier that joins it.
    package func render(_ planned: Planned) throws(PackError) -> Announcement {
        try announcer.render(planned.message, plan: planned.clips)
    }

    /// A name of another format is refused as the sounds folder refuses it
    /// (a usage error), since the pack, not an option, chose the format.
    package func checkName(_ name: String) throws(AudioError) {
        do throws(SoundName.Invalid) {
            try SoundName.validate(name, format: format)
        } catch {
            throw AudioError(.unsupportedFormat, error.description)
        }
    }

    package func report(input: String, planned: Planned) -> AnnouncementReport {
        AnnouncementReport(input: input, message: planned.message)
    }
}
