import AnnounceServer

/// A full check of a voice: every clip decoded and measured, every reading
/// option and preset prefix tried. What `announce voice check` reports.
package struct VoiceInspection: Sendable {
    /// One clip of the voice, measured.
    package struct ClipReport: Sendable {
        /// The word (or run of words) the clip says, as in the manifest.
        package var word: String
        /// The clip file, relative to the voice folder, as in the manifest.
        package var file: String
        /// What libsndfile says of the file; nil when it cannot be decoded.
        package var info: SoundFileInfo?
        /// Levels and silences; nil when it cannot be decoded.
        package var statistics: AudioStatistics?
    }

    /// Which reading options and prefixes the voice can say.
    package struct Support: Sendable {
        /// Whether the voice has every clip the default decimal reading needs.
        package var decimal: Bool
        /// Whether the voice has every clip the currency reading (元角分) needs.
        package var currency: Bool
        /// For each offered variant that says words of its own, whether the
        /// voice has every clip it needs.
        package var variants: [(variant: ReadingVariant, supported: Bool)]
        /// Preset name (`alipay`) or `default` → whether its prefix can be said.
        package var prefixes: [(name: String, text: String, supported: Bool)]
    }

    /// The voice inspected.
    package var voice: Voice
    /// Every clip of the manifest, measured: digits and units first, then runs.
    package var clips: [ClipReport]
    /// Which reading options and prefixes the voice can say.
    package var support: Support
    /// What makes the voice unusable: each one line.
    package var problems: [String]
    /// What is worth knowing but does not stop the voice being used.
    package var warnings: [String]
    /// What the voice can say and whether it fits the budget; nil when a
    /// clip or the manifest already stops the voice.
    package var budget: VoiceBudget?
    /// Each clip's tones as its pitch says them; nil when not asked for or
    /// when the voice's language has no tones.
    /// A clip whose tone disagrees leaves the voice usable: `voice check`
    /// ends with its own status for it.
    package var tones: ToneCheck?

    /// A voice is usable when it has no problems: every clip decodes and the
    /// default reading can be said.
    package var isUsable: Bool { problems.isEmpty }

    /// A clip for one word longer than this is suspicious (warned, not refused).
    package static let longWordClip = 1.5

    /// Decodes and measures every clip of `voice`, refusing what
    /// ``ClipAcceptance`` refuses when clips are trimmed as `preparation`
    /// trims them (the renderer's, by default).
    package init(
        voice: Voice, preparation: ClipPreparation = ClipCache.shared.preparation, settings: RenderSettings? = nil,
        coverage: VoiceCoverage? = nil, tones checkTones: Bool = true
    ) {
        self.voice = voice
        var problems: [String] = []
        var warnings: [String] = []
        let vocabularyOrder = voice.language.reader.vocabulary(ReadingOptions(style: .currency, variants: ReadingVariant.offered))
            + voice.language.reader.vocabulary(ReadingOptions())
        let sortedWords = voice.manifest.clips.keys.sorted { lhs, rhs in
            let left = vocabularyOrder.firstIndex(of: lhs) ?? Int.max
            let right = vocabularyOrder.firstIndex(of: rhs) ?? Int.max
            return left != right ? left < right : (lhs.count, lhs) < (rhs.count, rhs)
        }
        var clips: [ClipReport] = []
        var toneInputs: [ToneCheck.Input] = []
        let language = voice.manifest.language
        // A language without tones has nothing to measure.
        let toneSystem = checkTones ? language.tones : nil
        let readingWords = Set(vocabularyOrder)
        for word in sortedWords {
            let file = voice.manifest.clips[word] ?? ""
            var report = ClipReport(word: word, file: file)
            let named = "clip \(MessageText.quoted(word)) (\(MessageText.escaped(file)))"
            do {
                let (audio, info) = try ClipAcceptance.read(voice.path(ofClip: file))
                let statistics = audio.statistics
                report.info = info
                report.statistics = statistics
                if toneSystem != nil {
                    toneInputs.append(ToneCheck.Input(
                        word: word, file: file,
                        romanisation: ToneCheck.romanisation(of: word, readingWord: readingWords.contains(word), in: language),
                        track: PitchTracker.track(audio)))
                }
                if let problem = ClipAcceptance.problem(with: audio, preparation: preparation) {
                    problems.append("\(named) \(problem)")
                } else if word.count == 1 && statistics.duration > Self.longWordClip {
                    warnings.append("\(named) is \(statistics.duration.decimal(maximumDigits: 1)) s long for one word")
                }
            } catch {
                problems.append("clip \(MessageText.quoted(word)): \(error.description)")
            }
            clips.append(report)
        }
        let missingDefault = voice.missingWords(for: ReadingOptions())
        if !missingDefault.isEmpty {
            problems.append("no clip for \(missingDefault.map { "'\($0)'" }.joined(separator: ", ")): the default reading needs them")
        }
        let rates = Set(clips.compactMap { $0.info?.sampleRate })
        if rates.count > 1 {
            warnings.append("clips have different sample rates (\(rates.sorted().map(String.init).joined(separator: ", ")) Hz); they are resampled")
        }
        if voice.manifest.license == nil { warnings.append("the manifest states no licence") }
        let prefixes = [("default", voice.language.standardPrefix)] + voice.language.prefixPresets.filter { !$0.prefix.words.isEmpty }
        let plainVocabulary = voice.language.reader.vocabulary(ReadingOptions())
        self.support = Support(
            decimal: missingDefault.isEmpty,
            currency: voice.missingWords(for: ReadingOptions(style: .currency)).isEmpty,
            variants: ReadingVariant.offered(in: voice.language).compactMap { variant in
                let options = ReadingOptions(variants: [variant])
                guard voice.language.reader.vocabulary(options) != plainVocabulary else { return nil }
                return (variant, voice.missingWords(for: options).isEmpty)
            },
            prefixes: prefixes.map { name, prefix in
                (name, prefix.text, (try? voice.requireClips(prefix: prefix, options: ReadingOptions())) != nil)
            })
        self.clips = clips
        if problems.isEmpty {
            let rate = voice.sampleRate(clipRates: clips.compactMap { $0.info?.sampleRate }) ?? 16_000
            let settings = settings ?? RenderSettings(sampleRate: min(max(rate, RenderSettings.sampleRates.lowerBound), RenderSettings.sampleRates.upperBound))
            do {
                let budget = try VoiceBudget(voice: voice, coverage: coverage, settings: settings)
                problems += budget.problems
                warnings += budget.warnings
                self.budget = budget
            } catch {
                problems.append(error.description)
            }
        }
        if let toneSystem { tones = ToneCheck(toneInputs, tones: toneSystem) }
        self.problems = problems
        self.warnings = warnings
    }

    /// One line per clip whose tone disagrees with its romanisation
    /// (``ToneCheck/problems``).
    package var toneProblems: [String] { tones?.problems ?? [] }

    /// The voice's sample rate: the manifest's, else the most common rate of
    /// its clips (the highest on a tie); nil when no clip decodes.
    package var sampleRate: Int? {
        voice.sampleRate(clipRates: clips.compactMap { $0.info?.sampleRate })
    }
}
