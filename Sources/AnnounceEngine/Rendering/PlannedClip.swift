import AnnounceCommon

/// One clip of an announcement's plan as reports show it: the words it
/// says, its file in the voice folder, and its length as recorded.
public struct PlannedClip: Equatable, Sendable {
    /// The words the clip says, run together: `一百`.
    public let words: String
    /// The clip file, relative to the voice folder.
    public let file: String
    /// The clip's length as recorded (before trimming), in seconds to the millisecond.
    public let duration: Double
    /// Whether the clip says only prefix words.
    public let isPrefix: Bool
    /// `{"duration":…,"file":…,"words":…}`, made once per clip.
    package let json: String

    /// A clip of `words` in `file`, `duration` seconds long (rounded here to
    /// the millisecond).
    package init(words: String, file: String, duration: Double, isPrefix: Bool = false) {
        self.words = words
        self.file = file
        self.duration = (duration * 1000).rounded() / 1000
        self.isPrefix = isPrefix
        var object = JSONObject()
        object.add("duration", self.duration)
        object.add("file", file)
        object.add("words", words)
        json = String(object.line.dropLast())
    }

    /// Whether two clips have the same words, file, length and prefix flag.
    public static func == (lhs: PlannedClip, rhs: PlannedClip) -> Bool {
        lhs.words == rhs.words && lhs.file == rhs.file && lhs.duration == rhs.duration && lhs.isPrefix == rhs.isPrefix
    }
}
