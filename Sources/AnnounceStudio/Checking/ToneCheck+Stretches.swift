import AnnounceServer

extension ToneCheck {
    /// The part of a clip taken as one syllable: its frames and the pitch
    /// of each voiced one, in semitones.
    struct Stretch: Sendable {
        var frames: Range<Int>
        var semitones: [Double]
    }

    /// A frame quieter than the clip's loudest by more than this (dB) is
    /// not part of a syllable (a pause, a stop's closure, a tail of reverb).
    static let soundingFloor = 30.0
    /// Quiet frames a syllable may hold (15 ms) before the next sounding
    /// frame starts another part.
    static let longestGap = 3
    /// A dip in level must be this deep (dB, under the lower of the peaks
    /// either side) to part one sounding stretch into two syllables.
    static let shallowestDip = 3.0
    /// A frame whose pitch is this far from its stretch's median
    /// (semitones, 0.6 of an octave) is YIN's octave error, moved by an
    /// octave towards it, or left out if that does not bring it nearer.
    static let octaveSlip = 7.2

    /// The clip cut into `syllables` parts where its level allows, each
    /// with the pitch of its voiced frames. The sounding stretches (frames
    /// within ``soundingFloor`` of the loudest, across gaps of at most
    /// ``longestGap``) that hold a voiced frame are the parts; while there
    /// are too many, the two whose gap dips least are joined (a glide, a
    /// voiced consonant); while there are too few, the part with the deepest
    /// dip in its middle 60 % is cut there, if the dip is at least
    /// ``shallowestDip``. A clip that will not part into its syllables gives
    /// another number of parts.
    static func voicedStretches(_ track: PitchTrack, syllables: Int) -> [Stretch] {
        let frames = track.frames
        guard let loudest = frames.map(\.level).max() else { return [] }
        let level = frames.map(\.level)
        let pitch: [Double?] = frames.map { $0.hertz.map(semitones) }
        var parts: [Range<Int>] = []
        var start: Int?
        var last = 0
        for index in frames.indices where level[index] >= loudest - soundingFloor {
            if let first = start, index - last - 1 > longestGap {
                parts.append(first..<(last + 1))
                start = index
            } else if start == nil {
                start = index
            }
            last = index
        }
        if let first = start { parts.append(first..<(last + 1)) }
        parts = parts.filter { part in part.contains { pitch[$0] != nil } }

        while parts.count > max(syllables, 1) {
            // The gap that dips least: the highest quietest frame, then the shortest.
            let gaps = parts.indices.dropLast().map { index in
                let gap = parts[index].upperBound..<parts[index + 1].lowerBound
                return (floor: gap.map { level[$0] }.min() ?? 0, length: gap.count)
            }
            guard let index = gaps.indices.max(by: { (gaps[$0].floor, -gaps[$0].length, -$0) < (gaps[$1].floor, -gaps[$1].length, -$1) })
            else { break }
            parts[index] = parts[index].lowerBound..<parts[index + 1].upperBound
            parts.remove(at: index + 1)
        }
        while parts.count < syllables {
            var best: (depth: Double, part: Int, cut: Int)?
            for (index, part) in parts.enumerated() where part.count >= 2 * fewestFrames + 2 {
                let margin = (part.count - 1) / 5
                for cut in (part.lowerBound + margin + 1)..<(part.upperBound - 1 - margin)
                where level[cut] <= level[cut - 1] && level[cut] <= level[cut + 1] {
                    let before = level[part.lowerBound..<cut].max() ?? level[cut]
                    let after = level[(cut + 1)..<part.upperBound].max() ?? level[cut]
                    let depth = min(before, after) - level[cut]
                    if best == nil || depth > best!.depth { best = (depth, index, cut) }
                }
            }
            guard let best, best.depth >= shallowestDip else { break }
            let part = parts[best.part]
            parts[best.part] = part.lowerBound..<best.cut
            parts.insert((best.cut + 1)..<part.upperBound, at: best.part + 1)
        }
        return parts.map { part in Stretch(frames: part, semitones: correctingOctaves(part.compactMap { pitch[$0] })) }
    }

    /// `values` with each one an octave off their median moved back by an
    /// octave, and any still that far off left out (a burst's noise, a
    /// creak).
    private static func correctingOctaves(_ values: [Double]) -> [Double] {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return values }
        let median = sorted[sorted.count / 2]
        return values.compactMap { value in
            let moved = value - median > octaveSlip ? value - 12 : median - value > octaveSlip ? value + 12 : value
            return abs(moved - median) > octaveSlip ? nil : moved
        }
    }
}
