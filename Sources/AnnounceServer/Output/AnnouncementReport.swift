import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

/// What announce reports about one announcement: the fields of the JSON
/// lines, nested by command. `explain` gives the plan's fields, `render`
/// adds the file's, `batch` adds the item's; a failed one carries `error`
/// instead of the plan and file. ``jsonLine`` is the one writer of them.
/// A rendered sound's report carries the push's `aps` object, a held
/// payment's `heldAps`, the payment's `announce-id` and `announce-at`, the
/// message for the phone to render (`announce-message`), and with a URL base
/// the file's URL, all set by ``AnnouncementJob``. Every report of an amount
/// has `yuan`.
package struct AnnouncementReport: Sendable, Equatable {
    // explain
    /// The amount exactly as given, before any convenience was applied;
    /// in a batch item's error line, only once the amount was read.
    package var amount: String?
    /// The whole phrase, prefix included.
    package var text: String?
    /// The words in order.
    package var words: [String]?
    /// Each word's romanisation in the voice's language (pinyin,
    /// Jyutping), in the order of ``words`` (`explain`).
    package var romanisation: [String]?
    /// The clips that say them.
    package var clips: [PlannedClip]?
    /// The template, when not the default payment sentence: a preset's name
    /// or the template's text.
    package var template: String?
    /// The template's `{count}`, when it has one.
    package var count: Int?
    /// The amounts of a burst, each as given.
    package var amounts: [String]?
    /// The amount in yuan, exactly, as a decimal string (`123.45`, `12`,
    /// `0.05`), whatever form it was given in (`{"fen": 12345}` too); a
    /// burst's total. Nil for a message without an amount.
    package var yuan: String?
    // render
    /// The file's absolute path.
    package var file: String?
    /// The name for the push payload's `aps.sound`.
    package var sound: String?
    /// Seconds, to the millisecond.
    package var duration: Double?
    /// The speed-up used to fit the budget (1 when none), never rounded to 1.
    package var speed: Double?
    /// The file's container: `caf`, `wav` or `aiff`.
    package var format: String?
    /// The file's sample encoding: `pcm16`, `ulaw`, `alaw` or `ima4`.
    package var encoding: String?
    /// The file's sample rate, in hertz.
    package var sampleRate: Int?
    /// The file's size.
    package var bytes: Int?
    /// The push's `aps` object for this sound.
    package var aps: PushPayload?
    /// The message, for the push's ``PushMessage/key``: what a phone with a
    /// device voice pack renders itself.
    package var message: PushMessage?
    /// The sound file's URL (`--sound-url-base`), for the push's ``PushPayload/urlKey``.
    package var soundURL: String?
    /// The payment's id for the push's ``PushPayload/idKey``.
    package var announceID: String?
    /// When the payment was taken, seconds since 1970, for the push's ``PushPayload/atKey``.
    package var announceAt: Int?
    // batch
    /// The input line number, from 1.
    package var line: Int?
    /// The item's `id`, echoed as given.
    package var id: JSONLineParser.Value?
    /// Whether the file was already there with exactly these bytes.
    package var cached: Bool?
    /// Why the amount or item failed.
    package var error: String?
    /// What is wrong with a failed batch item, for a machine (``BatchErrorCode``).
    package var code: BatchErrorCode?
    /// A failed batch item's line exactly as given.
    package var input: String?

    /// The plan's fields (`explain`), each word romanised in `language`
    /// (empty for a word the language's table lacks).
    package init(input: String, plan: Announcer.Plan, language: Language) {
        self.init(input: input, message: plan.message)
        clips = plan.clips
        romanisation = plan.message.words.map { language.syllables(of: $0)?.joined(separator: " ") ?? "" }
    }

    /// The message's fields: its text, words, template, count and amount.
    package init(input: String, message: Message) {
        amount = input
        text = message.text
        words = message.words
        describe(message)
    }

    /// The template and count fields of `message`.
    private mutating func describe(_ message: Message) {
        if message.template != .payment { template = message.template.description }
        count = message.count?.value
        yuan = message.amount?.description
    }

    /// The plan's and the file's fields (`render`, `render --pack`); the
    /// push's are ``AnnouncementJob``'s to set. An announcement from a
    /// device voice pack shows no clips, and its speed is that of the pack's
    /// tier it was joined from.
    package init(input: String, announcement: Announcement, sound: WrittenSound) {
        amount = input
        text = announcement.text
        words = announcement.words
        clips = announcement.clips
        describe(announcement.message)
        describe(
            sound, duration: announcement.duration, speed: announcement.speed, format: announcement.format,
            sampleRate: announcement.sampleRate)
    }

    /// The written file's fields.
    private mutating func describe(_ sound: WrittenSound, duration: Double, speed: Double, format: OutputFormat, sampleRate: Int) {
        file = sound.path
        self.sound = sound.name
        self.duration = Self.milliseconds(duration)
        self.speed = Self.rounded(speed: speed)
        self.format = format.container.rawValue
        encoding = format.encoding.rawValue
        self.sampleRate = sampleRate
        bytes = sound.bytes
    }

    /// The whole push payload for this sound (``PushPayload/payload(url:id:at:message:held:)``),
    /// without the URL when `held` (nothing is downloaded); nil without a sound.
    package func pushPayload(held: Bool) -> String? {
        aps?.payload(url: held ? nil : soundURL, id: announceID, at: announceAt, message: message, held: held)
    }

    /// A rejected amount or failed item.
    package init(input: String, error: String) {
        amount = input
        self.error = error
    }

    /// A failed batch item: its line as given (`input`), what is wrong
    /// (`code`, `error`), and the amount (or a burst's amounts) only if it
    /// was read.
    package init(item input: String?, code: BatchErrorCode, error: String, amount: String?, amounts: [String]?) {
        self.input = input
        self.code = code
        self.error = error
        self.amount = amount
        self.amounts = amounts
    }

    /// Seconds to the millisecond, as every duration in the reports.
    static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }

    /// A speed-up to the thousandth, rounded up so that any speed-up at all
    /// never reads as 1.
    package static func rounded(speed factor: Double) -> Double {
        factor <= 1 ? 1 : (factor * 1000).rounded(.up) / 1000
    }

    /// The report as one JSON line, keys in sorted order, absent fields left
    /// out, so the output is stable byte for byte.
    package var jsonLine: String {
        var object = JSONObject()
        if let amount { object.add("amount", amount) }
        if let amounts { object.add("amounts", amounts) }
        if let announceAt { object.add(PushPayload.atKey, announceAt) }
        if let announceID { object.add(PushPayload.idKey, announceID) }
        if let message { object.add(PushMessage.key, message.object) }
        if let soundURL { object.add(PushPayload.urlKey, soundURL) }
        if let aps { object.add("aps", aps.object) }
        if let bytes { object.add("bytes", bytes) }
        if let cached { object.add("cached", cached) }
        if let clips { object.add("clips", rawValues: clips.map(\.json)) }
        if let code { object.add("code", code.rawValue) }
        if let count { object.add("count", count) }
        if let duration { object.add("duration", duration) }
        if let encoding { object.add("encoding", encoding) }
        if let error { object.add("error", error) }
        if let file { object.add("file", file) }
        if let format { object.add("format", format) }
        if let aps { object.add("heldAps", aps.heldObject) }
        if let id { object.add("id", id) }
        if let input { object.add("input", input) }
        if let line { object.add("line", line) }
        if let romanisation { object.add("romanisation", romanisation) }
        if let sampleRate { object.add("sampleRate", sampleRate) }
        if let sound { object.add("sound", sound) }
        if let speed { object.add("speed", speed) }
        if let template { object.add("template", template) }
        if let text { object.add("text", text) }
        if let words { object.add("words", words) }
        if let yuan { object.add("yuan", yuan) }
        return object.line
    }
}
