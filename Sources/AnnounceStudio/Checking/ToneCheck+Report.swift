import AnnounceServer

extension ToneCheck {
    /// The check as JSON: `range` (hertz, null when unmeasurable), `judged`,
    /// `confirmed`, and per clip its `word`, `file`, `romanisation`, `verdict`
    /// and `syllables` (each `syllable`, `expected`, `heard`, `verdict`,
    /// `letters`: start, middle and end in tone letters, `start`/`end` in
    /// seconds, `distances` per tone, and a `note` where one applies).
    package var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("clips", clips.map { clip in
            var fields = JSONObject()
            fields.add("file", clip.file)
            fields.addIfPresent("note", clip.note)
            fields.addIfPresent("romanisation", clip.romanisation?.joined(separator: " "))
            fields.add("syllables", clip.syllables.map { syllable in
                var fields = JSONObject()
                var distances = JSONObject()
                for (tone, distance) in syllable.distances.sorted(by: { $0.key < $1.key }) { distances.add(tone, distance) }
                fields.add("distances", distances)
                fields.add("end", (syllable.end * 1000).rounded() / 1000)
                fields.addIfPresent("expected", syllable.expected)
                fields.addIfPresent("heard", syllable.heard)
                fields.add("letters", rawValues: syllable.letters.map { letter in
                    var text = ""
                    JSONObject.appendNumber(letter, to: &text)
                    return text
                })
                fields.addIfPresent("note", syllable.note)
                fields.add("start", (syllable.start * 1000).rounded() / 1000)
                fields.add("syllable", syllable.syllable)
                fields.add("verdict", syllable.verdict.rawValue)
                return fields
            })
            fields.add("verdict", clip.verdict.rawValue)
            fields.add("word", clip.word)
            return fields
        })
        object.add("confirmed", confirmed)
        object.add("judged", judged)
        if let range {
            var fields = JSONObject()
            fields.add("high", (range.upperBound * 10).rounded() / 10)
            fields.add("low", (range.lowerBound * 10).rounded() / 10)
            object.add("range", fields)
        } else {
            object.add("range", JSONLineParser.Value.null)
        }
        return object
    }

    /// The share confirmed and the range, and why nothing was measured
    /// when nothing was.
    package var summary: [String] {
        let shown = range.map { " (the voice's range \(Int($0.lowerBound.rounded()))–\(Int($0.upperBound.rounded())) Hz)" } ?? ""
        var lines = ["tones: \(confirmed) of \(judged) syllables confirmed\(shown)"]
        if range == nil, judged > 0 {
            lines.append("  not measured: too little is voiced, or the voice's range is under \(Int(Self.narrowestRange)) semitones")
        }
        return lines
    }

    /// The check as `voice check` shows it: ``summary``, then each clip that
    /// is not confirmed, worst first, with the syllables that are not.
    package var lines: [String] {
        var lines = summary
        for verdict in [Verdict.disagrees, .unclear] {
            for clip in clips where clip.verdict == verdict {
                let syllables = clip.syllables.filter { $0.verdict == verdict }.map(Self.describe)
                let note = clip.note.map { " (\($0))" } ?? ""
                lines.append("  \(verdict.rawValue): \(MessageText.quoted(clip.word)) \(clip.file)\(note): \(syllables.joined(separator: "; "))")
            }
        }
        return lines
    }

    /// The check as `voice tones` shows it: ``summary``, then every clip
    /// with each of its syllables.
    package var clipLines: [String] {
        summary + clips.map { clip in
            "  \(clip.file)  \(clip.verdict.rawValue)  " + clip.syllables.map(Self.describe).joined(separator: "; ")
                + (clip.note.map { " (\($0))" } ?? "")
        }
    }

    /// One line per clip whose tone disagrees with its romanisation:
    /// `clip '四' (si4.wav): si4 sounds like tone 1, not 4`.
    package var problems: [String] {
        disagreeing.map { clip in
            let syllables = clip.syllables.filter { $0.verdict == .disagrees }.map { syllable in
                "\(syllable.syllable) sounds like tone \(syllable.heard ?? "?"), not \(syllable.expected ?? "?")"
            }
            return "clip \(MessageText.quoted(clip.word)) (\(MessageText.escaped(clip.file))): \(syllables.joined(separator: "; "))"
        }
    }

    /// `yi1 tone 1 [4.9 4.9 5.0]`, `si4 sounds like tone 1 [4.8 4.9 5.0]`,
    /// `loeng5 between two tones [0.2 1.2 2.3]`.
    private static func describe(_ syllable: Syllable) -> String {
        let letters = syllable.letters.isEmpty ? "" : " [" + syllable.letters.map { $0.decimal(maximumDigits: 1) }.joined(separator: " ") + "]"
        switch syllable.verdict {
        case .confirmed: return "\(syllable.syllable) tone \(syllable.expected ?? "?")\(letters)"
        case .disagrees: return "\(syllable.syllable) sounds like tone \(syllable.heard ?? "?")\(letters)"
        case .unclear, .notJudged: return "\(syllable.syllable) \(syllable.note ?? syllable.verdict.rawValue)\(letters)"
        }
    }
}
