import AnnounceCore
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An Audacity label track, as Audacity exports it (File › Export › Labels):
/// one label a line, `start<TAB>end<TAB>text`, times in seconds. A line
/// starting with `\` (the frequencies of a spectral selection) is skipped.
///
/// Region labels (start before end) are the items, in order. A track with
/// only point labels (start equal to end) marks where each item starts:
/// an item runs from its point to the next one (the last to the end of the
/// recording). Inside each stretch the trimming rule finds the speech, so a
/// label may be generous.
struct LabelTrack {
    struct Label {
        var start: Double
        var end: Double
        var text: String
        var line: Int
    }

    let path: String
    let labels: [Label]

    /// Reads the track at `path`.
    /// - Throws: ``VoiceBuildError``: `input` when it cannot be read, `mismatch` naming a bad line.
    init(path: String) throws(VoiceBuildError) {
        self.path = path
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw VoiceBuildError(.input, "\(path): the label track cannot be read")
        }
        var labels: [Label] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = Self.trimmed(line)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("\\") else { continue }
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count >= 2, let start = Double(Self.trimmed(fields[0])),
                let end = Double(Self.trimmed(fields[1])), start.isFinite, end.isFinite, start >= 0,
                end >= start
            else {
                throw VoiceBuildError(.mismatch, "\(path) line \(index + 1): expected 'start<TAB>end<TAB>label' in seconds, with end not before start")
            }
            labels.append(Label(
                start: start, end: end, text: fields.count > 2 ? String(fields[2]) : "", line: index + 1))
        }
        guard !labels.isEmpty else { throw VoiceBuildError(.mismatch, "\(path): no labels") }
        self.labels = labels.sorted { ($0.start, $0.line) < ($1.start, $1.line) }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return text
    }

    /// The labelled stretches of `audio` as segments, in time order: each
    /// narrowed to the `sounds` energy segmentation found inside it, if any.
    func segments(in audio: AudioBuffer, sounds: [SegmentFinder.Segment]) throws(VoiceBuildError) -> [SegmentFinder.Segment] {
        let rate = Double(audio.sampleRate)
        let count = audio.samples.count
        func frame(_ seconds: Double) -> Int { min(count, max(0, Int((seconds * rate).rounded()))) }
        let regions = labels.filter { $0.end > $0.start }
        var spans: [(Range<Int>, Label)] = []
        if !regions.isEmpty {
            spans = regions.map { (frame($0.start)..<frame($0.end), $0) }
        } else {
            for (index, label) in labels.enumerated() {
                let end = index + 1 < labels.count ? frame(labels[index + 1].start) : count
                spans.append((frame(label.start)..<end, label))
            }
        }
        var segments: [SegmentFinder.Segment] = []
        for (range, label) in spans {
            guard !range.isEmpty else {
                throw VoiceBuildError(.mismatch, "\(path) line \(label.line): the label at \(label.start.decimal(maximumDigits: 3)) s is past the end of the recording")
            }
            if let last = segments.last, last.range.upperBound > range.lowerBound {
                throw VoiceBuildError(.mismatch, "\(path) line \(label.line): the label at \(label.start.decimal(maximumDigits: 3)) s overlaps the one before")
            }
            // A label edge inside a sound would cut a word in two.
            if let cut = sounds.first(where: { $0.range.overlaps(range) && ($0.range.lowerBound < range.lowerBound || $0.range.upperBound > range.upperBound) }) {
                let at = { (frame: Int) in (Double(frame) / rate).decimal(maximumDigits: 2) }
                throw VoiceBuildError(
                    .mismatch,
                    "\(path) line \(label.line): the label \(label.start.decimal(maximumDigits: 3))–\(label.end.decimal(maximumDigits: 3)) s cuts through the sound at \(at(cut.range.lowerBound))–\(at(cut.range.upperBound)) s: a label must hold whole sounds")
            }
            let inside = sounds.filter { $0.range.lowerBound >= range.lowerBound && $0.range.upperBound <= range.upperBound }
            if let first = inside.first, let last = inside.last {
                segments.append(SegmentFinder.Segment(range: first.range.lowerBound..<last.range.upperBound, floor: first.floor))
            } else {
                segments.append(SegmentFinder.Segment(range: range, floor: SegmentFinder().lowestFloor))
            }
        }
        return segments
    }
}
