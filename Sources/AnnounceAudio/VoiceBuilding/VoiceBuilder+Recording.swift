import AnnounceCore

extension VoiceBuilder {
    /// Builds the voice from recordings of the script's items, read in order
    /// with a pause of at least ``/AnnounceCore/VoiceScript/minimumPause`` between them,
    /// in one or several files of any format libsndfile reads. Files at
    /// other rates are resampled to the first file's rate.
    /// - Throws: ``VoiceBuildError``: `input` for a missing or unreadable
    ///   file, `mismatch` (one line per item missing, split or extra, with
    ///   its time) when the items found do not match the script, `check`
    ///   when the built voice fails its check, `output` when `directory`
    ///   holds anything or cannot be written.
    public func build(recordings paths: [String], into directory: String) throws(VoiceBuildError) -> VoiceBuildReport {
        try requireValidID()
        guard !paths.isEmpty else { throw VoiceBuildError(.usage, "no recordings given") }
        // Refuse a full output folder before the slow part.
        _ = try BuildFolder(for: directory)
        var sampleRate: Int?
        var sounds: [SegmentAlignment.Sound] = []
        var found: [(audio: AudioBuffer, segment: SegmentFinder.Segment, name: String, neighbours: Range<Int>)] = []
        for path in paths {
            var audio: AudioBuffer
            do {
                audio = try SoundFile.readRecording(path: path).audio
                let rate = sampleRate ?? outputRate ?? audio.sampleRate
                sampleRate = rate
                audio = try Resampler.resample(audio, to: rate, path: path)
            } catch {
                throw VoiceBuildError(.input, error.description)
            }
            let name = Self.fileName(path)
            let segments = SegmentFinder().segments(of: audio)
            let rate = Double(audio.sampleRate)
            for (index, segment) in segments.enumerated() {
                let lower = index > 0 ? segments[index - 1].range.upperBound : 0
                let upper = index + 1 < segments.count ? segments[index + 1].range.lowerBound : audio.samples.count
                found.append((audio, segment, name, lower..<upper))
                sounds.append(.init(
                    start: Double(segment.range.lowerBound) / rate, end: Double(segment.range.upperBound) / rate, file: name))
            }
        }
        guard found.count == script.items.count else {
            throw VoiceBuildError(.mismatch, mismatchLines(sounds))
        }
        var cuts: [Cut] = []
        for ((audio, segment, name, neighbours), item) in zip(found, script.items) {
            let rate = audio.sampleRate
            // The found stretch, widened by the rule's margins, then cut by the rule.
            let lead = Int((preparation.leadMargin * Double(rate)).rounded())
            let tail = Int((preparation.tailMargin * Double(rate)).rounded())
            let region = max(neighbours.lowerBound, segment.range.lowerBound - lead)..<min(neighbours.upperBound, segment.range.upperBound + tail)
            let floor = segment.floor > SegmentFinder().lowestFloor ? segment.floor : nil
            guard let range = speechRange(audio.samples[region], sampleRate: rate) else {
                throw VoiceBuildError(.input, "item \(item.number) '\(item.text)' in \(name) at \(Self.seconds(segment.range.lowerBound, rate)) s is silent")
            }
            cuts.append(Cut(
                samples: Array(audio.samples[range]), source: name,
                start: Double(range.lowerBound) / Double(rate), end: Double(range.upperBound) / Double(rate),
                floor: floor))
        }
        return try write(
            cuts, sampleRate: sampleRate ?? 16_000, method: "recording", command: nil, sources: paths.map(Self.fileName),
            into: directory)
    }

    /// One line per problem, after a line that says what was found.
    private func mismatchLines(_ sounds: [SegmentAlignment.Sound]) -> [String] {
        let items = script.items
        var lines = ["found \(sounds.count) items in the recording for the script's \(items.count): nothing was written"]
        func name(_ index: Int) -> String { "item \(items[index].number) '\(items[index].text)'" }
        func at(_ sound: SegmentAlignment.Sound) -> String { "\(sound.file) \(sound.start.decimal(maximumDigits: 2)) s" }
        guard abs(sounds.count - items.count) <= SegmentAlignment.maximumPlaced, !sounds.isEmpty else {
            let end = sounds.last.map { "; the last sound found ends at \($0.file) \($0.end.decimal(maximumDigits: 2)) s" } ?? ""
            lines.append("too many differences to place one by one: check that the recordings hold every item in the script's order, "
                + "each once, with pauses of at least \(Int(VoiceScript.minimumPause * 1000)) ms between items\(end)")
            return lines
        }
        let problems = SegmentAlignment.problems(syllables: items.map { $0.text.count }, sounds: sounds)
        var index = 0
        while index < problems.count {
            switch problems[index] {
            case .missing(let item, let after, let before):
                // Consecutive missing items at one place are one line.
                var last = item
                while index + 1 < problems.count, case .missing(last + 1, after, before) = problems[index + 1] {
                    last += 1
                    index += 1
                }
                let place: String
                switch (after.map { sounds[$0] }, before.map { sounds[$0] }) {
                case let (a?, b?) where a.file == b.file:
                    place = "between \(a.file) \(a.end.decimal(maximumDigits: 2)) s and \(b.start.decimal(maximumDigits: 2)) s"
                case let (a?, _): place = "after \(a.file) \(a.end.decimal(maximumDigits: 2)) s"
                case let (nil, b?): place = "before \(at(b))"
                case (nil, nil): place = "anywhere"
                }
                if last == item {
                    lines.append("\(name(item)) seems missing: nothing for it \(place)")
                } else {
                    lines.append("items \(items[item].number)–\(items[last].number) ('\(items[item].text)' … '\(items[last].text)') seem missing: nothing for them \(place)")
                }
            case .split(let item, let first, let second):
                let gap = sounds[second].start - sounds[first].end
                lines.append("\(name(item)) seems split in two at \(sounds[first].file) \(sounds[first].end.decimal(maximumDigits: 2)) s "
                    + "(a pause of \(gap.decimal(maximumDigits: 2)) s inside it; keep pauses inside an item under \(VoiceScript.minimumPause.decimal(maximumDigits: 1)) s)")
            case .missingOneOf(let range):
                // Missing at the first place, the sound before it is first - 1; at the last, the sound after it is last.
                let from = range.lowerBound > 0 ? "\(sounds[range.lowerBound - 1].file) \(sounds[range.lowerBound - 1].end.decimal(maximumDigits: 2)) s" : "the start"
                let to = range.upperBound < sounds.count ? at(sounds[range.upperBound]) : "the end"
                lines.append("one of items \(items[range.lowerBound].number)–\(items[range.upperBound].number) ('\(items[range.lowerBound].text)' … "
                    + "'\(items[range.upperBound].text)') seems missing: the sounds between \(from) and \(to) are one short")
            case .extraOneOf(let range):
                let first = items[min(items.count - 1, range.lowerBound)]
                let last = items[min(items.count - 1, max(range.lowerBound, range.upperBound - 1))]
                lines.append("one sound too many from \(at(sounds[range.lowerBound])) to \(at(sounds[range.upperBound])) "
                    + "(items \(first.number)–\(last.number), '\(first.text)' … '\(last.text)'): a second take, or an item split by a pause")
            case .extra(let sound, let after):
                let position = after.map { "after \(name($0))" } ?? "before \(name(0))"
                lines.append("an extra sound at \(at(sounds[sound]))–\(sounds[sound].end.decimal(maximumDigits: 2)) s, \(position)")
            }
            index += 1
        }
        return lines
    }

    static func seconds(_ frame: Int, _ rate: Int) -> String {
        (Double(frame) / Double(rate)).decimal(maximumDigits: 2)
    }
}
