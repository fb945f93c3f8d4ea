import AnnounceServer
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An Audacity label track, as Audacity exports it (File › Export › Labels):
/// one label a line, `start<TAB>end<TAB>text`, times in seconds. A line
/// starting with `\` (the frequencies of a spectral selection) is skipped.
///
/// Region labels (start before end) are items; a point label (start equal
/// to end) marks where an item starts, the item running to the next label
/// (the last to the end of the recording); a track may mix them. Each
/// stretch must start and end in a pause (``LabelEdges``); inside it the
/// trimming rule finds the speech, so a label may be generous.
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

    /// The labelled stretches of `audio` as segments, in time order, each
    /// with the noise floor near it.
    /// - Throws: ``VoiceBuildError`` (`mismatch`) naming the line of each
    ///   label past the recording's end, overlapping the one before, cutting
    ///   through a word or holding only silence.
    func segments(in audio: AudioBuffer, edges: LabelEdges = LabelEdges()) throws(VoiceBuildError) -> [SegmentFinder.Segment] {
        let rate = Double(audio.sampleRate)
        let count = audio.samples.count
        func frame(_ seconds: Double) -> Int { min(count, max(0, Int((seconds * rate).rounded()))) }
        func shown(_ seconds: Double) -> String { seconds.decimal(maximumDigits: 3) }
        var spans: [LabelEdges.Span] = []
        for (index, label) in labels.enumerated() {
            // A point runs to the next label, whichever kind.
            let end = label.end > label.start ? frame(label.end) : index + 1 < labels.count ? frame(labels[index + 1].start) : count
            let range = frame(label.start)..<max(frame(label.start), end)
            guard !range.isEmpty else {
                throw VoiceBuildError(.mismatch, "\(path) line \(label.line): the label at \(shown(label.start)) s is past the end of the recording")
            }
            if let last = spans.last, last.range.upperBound > range.lowerBound {
                throw VoiceBuildError(.mismatch, "\(path) line \(label.line): the label at \(shown(label.start)) s overlaps the one before")
            }
            spans.append(LabelEdges.Span(range: range, line: label.line, start: label.start, end: Double(range.upperBound) / rate))
        }
        let (segments, problems) = edges.segments(of: spans, in: audio.samples, sampleRate: audio.sampleRate)
        guard problems.isEmpty else {
            throw VoiceBuildError(.mismatch, problems.map { span, problem in
                let label = "\(path) line \(span.line): the label \(shown(span.start))–\(shown(span.end)) s"
                switch problem {
                case .speechAtEdge(let at, let above):
                    return "\(label) cuts through a word at \(shown(at)) s (the sound there is \(Int(above.rounded())) dB above the noise floor): "
                        + "a label must start and end in a pause"
                case .gapInWord(let at, let speech):
                    return "\(label) cuts through a word at \(shown(at)) s: the quiet there is a gap inside the word (a stop closure is not a pause), "
                        + "which goes on at \(shown(speech)) s, outside the label"
                case .silence:
                    return "\(label) holds only silence (nothing \(Int(edges.margin)) dB above the noise floor): label a word, or delete the label"
                }
            })
        }
        return segments
    }
}
