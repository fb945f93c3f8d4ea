/// The energy of a clip in short overlapping windows, one value per block of
/// about a millisecond: what trimming and levelling look at.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

package struct Envelope {
    /// Frames per block (the step between windows).
    let blockFrames: Int
    /// The mean square of the window centred on each block.
    let meanSquares: [Double]
    /// The largest window mean square.
    let maximum: Double

    /// Measures `samples` in windows of `windowBlocks` blocks (odd, centred)
    /// of `blockFrames` frames each.
    init(_ samples: UnsafeBufferPointer<Float>, blockFrames: Int, windowBlocks: Int) {
        let blockFrames = max(1, blockFrames)
        let count = samples.count
        let blocks = (count + blockFrames - 1) / blockFrames
        let half = max(0, windowBlocks / 2)
        // Running sums of the squares at block boundaries, so every window is
        // one subtraction. Double keeps the subtraction exact enough.
        let sums = [Double](unsafeUninitializedCapacity: blocks + 1) { sums, initialized in
            var total = 0.0
            sums[0] = 0
            for block in 0..<blocks {
                let end = min(count, (block + 1) * blockFrames)
                for index in (block * blockFrames)..<end {
                    let sample = Double(samples[index])
                    total += sample * sample
                }
                sums[block + 1] = total
            }
            initialized = blocks + 1
        }
        var maximum = 0.0
        let meanSquares = [Double](unsafeUninitializedCapacity: blocks) { values, initialized in
            sums.withUnsafeBufferPointer { sums in
                for block in 0..<blocks {
                    let first = max(0, block - half)
                    let last = min(blocks, block + half + 1)
                    let frames = min(count, last * blockFrames) - first * blockFrames
                    let value = frames > 0 ? (sums[last] - sums[first]) / Double(frames) : 0
                    values[block] = value
                    maximum = max(maximum, value)
                }
            }
            initialized = blocks
        }
        self.blockFrames = blockFrames
        self.meanSquares = meanSquares
        self.maximum = maximum
    }

    /// The blocks whose window reaches `threshold` (a mean square), as the
    /// range from the first to the last of them; nil when none does.
    func blocks(reaching threshold: Double) -> ClosedRange<Int>? {
        guard let first = meanSquares.firstIndex(where: { $0 >= threshold }),
            let last = meanSquares.lastIndex(where: { $0 >= threshold })
        else { return nil }
        return first...last
    }

    /// The mean of the window mean squares that reach `threshold`: the
    /// energy of the active part, ignoring pauses and fades.
    func activeMeanSquare(reaching threshold: Double) -> Double {
        var total = 0.0
        var count = 0
        for value in meanSquares where value >= threshold {
            total += value
            count += 1
        }
        return count > 0 ? total / Double(count) : 0
    }
}
