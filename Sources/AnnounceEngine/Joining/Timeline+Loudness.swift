import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

extension Timeline {
    /// The integrated loudness libebur128 would measure on ``join(scale:)``
    /// at scale 1, in LUFS, worked out from the clips' energy profiles
    /// instead of a pass over the samples; `-infinity` when shorter than one
    /// 400 ms block.
    ///
    /// BS.1770 as libebur128 runs it: blocks of 400 ms every 100 ms (the
    /// last partial 100 ms belongs to no block), blocks below -70 LUFS
    /// dropped, then blocks more than 10 LU below the mean of the rest. A
    /// block's energy is the sum of the clips' K-weighted energy inside it.
    /// That sum is exact for the loudness filter (it is linear, and silence
    /// adds nothing) but for where one clip's ringing overlaps the next
    /// clip, and for energy within a 10 ms profile step, taken as even: a
    /// few hundredths of a LU.
    package func estimatedLoudness(sampleRate: Int) -> Double {
        // libebur128's frames in 100 ms, and in a block.
        let hop = (sampleRate + 5) / 10
        let blockFrames = 4 * hop
        let frames = frameCount
        guard hop > 0, frames >= blockFrames else { return -.infinity }
        // Block k spans boundaries k to k + 4, boundary m being frame m × hop.
        let last = frames / hop
        var before = [Double](repeating: 0, count: last + 1)
        var completed = [Double](repeating: 0, count: last + 2)
        for (clip, offset) in zip(clips, offsets) {
            let profile = clip.measurement.energy
            let end = offset + profile.frames
            var boundary = (offset + hop - 1) / hop
            while boundary <= last && boundary * hop < end {
                before[boundary] += profile.energy(before: boundary * hop - offset)
                boundary += 1
            }
            // Every later boundary has the whole clip before it.
            completed[min(boundary, last + 1)] += profile.total
        }
        var running = 0.0
        for boundary in 0...last {
            running += completed[boundary]
            before[boundary] += running
        }
        let blocks = last - 3
        func energy(ofBlock block: Int) -> Double {
            max(0, before[block + 4] - before[block]) / Double(blockFrames)
        }

        let absoluteGate = Decibels.energy(loudness: -70)
        var sum = 0.0
        var count = 0
        for block in 0..<blocks where energy(ofBlock: block) >= absoluteGate {
            sum += energy(ofBlock: block)
            count += 1
        }
        guard count > 0 else { return -.infinity }
        let relativeGate = sum / Double(count) * 0.1
        sum = 0
        count = 0
        for block in 0..<blocks {
            let energy = energy(ofBlock: block)
            if energy >= absoluteGate && energy >= relativeGate {
                sum += energy
                count += 1
            }
        }
        guard count > 0 else { return -.infinity }
        return Decibels.loudness(energy: sum / Double(count))
    }
}
