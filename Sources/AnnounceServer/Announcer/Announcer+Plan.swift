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
        public let clips: [PlannedClip]
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
