/// Whether the edges of labelled stretches fall in pauses: the check that a
/// label track, the speaker's own segmentation, does not cut a word.
///
/// Energy segmentation (``SegmentFinder``) has to guess where words end, so
/// it bridges short gaps and merges a fluent take into one sound; a label
/// already says where each item is. So an edge is judged where it is, in
/// ``window`` windows (finer than the finder's 10 ms frames), against the
/// noise floor of what the labels leave out (the lead-in, the spans between
/// labels), near the edge:
///
/// - the window just outside the edge must be quiet (less than ``margin`` dB
///   above the floor): a louder one is speech, and the edge cuts a word;
/// - what the labels leave out between two quiet edges must hold no speech
///   within ``reach`` of either: a stop closure inside a word (the k of 款,
///   the d of 到) is as quiet as a pause, but the rest of its word follows
///   it, left out of every label; the nearer edge is named. Speech further
///   from both (a cough in a long pause) is left out, as the labels say;
/// - the stretch must hold something louder than the floor: a label over
///   silence is named as silence.
///
/// A sound shorter than ``click`` (a click) does not count as speech.
/// Inside a stretch the item is found as the finder finds one
/// (``sound(in:levels:floor:sampleRate:)``), so a label may be generous.
import AnnounceServer

struct LabelEdges {
    /// The window the level is measured in, in seconds.
    var window = 0.005
    /// dB above the floor where the signal counts as speech: the finder's
    /// opening margin.
    var margin = SegmentFinder().openMargin
    /// How near an edge speech left out of the labels is the rest of the
    /// edge's word, in seconds: a stop closure lasts up to about 80 ms.
    var reach = 0.1
    /// Sounds shorter than this (seconds) are clicks, not speech.
    var click = 0.015
    /// Half the span the floor is measured over, in seconds, as the finder's.
    var floorSpan = SegmentFinder().floorSpan
    /// The share of the windows left out taken as the floor, as the
    /// finder's: a low one, so a word left out by a wrong label does not
    /// raise it.
    var floorPercentile = SegmentFinder().floorPercentile
    /// The fewest windows left out near a label the floor is measured from
    /// (else from all the windows left out, if there are a few, else from
    /// all windows).
    var fewestWindows = 40

    /// One labelled stretch of a recording, in samples, and where it came from.
    struct Span {
        var range: Range<Int>
        var line: Int
        var start: Double
        var end: Double
    }

    /// Why a span cannot be an item: one line each, the caller names the track.
    enum Problem: Equatable {
        /// The sound at `at` (seconds) just outside the span is speech, `above` dB over the floor.
        case speechAtEdge(at: Double, above: Double)
        /// The quiet at the edge `at` is a gap inside a word: speech goes on at `speech`, outside the span.
        case gapInWord(at: Double, speech: Double)
        /// Nothing in the span is louder than the floor by the margin.
        case silence

        /// Where it is, in seconds (a silent span has no one place: 0).
        var time: Double {
            switch self {
            case .speechAtEdge(let at, _), .gapInWord(let at, _): at
            case .silence: 0
            }
        }
    }

    /// The spans of `samples` (`sampleRate` Hz) as segments, each with the
    /// floor near it, and the problems of the spans that have some, in order
    /// (the segments are items only when there are none).
    func segments(
        of spans: [Span], in samples: [Float], sampleRate: Int
    ) -> (segments: [SegmentFinder.Segment], problems: [(Span, Problem)]) {
        let length = max(1, Int((window * Double(sampleRate)).rounded()))
        let levels = Levels(samples: samples, length: length)
        let outside = leftOut(spans, windows: levels.count, length: length)
        let clickWindows = max(1, Int((click / window).rounded()))
        let reachSamples = Int((reach * Double(sampleRate)).rounded())
        func seconds(_ sample: Int) -> Double { Double(sample) / Double(sampleRate) }
        let everywhere = Floor(levels: levels, outside: outside, fewest: fewestWindows, percentile: floorPercentile)
        let floors = spans.map { everywhere.near(($0.range.lowerBound + $0.range.upperBound) / 2 / length, span: Int((floorSpan / window).rounded())) }
        var found = [[Problem]](repeating: [], count: spans.count)
        // Each edge: the window just outside it must be quiet.
        var speechAt = Set<Int>()
        for (index, span) in spans.enumerated() {
            let before = index > 0 ? spans[index - 1].range.upperBound : 0
            let after = index + 1 < spans.count ? spans[index + 1].range.lowerBound : samples.count
            for (edge, outer) in [
                (span.range.lowerBound, max(before, span.range.lowerBound - length)..<span.range.lowerBound),
                (span.range.upperBound, span.range.upperBound..<min(after, span.range.upperBound + length)),
            ] where !outer.isEmpty {
                let level = levels.level(outer)
                guard level >= floors[index] + margin else { continue }
                found[index].append(.speechAtEdge(at: seconds(edge), above: level - floors[index]))
                speechAt.insert(edge)
            }
        }
        // Each stretch the labels leave out: speech in it within ``reach`` of
        // its quiet edges is the rest of a word one of them cut in a stop
        // closure. The nearer edge is named; speech further from both (a
        // cough in a long pause) is left out, as the labels say.
        for gap in 0...spans.count {
            let lower = gap > 0 ? spans[gap - 1].range.upperBound : 0
            let upper = gap < spans.count ? spans[gap].range.lowerBound : samples.count
            // An edge in speech explains what the gap holds: it is named already.
            guard upper > lower, !speechAt.contains(lower), !speechAt.contains(upper) else { continue }
            var nearest: (span: Int, edge: Int, speech: Int, distance: Int)?
            if gap > 0,
                let speech = levels.firstSound(
                    from: lower, toward: min(upper, lower + reachSamples), above: floors[gap - 1] + margin, lasting: clickWindows)
            {
                nearest = (gap - 1, lower, speech, speech - lower)
            }
            if gap < spans.count,
                let speech = levels.firstSound(
                    from: upper, toward: max(lower, upper - reachSamples), above: floors[gap] + margin, lasting: clickWindows),
                upper - speech < nearest?.distance ?? Int.max
            {
                nearest = (gap, upper, speech, upper - speech)
            }
            if let nearest { found[nearest.span].append(.gapInWord(at: seconds(nearest.edge), speech: seconds(nearest.speech))) }
        }
        var segments: [SegmentFinder.Segment] = []
        var problems: [(Span, Problem)] = []
        for (index, span) in spans.enumerated() {
            let sound = self.sound(in: span.range, levels: levels, floor: floors[index], sampleRate: sampleRate)
            if found[index].isEmpty && sound == nil { found[index].append(.silence) }
            problems += found[index].sorted { $0.time < $1.time }.map { (span, $0) }
            segments.append(SegmentFinder.Segment(range: sound ?? span.range, floor: floors[index]))
        }
        return (segments, problems)
    }

    /// The sound inside `range`, as the finder finds an item: from where the
    /// level first rises ``margin`` dB above the floor to where it last is
    /// (a click, a short sound standing alone, and a breath, a sound far
    /// quieter than the loudest, aside, as the finder drops them), widened while it
    /// stays the finder's closing margin above it (up to its longest
    /// extension), within `range`; nil when nothing is that loud.
    /// The level is a ``window`` centred on each millisecond of the
    /// recording, so a label's own position does not move what is found.
    private func sound(in range: Range<Int>, levels: Levels, floor: Double, sampleRate: Int) -> Range<Int>? {
        let finder = SegmentFinder()
        let step = max(1, sampleRate / 1000)
        let half = levels.length / 2
        func level(_ point: Int) -> Double { levels.level(max(0, point - half)..<min(levels.samples.count, point + half)) }
        let first = (range.lowerBound + step - 1) / step
        let last = (range.upperBound - 1) / step
        guard first <= last else { return nil }
        // Runs of loud milliseconds, joined into sounds across gaps shorter
        // than ``reach`` (inside a word), each with its loudest level.
        let joined = Int((reach * 1000).rounded())
        var runs: [ClosedRange<Int>] = []
        var peaks: [Double] = []
        for point in first...last {
            let value = level(point * step)
            guard value >= floor + margin else { continue }
            if let previous = runs.last, point - previous.upperBound <= joined {
                runs[runs.count - 1] = previous.lowerBound...point
                peaks[peaks.count - 1] = max(peaks[peaks.count - 1], value)
            } else {
                runs.append(point...point)
                peaks.append(value)
            }
        }
        // A short sound standing alone is a click, one far quieter than the
        // loudest a breath: the finder drops both.
        let shortest = Int((finder.click * 1000).rounded())
        let alone = Int((finder.clickGap * 1000).rounded())
        let loudest = peaks.max() ?? floor
        let sounds = runs.indices.filter { index in
            guard peaks[index] >= loudest - finder.relativeGate else { return false }
            guard runs[index].count < shortest else { return true }
            let before = index > 0 ? runs[index].lowerBound - runs[index - 1].upperBound : Int.max
            let after = index + 1 < runs.count ? runs[index + 1].lowerBound - runs[index].upperBound : Int.max
            return before < alone || after < alone
        }
        guard let firstSound = sounds.first, let lastSound = sounds.last else { return nil }
        let onset = runs[firstSound].lowerBound
        let offset = runs[lastSound].upperBound
        let widest = Int((finder.maximumExtension * 1000).rounded())
        var start = onset
        while start > max(first, onset - widest) && level((start - 1) * step) >= floor + finder.closeMargin { start -= 1 }
        var end = offset
        while end < min(last, offset + widest) && level((end + 1) * step) >= floor + finder.closeMargin { end += 1 }
        return max(range.lowerBound, start * step)..<min(range.upperBound, (end + 1) * step)
    }

    /// Per window, whether no span touches it.
    private func leftOut(_ spans: [Span], windows: Int, length: Int) -> [Bool] {
        var outside = [Bool](repeating: true, count: windows)
        for span in spans where !span.range.isEmpty {
            let first = span.range.lowerBound / length
            let last = min(windows, (span.range.upperBound + length - 1) / length)
            if first < last { for index in first..<last { outside[index] = false } }
        }
        return outside
    }
}
