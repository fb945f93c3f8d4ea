/// One clip file of a planned announcement, in speaking order.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package struct ClipSegment: Hashable, Sendable {
    /// The clip's audio file: any format libsndfile reads.
    package var path: String
    /// Whether the clip says lead words (支付宝到账, 退款). A pause of
    /// ``RenderSettings/prefixPause`` separates the lead from the rest.
    package var isPrefix: Bool
    /// Whether the same pause follows this clip (a comma in a template).
    package var pauseAfter: Bool

    /// A segment for the clip file at `path`; `isPrefix` if it says lead words,
    /// `pauseAfter` if the prefix pause follows it.
    package init(path: String, isPrefix: Bool = false, pauseAfter: Bool = false) {
        self.path = path
        self.isPrefix = isPrefix
        self.pauseAfter = pauseAfter
    }
}
