import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

/// What an ``AnnouncementJob`` says its content with: the server's
/// ``Announcer``, or a device voice pack's ``PackSpeaker``.
package protocol Announcing: Sendable {
    /// What is known of an announcement before its file: the server's plan
    /// (no audio yet), or the pack's announcement (rendered whole, as the
    /// phone renders it).
    associatedtype Planned: Sendable

    /// The format of the files.
    var format: OutputFormat { get }
    /// Which encoder writes the files.
    var writer: SoundWriter { get }
    /// Whether a written sound's report carries the push's fields; a sound
    /// rendered as the phone renders it is never pushed.
    var reportsPush: Bool { get }

    /// What is said and how: the template, prefix and reading.
    var phrasing: Phrasing { get }
    /// The language of the voice that says it.
    var language: Language { get }
    /// Plans the announcement of `message`.
    func plan(_ message: Message) throws -> Planned
    /// The announcement `planned` is.
    func render(_ planned: Planned) throws -> Announcement
    /// Refuses a file name `name` if it is not a plain file name of ``format``.
    func checkName(_ name: String) throws
    /// The report of `planned` without a file (`explain`).
    func report(input: String, planned: Planned) -> AnnouncementReport
}

extension Announcer: Announcing {
    package var phrasing: Phrasing { options.phrasing }
    package var language: Language { voice.language }
    package var format: OutputFormat { options.format }
    package var writer: SoundWriter { .libsndfile }
    package var reportsPush: Bool { true }

    package func checkName(_ name: String) throws {
        try SoundName.validate(name, format: options.format)
    }

    package func report(input: String, planned: Plan) -> AnnouncementReport {
        AnnouncementReport(input: input, plan: planned, language: language)
    }
}
