import AnnounceServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the items of a recording session: stretches of sound that stand out
/// from the recording's own noise floor, separated by pauses.
///
/// The level is measured in 10 ms frames. The noise floor is a low
/// percentile of the frames around each point (a few seconds either way), so
/// a slow drift of the level or of the noise moves it along. A stretch
/// starts where the level rises ``openMargin`` dB above the floor and is
/// widened outwards while it stays ``closeMargin`` dB above it, so soft
/// onsets (the s of 三) stay in. Stretches closer than ``bridge`` are one
/// item (stop consonants and the gaps between syllables are shorter); the
/// documented pause between items, ``VoiceScript/minimumPause``, is longer.
/// Runs shorter than ``click`` standing alone are clicks and are dropped.
/// Stretches with less than ``minimumSound`` of sound or whose
/// loudest frame is more than ``relativeGate`` dB below the typical item's
/// (breaths) are dropped.
struct SegmentFinder {
    /// Frame length and step, in seconds.
    var frame = 0.010
    /// dB above the floor where an item starts.
    var openMargin = 12.0
    /// dB above the floor an item's edges may extend to.
    var closeMargin = 6.0
    /// How far an edge may extend, in seconds.
    var maximumExtension = 0.15
    /// Gaps shorter than this (seconds) are inside an item.
    var bridge = 0.25
    /// A run of sound shorter than this (seconds) with no other sound within
    /// ``clickGap`` is a click.
    var click = 0.03
    var clickGap = 0.05
    /// Stretches with less sound than this (seconds) are clicks.
    var minimumSound = 0.06
    /// Stretches whose loudest frame is this many dB below the median item's are breaths or noise.
    var relativeGate = 20.0
    /// The percentile of frame levels taken as the noise floor.
    var floorPercentile = 0.1
    /// Half the span the floor is measured over, in seconds.
    var floorSpan = 2.5
    /// The lowest floor assumed (digital silence), in dBFS.
    var lowestFloor = -100.0

    /// One item found: its frames and the noise floor around it.
    struct Segment: Equatable {
        var range: Range<Int>
        /// The noise floor around it, in dBFS (RMS of a quiet frame).
        var floor: Double
    }

    /// The items of `audio`, in order.
    func segments(of audio: AudioBuffer) -> [Segment] {
        let frameLength = max(1, Int((frame * Double(audio.sampleRate)).rounded()))
        let levels = frameLevels(audio.samples, frameLength: frameLength)
        guard !levels.isEmpty else { return [] }
        let floors = localFloors(levels)
        let frames = levels.count

        // Frames that open an item, in runs.
        var raw: [Range<Int>] = []
        var index = 0
        while index < frames {
            guard levels[index] >= floors[index] + openMargin else {
                index += 1
                continue
            }
            var end = index + 1
            while end < frames && levels[end] >= floors[end] + openMargin { end += 1 }
            raw.append(index..<end)
            index = end
        }
        // A click is a short run standing alone; it must not join a word
        // it happens to be near.
        let clickFrames = Int((click / frame).rounded())
        let aloneFrames = Int((clickGap / frame).rounded())
        raw = raw.indices.filter { position in
            let run = raw[position]
            guard run.count < clickFrames else { return true }
            let before = position > 0 ? run.lowerBound - raw[position - 1].upperBound : Int.max
            let after = position + 1 < raw.count ? raw[position + 1].lowerBound - run.upperBound : Int.max
            return before < aloneFrames || after < aloneFrames
        }.map { raw[$0] }
        // Runs with short gaps between them are one item.
        var runs: [Range<Int>] = []
        let bridgeFrames = Int((bridge / frame).rounded())
        for run in raw {
            if let last = runs.last, run.lowerBound - last.upperBound < bridgeFrames {
                runs[runs.count - 1] = last.lowerBound..<run.upperBound
            } else {
                runs.append(run)
            }
        }
        // Widen each run while it stays above the lower margin.
        let extensionFrames = Int((maximumExtension / frame).rounded())
        var widened: [Range<Int>] = []
        for (position, run) in runs.enumerated() {
            let lowest = max(widened.last?.upperBound ?? 0, run.lowerBound - extensionFrames)
            let highest = min(position + 1 < runs.count ? runs[position + 1].lowerBound : frames, run.upperBound + extensionFrames)
            var start = run.lowerBound
            while start > lowest && levels[start - 1] >= floors[start - 1] + closeMargin { start -= 1 }
            var end = run.upperBound
            while end < highest && levels[end] >= floors[end] + closeMargin { end += 1 }
            widened.append(start..<end)
        }
        // Drop clicks and breaths.
        let soundFrames = Int((minimumSound / frame).rounded())
        let loudest = widened.map { run in run.map { levels[$0] }.max() ?? -.infinity }
        let typical = median(loudest.filter { $0.isFinite })
        var segments: [Segment] = []
        for (run, peak) in zip(widened, loudest) {
            let sounding = run.filter { levels[$0] >= floors[$0] + openMargin }.count
            guard sounding >= soundFrames, peak >= typical - relativeGate else { continue }
            let floor = floors[run.lowerBound + run.count / 2]
            segments.append(Segment(
                range: (run.lowerBound * frameLength)..<min(audio.samples.count, run.upperBound * frameLength),
                floor: floor))
        }
        return segments
    }

    /// The level of each frame in dBFS (RMS).
    private func frameLevels(_ samples: [Float], frameLength: Int) -> [Double] {
        let frames = samples.count / frameLength
        return samples.withUnsafeBufferPointer { samples in
            (0..<frames).map { frame in
                var sum = 0.0
                for index in (frame * frameLength)..<((frame + 1) * frameLength) {
                    sum += Double(samples[index]) * Double(samples[index])
                }
                return sum > 0 ? 10 * log10(sum / Double(frameLength)) : lowestFloor
            }
        }
    }

    /// The noise floor at each frame: a low percentile of the levels within
    /// ``floorSpan`` either way, measured once a second.
    private func localFloors(_ levels: [Double]) -> [Double] {
        let step = max(1, Int((1 / frame).rounded()))
        let span = Int((floorSpan / frame).rounded())
        var floors = [Double](repeating: lowestFloor, count: levels.count)
        var start = 0
        while start < levels.count {
            let window = levels[max(0, start - span)..<min(levels.count, start + step + span)].sorted()
            let value = max(lowestFloor, window[Int(Double(window.count - 1) * floorPercentile)])
            for index in start..<min(levels.count, start + step) { floors[index] = value }
            start += step
        }
        return floors
    }

    private func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }
}
