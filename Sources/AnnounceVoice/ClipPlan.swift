/// The clips that say a phrase, in order.
import AnnounceCommon
import AnnounceLanguage

package struct ClipPlan: Hashable, Sendable {
    /// One clip of the plan: the word or run of words it says, and its file.
    package struct Clip: Hashable, Sendable {
        /// The words this clip says: one word, or a run such as `一 百`.
        package let words: [String]
        /// The clip file: relative to the voice folder, as in the manifest,
        /// in a plan; where the clip source reads it, once mapped to one
        /// (``located(at:)``).
        package let file: String
        /// Whether the clip says only prefix words (a pause follows the prefix).
        package let isPrefix: Bool
        /// Whether the longer pause (the prefix pause) follows this clip in
        /// a message: after its lead and at a comma (docs/MESSAGES.md M2).
        package let pauseAfter: Bool

        /// A clip saying `words` from `file` (relative to the voice folder);
        /// `isPrefix` if it says only prefix words, `pauseAfter` if the prefix
        /// pause follows it.
        package init(words: [String], file: String, isPrefix: Bool = false, pauseAfter: Bool = false) {
            self.words = words
            self.file = file
            self.isPrefix = isPrefix
            self.pauseAfter = pauseAfter
        }

        /// The same clip read from `file`: where a clip source keeps it.
        package func located(at file: String) -> Clip {
            Clip(words: words, file: file, isPrefix: isPrefix, pauseAfter: pauseAfter)
        }

        /// The words run together: `一百`.
        package var text: String { words.joined() }
    }

    /// The clips, in the order they are said.
    package let clips: [Clip]

    /// A plan of `clips`, in the order they are said.
    package init(clips: [Clip]) {
        self.clips = clips
    }
}
