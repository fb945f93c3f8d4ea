/// The clips that say a phrase, in order.
public struct ClipPlan: Hashable, Sendable {
    /// One clip of the plan: the word or run of words it says, and its file.
    public struct Clip: Hashable, Sendable {
        /// The words this clip says: one word, or a run such as `一 百`.
        public let words: [String]
        /// The clip file, relative to the voice folder, as in the manifest.
        public let file: String
        /// Whether the clip says only prefix words (a pause follows the prefix).
        public let isPrefix: Bool

        public init(words: [String], file: String, isPrefix: Bool) {
            self.words = words
            self.file = file
            self.isPrefix = isPrefix
        }

        /// The words run together: `一百`.
        public var text: String { words.joined() }
    }

    public let clips: [Clip]

    public init(clips: [Clip]) {
        self.clips = clips
    }
}
