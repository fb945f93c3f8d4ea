import AnnounceServer

extension VoiceBuilder {
    /// Builds the voice from recordings of the script's items, read in order
    /// with a pause of at least ``/AnnounceStudio/VoiceScript/minimumPause`` between them,
    /// in one or several files of any format libsndfile reads. Files at
    /// other rates are resampled to the first file's rate.
    /// - Throws: ``VoiceBuildError``: `input` for a missing or unreadable
    ///   file, `mismatch` (one line per item missing, split or extra, with
    ///   its time) when the items found do not match the script, `check`
    ///   when the built voice fails its check, `output` when `directory`
    ///   holds anything or cannot be written.
    package func build(recordings paths: [String], into directory: String) throws(VoiceBuildError) -> VoiceBuildReport {
        try requireValidID()
        guard !paths.isEmpty else { throw VoiceBuildError(.usage, "no recordings given") }
        // Refuse a full output folder before the slow part.
        _ = try BuildFolder(for: directory)
        if !labels.isEmpty && labels.count != paths.count {
            throw VoiceBuildError(.usage, "give one --labels file per recording (\(paths.count) recordings, \(labels.count) label files)")
        }
        let names = Set(paths.map(Self.fileName))
        if let stray = skips.first(where: { $0.file.map { !names.contains($0) } ?? false }), let file = stray.file {
            throw VoiceBuildError(
                .usage, "--skip names \(MessageText.quoted(file)), which is not one of the recordings (\(names.sorted().joined(separator: ", ")))")
        }
        var sampleRate: Int?
        var sounds: [SegmentAlignment.Sound] = []
        var found: [(audio: AudioBuffer, segment: SegmentFinder.Segment, name: String, neighbours: Range<Int>)] = []
        for (fileIndex, path) in paths.enumerated() {
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
            var segments: [SegmentFinder.Segment]
            if labels.isEmpty {
                segments = SegmentFinder().segments(of: audio)
            } else {
                segments = try LabelTrack(path: labels[fileIndex]).segments(in: audio)
            }
            segments = try Self.skipping(
                segments, skips.filter { $0.file == nil || $0.file == name }, sampleRate: audio.sampleRate, file: name)
            let rate = Double(audio.sampleRate)
            for (index, segment) in segments.enumerated() {
                let lower = index > 0 ? segments[index - 1].range.upperBound : 0
                let upper = index + 1 < segments.count ? segments[index + 1].range.lowerBound : audio.samples.count
                found.append((audio, segment, name, lower..<upper))
                sounds.append(.init(
                    start: Double(segment.range.lowerBound) / rate, end: Double(segment.range.upperBound) / rate, file: name))
            }
        }
        let noise = found.indices.filter { index in
            let (audio, segment, _, _) = found[index]
            return SoundFeatures.voicing(audio.samples[segment.range], sampleRate: audio.sampleRate) < SoundFeatures.noiseVoicing
        }
        guard found.count == script.items.count, noise.isEmpty else {
            throw VoiceBuildError(.mismatch, diagnosis(found: found.map { ($0.audio, $0.segment.range) }, sounds: sounds, noise: noise))
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

    /// The segments outside the skipped spans: a segment mostly inside one
    /// is dropped. A skip that cuts through the rest of a sound is refused:
    /// keeping part of a word would ship a clipped clip in its place.
    static func skipping(
        _ segments: [SegmentFinder.Segment], _ skips: [Skip], sampleRate: Int, file: String
    ) throws(VoiceBuildError) -> [SegmentFinder.Segment] {
        guard !skips.isEmpty else { return segments }
        let rate = Double(sampleRate)
        var kept: [SegmentFinder.Segment] = []
        for segment in segments {
            let range = segment.range
            var dropped = false
            for skip in skips {
                let lower = Int((skip.start * rate).rounded())
                let upper = Int((skip.end * rate).rounded())
                let overlap = max(0, min(range.upperBound, upper) - max(range.lowerBound, lower))
                if overlap * 2 >= range.count {
                    dropped = true
                } else if overlap > 0 {
                    throw VoiceBuildError(
                        .mismatch,
                        "--skip \(skip.start.decimal(maximumDigits: 3))-\(skip.end.decimal(maximumDigits: 3)) cuts through the sound at \(file) \(seconds(range.lowerBound, sampleRate))–\(seconds(range.upperBound, sampleRate)) s: skip whole takes, from pause to pause")
                }
            }
            if !dropped { kept.append(segment) }
        }
        return kept
    }

    /// One line per problem, after a line that says what was found: noise
    /// (a cough) at its own time; an item said twice; an item missing
    /// where the sounds, compared with the reference voice, say it is;
    /// else what the lengths of the items tell.
    private func diagnosis(found: [(audio: AudioBuffer, range: Range<Int>)], sounds: [SegmentAlignment.Sound], noise: [Int]) -> [String] {
        let items = script.items
        var lines = ["found \(sounds.count) sounds in the recording for the script's \(items.count) items: nothing was written"]
        func span(_ sound: SegmentAlignment.Sound) -> String {
            "--skip \((sound.start - 0.05).decimal(maximumDigits: 2))-\((sound.end + 0.05).decimal(maximumDigits: 2))"
        }
        for index in noise {
            let sound = sounds[index]
            lines.append("a sound at \(sound.file) \(sound.start.decimal(maximumDigits: 2))–\(sound.end.decimal(maximumDigits: 2)) s is noise, not speech "
                + "(a cough, a knock?): cut it from the recording, or \(span(sound))")
        }
        let speech = found.indices.filter { !noise.contains($0) }
        let spokenSounds = speech.map { sounds[$0] }
        guard spokenSounds.count != items.count else { return lines }
        let features = speech.map { SoundFeatures(found[$0].audio.samples[found[$0].range], sampleRate: found[$0].audio.sampleRate) }
        if spokenSounds.count == items.count + 1, let pair = Self.repeatedPair(features) {
            let (first, second) = (spokenSounds[pair], spokenSounds[pair + 1])
            let item = items[min(pair, items.count - 1)]
            lines.append("item \(item.number) '\(item.text)' said twice, at \(first.file) \(first.start.decimal(maximumDigits: 2)) s and "
                + "\(second.start.decimal(maximumDigits: 2)) s: keep one take (\(span(first)) drops the first)")
            return lines
        }
        if spokenSounds.count + 1 == items.count, let gap = missingItem(features) {
            let before = gap > 0 ? spokenSounds[gap - 1] : nil
            let after = gap < spokenSounds.count ? spokenSounds[gap] : nil
            let place: String
            switch (before, after) {
            case let (b?, a?): place = "between \(b.file) \(b.end.decimal(maximumDigits: 2)) s and \(a.start.decimal(maximumDigits: 2)) s"
            case let (b?, nil): place = "after \(b.file) \(b.end.decimal(maximumDigits: 2)) s"
            case let (nil, a?): place = "before \(a.file) \(a.start.decimal(maximumDigits: 2)) s"
            case (nil, nil): place = "anywhere"
            }
            lines.append("item \(items[gap].number) '\(items[gap].text)' seems missing: nothing for it \(place)")
            return lines
        }
        return lines + mismatchLines(spokenSounds).dropFirst()
    }

    /// The adjacent pair of sounds that are the same item said twice: the
    /// pair much closer to each other than any other adjacent pair.
    static func repeatedPair(_ features: [SoundFeatures]) -> Int? {
        guard features.count >= 3 else { return nil }
        let distances = (0..<(features.count - 1)).map { SoundFeatures.distance(features[$0].spectra, features[$0 + 1].spectra) }
        let sorted = distances.sorted()
        guard let best = distances.indices.min(by: { distances[$0] < distances[$1] }), sorted[0] < 0.6 * sorted[1] else { return nil }
        return best
    }

    /// The item missing from sounds one fewer than the items: each place is
    /// tried, the sounds before it matched with the items in place and the
    /// sounds after it with the next ones, each compared with the
    /// reference voice's clip for its item; nil without a reference, or
    /// when no place stands out.
    private func missingItem(_ features: [SoundFeatures]) -> Int? {
        guard let reference else { return nil }
        let items = script.items
        var references: [[[Float]]?] = []
        for item in items {
            guard let file = reference.manifest.clips[item.key],
                let clip = try? SoundFile.readMono(path: reference.path(ofClip: file)).audio
            else {
                references.append(nil)
                continue
            }
            references.append(SoundFeatures.spectra(clip.samples[...], sampleRate: clip.sampleRate))
        }
        func cost(_ sound: Int, _ item: Int) -> Double {
            guard let spectra = references[item] else { return 0 }
            return SoundFeatures.distance(features[sound].spectra, spectra)
        }
        let count = features.count
        var inPlace = [Double](repeating: 0, count: count + 1)
        for sound in 0..<count { inPlace[sound + 1] = inPlace[sound] + cost(sound, sound) }
        var shifted = [Double](repeating: 0, count: count + 1)
        for sound in stride(from: count - 1, through: 0, by: -1) { shifted[sound] = shifted[sound + 1] + cost(sound, sound + 1) }
        let totals = (0...count).map { inPlace[$0] + shifted[$0] }
        let sorted = totals.sorted()
        guard sorted.count >= 2, sorted[1] - sorted[0] > 0.05 * Double(count) / 10 else { return nil }
        return totals.indices.min { totals[$0] < totals[$1] }
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
