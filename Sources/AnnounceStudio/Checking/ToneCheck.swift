import AnnounceServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Each clip's tones as its pitch says them, against the romanisation the
/// voice script gives the clip: what `announce voice check` reports under
/// "tones", and `announce voice tones` for any sound files.
///
/// Each clip's F0 is tracked (``PitchTracker``), the clip is parted into
/// one part per syllable where its level dips, and each part's pitch is put
/// on the speaker's own scale: the voice's range (the 5th to 95th percentile
/// of every voiced frame of every clip, in semitones) divided into Chao's
/// five tone letters. A syllable's start, middle and end (the means over
/// 10–30 %, 40–60 % and 70–90 % of its voiced frames) are compared with each contour its language
/// allows each tone (``ToneSystem``). A syllable is
/// - *confirmed* when its own tone is near (``nearEnough``) and no other tone
///   is clearly nearer (by ``clearMargin``);
/// - *disagrees* when another tone is near and clearly nearer than its own:
///   the clip says another tone (a swapped clip, a service that ignored the
///   markup and read the citation tone);
/// - *unclear* otherwise: too short or too little voiced to measure, or
///   between two tones.
package struct ToneCheck: Sendable {
    package enum Verdict: String, Sendable, Comparable {
        case confirmed
        case unclear
        case disagrees
        /// Nothing to judge: a neutral tone, or no romanisation.
        case notJudged = "not-judged"

        private var rank: Int {
            switch self {
            case .notJudged: 0
            case .confirmed: 1
            case .unclear: 2
            case .disagrees: 3
            }
        }

        package static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rank < rhs.rank }
    }

    /// One syllable of a clip, measured.
    package struct Syllable: Sendable {
        /// The syllable as the script gives it: `wan4`.
        package var syllable: String
        /// The tone it should have: `4`; nil when the language has no such tone.
        package var expected: String?
        /// The tone nearest to what was measured; nil when nothing was.
        package var heard: String?
        package var verdict: Verdict
        /// Where the syllable is in the clip, in seconds.
        package var start: Double
        package var end: Double
        /// Its start, middle and end in tone letters (1 ... 5 is the voice's
        /// range; below 1 or over 5 is outside it); empty when unmeasured.
        package var letters: [Double]
        /// The distance in tone letters from the nearest contour of each
        /// tone.
        package var distances: [String: Double]
        /// Why the syllable is unclear or not judged.
        package var note: String?
    }

    /// One clip.
    package struct Clip: Sendable {
        package var word: String
        package var file: String
        /// The syllables it should say, as the script gives them; nil when
        /// the language has no romanisation for the word.
        package var romanisation: [String]?
        package var syllables: [Syllable]
        /// The worst of its syllables' verdicts.
        package var verdict: Verdict
        /// Why the clip as a whole is unclear or not judged.
        package var note: String?
    }

    /// A clip to check: the word, its file, the syllables it should say and
    /// its pitch track.
    package struct Input: Sendable {
        package var word: String
        package var file: String
        package var romanisation: [String]?
        package var track: PitchTrack

        package init(word: String, file: String, romanisation: [String]?, track: PitchTrack) {
            self.word = word
            self.file = file
            self.romanisation = romanisation
            self.track = track
        }
    }

    /// A syllable is near a tone when one of the tone's contours is within
    /// this many tone letters (root mean square over start, middle and end).
    package static let nearEnough = 0.8
    /// Another tone is clearly nearer when it is nearer by this much.
    package static let clearMargin = 0.5
    /// A syllable needs this many voiced frames (30 ms) to be measured.
    static let fewestFrames = 6
    /// A voice's range narrower than this (semitones) is too flat to tell
    /// tones apart.
    package static let narrowestRange = 3.0

    /// The voice's range in hertz (5th and 95th percentile of its voiced
    /// frames); nil when too little was voiced or the range is too narrow.
    package var range: ClosedRange<Double>?
    package var clips: [Clip]

    /// The syllables judged (neither neutral nor without romanisation).
    package var judged: Int { clips.reduce(0) { $0 + $1.syllables.filter { $0.verdict != .notJudged }.count } }
    /// The syllables confirmed.
    package var confirmed: Int { clips.reduce(0) { $0 + $1.syllables.filter { $0.verdict == .confirmed }.count } }
    /// The clips with a syllable that disagrees.
    package var disagreeing: [Clip] { clips.filter { $0.verdict == .disagrees } }

    /// The syllables a clip for `word` says, as the voice script gives
    /// them (``VoiceScript/said(_:readingWord:in:)``): a word of the
    /// readings in its citation tones, anything else as said together (一百
    /// as yi4 bai3); nil when the language has no romanisation for a
    /// character.
    package static func romanisation(of word: String, readingWord: Bool, in language: Language) -> [String]? {
        guard let citation = language.syllables(of: word) else { return nil }
        return VoiceScript.said(citation, readingWord: readingWord, in: language)
    }

    /// Measures `inputs` against the tones of `system` (a language's
    /// ``Language/tones``); the range is the one of all of them.
    package init(_ inputs: [Input], tones system: ToneSystem) {
        let voiced = inputs.map { input in Self.voicedStretches(input.track, syllables: input.romanisation?.count ?? 1) }
        let pitches = voiced.flatMap { $0.flatMap(\.semitones) }.sorted()
        var scale: (low: Double, high: Double)?
        if pitches.count >= Self.fewestFrames {
            let low = Self.percentile(pitches, 0.05)
            let high = Self.percentile(pitches, 0.95)
            if high - low >= Self.narrowestRange {
                scale = (low, high)
                range = Self.hertz(low)...Self.hertz(high)
            }
        }
        clips = zip(inputs, voiced).map { input, stretches in
            Self.clip(input, stretches: stretches, system: system, scale: scale)
        }
    }

    private static func clip(
        _ input: Input, stretches: [Stretch], system: ToneSystem, scale: (low: Double, high: Double)?
    ) -> Clip {
        var clip = Clip(word: input.word, file: input.file, romanisation: input.romanisation, syllables: [], verdict: .notJudged)
        guard let romanisation = input.romanisation, !romanisation.isEmpty else {
            clip.note = "no romanisation for the word"
            return clip
        }
        func unmeasured(_ syllable: String, _ note: String) -> Syllable {
            let tone = system.tone(of: syllable)
            let judged = tone.map { !(system.contours[$0] ?? []).isEmpty } ?? false
            return Syllable(
                syllable: syllable, expected: tone, heard: nil, verdict: judged ? .unclear : .notJudged, start: 0, end: 0,
                letters: [], distances: [:], note: judged ? note : "not judged by pitch")
        }
        guard let scale else {
            clip.syllables = romanisation.map { unmeasured($0, "the voice's range is too narrow or too little is voiced") }
            clip.verdict = clip.syllables.map(\.verdict).max() ?? .notJudged
            return clip
        }
        guard stretches.count == romanisation.count else {
            clip.syllables = romanisation.map { unmeasured($0, "the clip's voicing does not part into its syllables") }
            clip.verdict = clip.syllables.map(\.verdict).max() ?? .notJudged
            clip.note = "\(stretches.count) voiced part(s) for \(romanisation.count) syllable(s)"
            return clip
        }
        clip.syllables = zip(romanisation, stretches).map { syllable, stretch in
            judge(syllable, stretch: stretch, secondsPerFrame: input.track.secondsPerFrame, system: system, scale: scale)
                ?? unmeasured(syllable, "too little is voiced")
        }
        clip.verdict = clip.syllables.map(\.verdict).max() ?? .notJudged
        return clip
    }

    /// One syllable's verdict; nil when too little of it is voiced.
    private static func judge(
        _ syllable: String, stretch: Stretch, secondsPerFrame: Double, system: ToneSystem, scale: (low: Double, high: Double)
    ) -> Syllable? {
        let values = stretch.semitones
        guard values.count >= fewestFrames else { return nil }
        func mean(_ from: Double, _ to: Double) -> Double {
            let last = Double(values.count - 1)
            let part = values[Int((from * last).rounded(.down))...Int((to * last).rounded(.down))]
            return part.reduce(0, +) / Double(part.count)
        }
        let letters = [mean(0.1, 0.3), mean(0.4, 0.6), mean(0.7, 0.9)].map { 1 + 4 * ($0 - scale.low) / (scale.high - scale.low) }
        var distances: [String: Double] = [:]
        for (tone, contours) in system.contours where !contours.isEmpty {
            distances[tone] = contours.map { distance(letters, $0, heightWeight: system.heightWeight) }.min()
        }
        let nearest = distances.min { ($0.value, $0.key) < ($1.value, $1.key) }
        var result = Syllable(
            syllable: syllable, expected: system.tone(of: syllable), heard: nearest?.key, verdict: .unclear,
            start: Double(stretch.frames.lowerBound) * secondsPerFrame, end: Double(stretch.frames.upperBound) * secondsPerFrame,
            letters: letters.map { ($0 * 10).rounded() / 10 }, distances: distances.mapValues { ($0 * 100).rounded() / 100 })
        guard let expected = result.expected, let own = distances[expected], let nearest else {
            result.verdict = .notJudged
            result.note = "not judged by pitch"
            return result
        }
        if own <= nearEnough && own - nearest.value < clearMargin {
            result.verdict = .confirmed
            result.heard = expected
        } else if nearest.value <= nearEnough && own - nearest.value >= clearMargin {
            result.verdict = .disagrees
        } else {
            result.note = own > nearEnough && nearest.value > nearEnough ? "near no tone" : "between two tones"
        }
        return result
    }

    /// How far `letters` (start, middle, end) are from `contour`: the root
    /// mean square of the differences in shape (each less its mean) and of
    /// the means, the latter weighted by `heightWeight`.
    static func distance(_ letters: [Double], _ contour: ToneSystem.Contour, heightWeight: Double) -> Double {
        let target = points(of: contour)
        let measuredMean = letters.reduce(0, +) / 3
        let targetMean = target.reduce(0, +) / 3
        var shape = 0.0
        for (measured, wanted) in zip(letters, target) {
            let difference = (measured - measuredMean) - (wanted - targetMean)
            shape += difference * difference
        }
        let height = heightWeight * (measuredMean - targetMean)
        return (shape / 3 + height * height).squareRoot()
    }

    /// A contour's letters at 20 %, 50 % and 80 % of the syllable; a
    /// three-letter contour turns at its middle.
    static func points(of contour: ToneSystem.Contour) -> [Double] {
        let letters = contour.letters.map(Double.init)
        switch letters.count {
        case 2: return [0.2, 0.5, 0.8].map { letters[0] + (letters[1] - letters[0]) * $0 }
        case 3: return [letters[0] + (letters[1] - letters[0]) * 0.4, letters[1], letters[1] + (letters[2] - letters[1]) * 0.6]
        default: return Array(repeating: letters.first ?? 3, count: 3)
        }
    }

    static func percentile(_ sorted: [Double], _ share: Double) -> Double {
        let position = share * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
    }

    static func semitones(_ hertz: Double) -> Double { 12 * log2(hertz) }
    static func hertz(_ semitones: Double) -> Double { pow(2, semitones / 12) }
}
