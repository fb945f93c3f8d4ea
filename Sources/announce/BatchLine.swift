import AnnounceAudio
import AnnounceCore

/// One result line of `announce batch`: the render --json fields plus `line`,
/// `id` and `cached`, or `error`. Absent fields are left out.
struct BatchLine {
    var amount: String
    var bytes: Int?
    var cached: Bool?
    var clips: [PlannedClip]?
    var duration: Double?
    var encoding: String?
    var error: String?
    var file: String?
    var format: String?
    var id: JSONValue?
    var line: Int
    var sampleRate: Int?
    var sound: String?
    var speed: Double?
    var text: String?
    var words: [String]?

    init(line: Int, amount: String, id: JSONValue?, error: String) {
        self.line = line
        self.amount = amount
        self.id = id
        self.error = error
    }

    /// `--dry-run`: the explain fields.
    init(explain item: BatchItem, phrase: Phrase, clips: [PlannedClip]) {
        self.init(line: item.line, amount: item.amountText, id: item.id, phrase: phrase, clips: clips)
    }

    /// A sound rendered now.
    init(item: BatchItem, announcement: Announcement, clips: [PlannedClip], sound: WrittenSound) {
        self.init(line: item.line, amount: item.amountText, id: item.id, phrase: announcement.phrase, clips: clips)
        bytes = sound.bytes
        cached = false
        duration = JSONLine.milliseconds(announcement.duration)
        encoding = announcement.format.encoding.rawValue
        file = sound.path
        format = announcement.format.container.rawValue
        sampleRate = announcement.sampleRate
        self.sound = sound.name
        speed = JSONLine.milliseconds(announcement.speed)
    }

    /// A sound that was already on disk: its figures come from the file.
    init(cached item: BatchItem, phrase: Phrase, clips: [PlannedClip], format: OutputFormat, info: SoundFileInfo,
         path: String, name: String, bytes: Int) {
        self.init(line: item.line, amount: item.amountText, id: item.id, phrase: phrase, clips: clips)
        self.bytes = bytes
        cached = true
        duration = JSONLine.milliseconds(info.duration)
        encoding = format.encoding.rawValue
        file = path
        self.format = format.container.rawValue
        sampleRate = info.sampleRate
        sound = name
    }

    private init(line: Int, amount: String, id: JSONValue?, phrase: Phrase, clips: [PlannedClip]) {
        self.line = line
        self.amount = amount
        self.id = id
        self.clips = clips
        text = phrase.text
        words = phrase.words
    }
}
