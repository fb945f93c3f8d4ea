import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension Announcer {
    /// What an announcement will be, before any audio is made: the message,
    /// the clips that say it, and the file name it gets.
    public struct Plan: Sendable {
        /// What is said: the template filled with the amount, count and prefix.
        public let message: Message
        /// The clips that say the message, in order, as the planner chose them.
        package let clipPlan: ClipPlan
        /// Each clip with its words, file and length as recorded, in order.
        public let clips: [Clip]
        /// The content-derived file name: the same words, clips, pauses,
        /// voice and settings always give the same name, anything else a
        /// different one.
        public let soundName: String

        /// The whole phrase as text: `支付宝到账一百二十三点四五元`.
        public var text: String { message.text }
        /// The words, each said by one clip or part of one.
        public var words: [String] { message.words }
    }
}

extension Announcer.Plan {
    /// One clip of an announcement's plan as reports show it: the words it
    /// says, its file in the voice folder, and its length as recorded.
    public struct Clip: Equatable, Sendable {
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
        public static func == (lhs: Clip, rhs: Clip) -> Bool {
            lhs.words == rhs.words && lhs.file == rhs.file && lhs.duration == rhs.duration && lhs.isPrefix == rhs.isPrefix
        }
    }
}

/// The name the engine's files use for a plan's clip.
package typealias PlannedClip = Announcer.Plan.Clip
