import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

/// One announcement from what is said to its report: the message, the plan,
/// a given file name checked, the audio, the file written, and the report
/// with the plan's, the file's and the push's fields.
///
/// `render` (from a voice or a device voice pack), `explain` and every item
/// of `batch` go through
/// ``run(with:delivery:)``, so the same input is answered the same way by
/// each. The push fields (`aps`, `heldAps`, `announce-sound-url`,
/// `announce-id`, `announce-at`, `announce-message`) are assembled here and
/// nowhere else.
package struct AnnouncementJob: Sendable {
    /// What is said.
    package enum Content: Sendable {
        /// The template filled with an amount and a count (nil where it has
        /// no such slot).
        case filled(amount: Amount?, count: Count?)
        /// A burst of payments said as one summary (their count and exact
        /// total), with each amount's text as given for the report.
        case burst([Amount], texts: [String])

        /// The message that says this content with `phrasing`.
        /// - Throws: ``/AnnounceLanguage/MessageError`` for content the template cannot take.
        package func message(_ phrasing: Phrasing) throws(MessageError) -> Message {
            switch self {
            case .filled(let amount, let count): try phrasing.message(amount: amount, count: count)
            case .burst(let amounts, _): try phrasing.message(together: amounts)
            }
        }
    }

    /// Where sounds are written and how their pushes are addressed: one for a
    /// whole run, shared by its jobs.
    package struct Delivery: Sendable {
        /// The folder sounds are written into; nil plans only (`explain`, a
        /// dry run): no audio, no file, no push fields.
        package var folder: SoundsFolder?
        /// Make the folder (`mkdir -p`) before writing into it, rather than
        /// expect it: nothing is made until an announcement has rendered.
        package var makesFolder: Bool
        /// Keep a file already there whose bytes are exactly the
        /// announcement's (see ``SoundsFolder/write(_:name:reuse:durable:writer:)``).
        package var reuse: Bool
        /// Flush each file and its folder entry to the disk before it is reported.
        package var durable: Bool
        /// Where the files are served, for each push's `announce-sound-url`.
        package var soundURLBase: String?
        /// When the payments were taken, seconds since 1970, for a job
        /// without its own; nil: the time each is rendered.
        package var at: Int?

        /// A delivery into `folder` (nil: plan only).
        package init(
            folder: SoundsFolder?, makesFolder: Bool = false, reuse: Bool = false, durable: Bool = false,
            soundURLBase: String? = nil, at: Int? = nil
        ) {
            self.folder = folder
            self.makesFolder = makesFolder
            self.reuse = reuse
            self.durable = durable
            self.soundURLBase = soundURLBase
            self.at = at
        }

        /// Plan only: what `explain` reports.
        package static let planOnly = Delivery(folder: nil)
    }

    /// What a job made.
    package struct Outcome<Planned: Sendable>: Sendable {
        /// The plan's fields, and for a written sound the file's and the push's.
        package var report: AnnouncementReport
        /// What the announcement is made of (``Announcing/Planned``).
        package let plan: Planned
        /// The file; nil when the delivery plans only.
        package let sound: WrittenSound?
    }

    /// The input as given: the report's `amount` (a burst's is its total).
    package var input: String
    /// What is said.
    package var content: Content
    /// The file name instead of the content-derived one.
    package var name: String?
    /// The payment's id, for the push's `announce-id`.
    package var announceID: String?
    /// When the payment was taken, seconds since 1970, for the push's
    /// `announce-at`; nil: the delivery's.
    package var at: Int?

    /// A job saying `content` for the input `input`.
    package init(input: String, content: Content, name: String? = nil, announceID: String? = nil, at: Int? = nil) {
        self.input = input
        self.content = content
        self.name = name
        self.announceID = announceID
        self.at = at
    }

    /// Says the job's content with `speaker`: plans it, checks the given
    /// name, and unless `delivery` plans only, renders the audio, writes it
    /// into the folder with the speaker's writer and reports the file and,
    /// when the speaker's sounds are pushed, its push.
    /// - Throws: ``/AnnounceLanguage/MessageError`` for content the template cannot
    ///   take; the speaker's refusal of a bad name (``Announcer``:
    ///   ``SoundName/Invalid``), ``SoundName/notDownloadable`` for a name with a
    ///   sound URL base; the errors of the speaker's plan and render
    ///   (``Announcer/plan(_:)-(Message)``, ``Announcer/render(_:)-(Announcer.Plan)``,
    ///   ``/AnnounceEngine/PackAnnouncer/render(_:)``), ``SoundsFolder/create()`` and
    ///   ``SoundsFolder/write(_:name:reuse:durable:writer:)``.
    package func run<Speaker: Announcing>(with speaker: Speaker, delivery: Delivery) throws -> Outcome<Speaker.Planned> {
        let message = try content.message(speaker.phrasing)
        let plan = try speaker.plan(message)
        if let name {
            try speaker.checkName(name)
            if delivery.soundURLBase != nil { throw SoundName.notDownloadable }
        }
        guard let folder = delivery.folder else {
            var report = speaker.report(input: input, planned: plan)
            nameAmounts(in: &report, message)
            return Outcome(report: report, plan: plan, sound: nil)
        }
        let announcement = try speaker.render(plan)
        if delivery.makesFolder { try folder.create() }
        let sound = try folder.write(
            announcement, name: name, reuse: delivery.reuse, durable: delivery.durable, writer: speaker.writer)
        var report = AnnouncementReport(input: input, announcement: announcement, sound: sound)
        if speaker.reportsPush {
            report.aps = PushPayload(body: announcement.text, sound: sound.name)
            report.message = PushMessage(announcement.message, language: speaker.language)
            report.soundURL = delivery.soundURLBase.map { PushPayload.url(base: $0, sound: sound.name) }
            report.announceID = announceID
            report.announceAt = at ?? delivery.at ?? Self.now()
        }
        nameAmounts(in: &report, message)
        return Outcome(report: report, plan: plan, sound: sound)
    }

    /// A burst's report names its amounts as given, and its `amount` is their total.
    private func nameAmounts(in report: inout AnnouncementReport, _ message: Message) {
        guard case .burst(_, let texts) = content else { return }
        report.amounts = texts
        report.amount = message.amount?.description ?? report.amount
    }

    /// Whole seconds since 1970, for `announce-at`.
    static func now() -> Int {
        Int(systemNow().rounded(.down))
    }
}
