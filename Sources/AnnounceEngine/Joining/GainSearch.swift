/// The gains a limited render tries in turn to bring its loudness to the
/// target.
///
/// Limiting takes loudness off the loudest stretches, so the first gain
/// (the one the target asks for) usually lands a little low, and the next,
/// raised by the shortfall, close. Loudness is not always monotonic in the
/// gain, though: BS.1770's relative gate drops the blocks more than 10 LU
/// below the mean, and limiting can push a quiet block under it (louder
/// result) or pull it back. So the search keeps the gains known to land
/// below and above the target and, when the shortfall points outside them,
/// halves the interval instead.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package struct GainSearch {
    /// The loudness to reach, LUFS.
    let target: Double
    /// The grid gains are set on, dB; 0 for none.
    let step: Double
    /// Close enough to stop, LU.
    let tolerance: Double
    /// The highest gain to try, dB.
    let maximum: Double
    /// The highest gain tried that landed below the target.
    private(set) var below: Double?
    /// The lowest gain tried that landed above the target.
    private(set) var above: Double?

    /// A search for `target` on a grid of `step` dB (0 for none), done
    /// within `tolerance` LU, trying no gain above `maximum` dB.
    package init(target: Double, step: Double, tolerance: Double, maximum: Double) {
        self.target = target
        self.step = step
        self.tolerance = tolerance
        self.maximum = maximum
    }

    /// `decibels` on the grid, at most ``maximum`` (rounded down to the grid).
    package func onGrid(_ decibels: Double) -> Double {
        guard step > 0 else { return min(decibels, maximum) }
        return min((decibels / step).rounded(), (maximum / step).rounded(.down)) * step
    }

    /// The gain to try after `gain` gave `loudness`; `nil` when that is
    /// within the tolerance, or no untried gain on the grid (and at most
    /// ``maximum``) lies between the nearest ones below and above the target.
    package mutating func next(after gain: Double, gave loudness: Double) -> Double? {
        guard loudness.isFinite, abs(loudness - target) > tolerance else { return nil }
        if loudness < target {
            below = max(below ?? gain, gain)
        } else {
            above = min(above ?? gain, gain)
        }
        var proposal = onGrid(gain + target - loudness)
        if let below, proposal <= below { proposal = above.map { onGrid((below + $0) / 2) } ?? onGrid(below + max(step, 0.1)) }
        if let above, proposal >= above { proposal = below.map { onGrid(($0 + above) / 2) } ?? onGrid(above - max(step, 0.1)) }
        if let below, proposal <= below { return nil }
        if let above, proposal >= above { return nil }
        return proposal
    }
}
