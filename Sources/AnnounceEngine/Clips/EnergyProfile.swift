/// How the K-weighted energy of a clip (BS.1770's loudness filter, applied
/// by libebur128) accumulates over time: enough to tell how much of it falls
/// into any stretch of an announcement the clip is placed in, without
/// measuring the announcement itself.
///
/// Energies are sums of squares of the K-weighted signal, at the gain the
/// clip was measured with; a gain `g` scales them by `g²`. The profile
/// starts at the clip's first frame and runs past its end by the ringing of
/// the filter into the silence after it.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package struct EnergyProfile: Equatable, Sendable {
    /// Frames per step of ``cumulative``.
    package let stepFrames: Int
    /// The energy before each step boundary: `cumulative[0]` is 0,
    /// `cumulative[k]` the energy of the first `k × stepFrames` frames.
    package let cumulative: [Double]

    package init(stepFrames: Int, cumulative: [Double]) {
        self.stepFrames = max(1, stepFrames)
        self.cumulative = cumulative.isEmpty ? [0] : cumulative
    }

    /// The frames the profile covers.
    package var frames: Int { (cumulative.count - 1) * stepFrames }

    /// The energy of the whole profile.
    package var total: Double { cumulative[cumulative.count - 1] }

    /// The energy of the frames before `frame` (counted from the clip's
    /// start), spread evenly within a step.
    package func energy(before frame: Int) -> Double {
        guard frame > 0 else { return 0 }
        guard frame < frames else { return total }
        let step = frame / stepFrames
        let within = Double(frame - step * stepFrames) / Double(stepFrames)
        return cumulative.withUnsafeBufferPointer { cumulative in
            cumulative[step] + (cumulative[step + 1] - cumulative[step]) * within
        }
    }
}
