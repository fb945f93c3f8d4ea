import AnnounceServer

/// What a voice can say and whether it fits the budget: for each message
/// preset, prefix and reading option its coverage names, whether every word
/// has a clip, and the longest announcement up to the voice's maximum amount,
/// found exactly (``LongestPlan``), with the speed it needs.
///
/// Lengths are the renderer's own: each clip as prepared (trimmed, at the
/// output rate), the prefix pause after the lead and at each comma, the word
/// gap between other clips. Where the longest is over the budget, the pauses
/// shrink to their floors first, as the renderer does, and the speed needed
/// is the length at the floors over the budget.
package struct VoiceBudget: Sendable {
    /// One message preset with one prefix and one reading option.
    package struct Row: Sendable {
        /// The preset's name.
        package var template: String
        /// The prefix, as coverage shows it (`none` for no prefix).
        package var prefix: String
        /// The reading option.
        package var options: ReadingOptions
        /// The first word without a clip, if any: the rest is then unknown.
        package var missingWord: String?
        /// The amount (nil for a message without one) and count (if the
        /// message has one) of the longest announcement at normal pace.
        package var amount: Amount?
        package var count: Int?
        /// Its length at normal pace, in seconds.
        package var seconds: Double
        /// The longest with the pauses at their floors, in seconds, and its amount and count.
        package var floorSeconds: Double
        package var floorAmount: Amount?
        package var floorCount: Int?
        /// The speed the longest needs: 1 when it fits as it is or with
        /// shorter pauses.
        package var speed: Double
        /// Whether it fits the budget at ``RenderSettings/maxSpeed`` or below.
        package var fits: Bool

        /// The words said, for messages: `支付宝到账 99999999.99`, `收款成功`.
        package var worstCase: String {
            let amount = speed > 1 ? floorAmount : self.amount
            let count = speed > 1 ? floorCount : self.count
            return [count.map { "\($0) payments" }, amount.map { "\($0)" }].compactMap { $0 }.joined(separator: ", ")
        }
    }

    /// The largest amount checked: the manifest's, else 99,999,999.99.
    package var maximumAmount: Amount
    /// The settings the lengths are measured with.
    package var settings: RenderSettings
    /// What was checked.
    package var coverage: VoiceCoverage
    /// One row per preset, prefix and reading option.
    package var rows: [Row]

    /// The rows that cannot be said, or do not fit.
    package var failures: [Row] { rows.filter { $0.missingWord != nil || !$0.fits } }

    /// Measures `voice` for `coverage` (by default the manifest's `covers`,
    /// else the default reading with the language's standard prefix and
    /// every preset prefix, payment only) with `settings` at the voice's rate.
    /// - Throws: ``AudioError`` when a clip cannot be read or used.
    package init(
        voice: Voice, coverage: VoiceCoverage? = nil, settings: RenderSettings, cache: ClipCache = .shared
    ) throws(AudioError) {
        let language = voice.language
        let coverage = coverage ?? voice.manifest.covers ?? VoiceCoverage(
            styles: [.decimal], variants: [],
            prefixes: [language.standardPrefix.text] + language.prefixPresets.map { $0.prefix.words.joined(separator: " ") },
            templates: ["payment"])
        let maximum = voice.manifest.maximumAmount ?? VoiceManifest.defaultMaximumAmount
        var frames: [String: Int] = [:]
        let fade = settings.frames(settings.fade)
        for file in Set(voice.manifest.clips.values).sorted() {
            frames[file] = try cache.clip(at: voice.path(ofClip: file), sampleRate: settings.rate, fadeFrames: fade)
                .audio.samples.count
        }
        self.maximumAmount = maximum
        self.settings = settings
        self.coverage = coverage
        var measurer = Measurer(voice: voice, frames: frames, settings: settings)
        var rows: [Row] = []
        // The presets a coverage names are the voice's language's.
        for template in coverage.templateValues.compactMap({ try? $0.resolved(in: language) }) {
            let prefixes = template.slots.contains(.prefix) ? coverage.prefixValues : [Self.noPrefix]
            // The readings the voice's language says: Cantonese always says 两.
            let readings = voice.language.readingOptions(
                among: template.slots.contains(.amount) ? coverage.readingOptions : [ReadingOptions()])
            for prefix in prefixes {
                for options in readings {
                    rows.append(measurer.row(template: template, prefix: prefix, options: options, maximum: maximum))
                }
            }
        }
        self.rows = rows
    }

    private static let noPrefix = Prefix.presets.first { $0.name == "none" }!.prefix

    /// Measures messages, remembering the longest amount stretch per
    /// reading option, lead and gap (the same for every prefix).
    private struct Measurer {
        let voice: Voice
        let frames: [String: Int]
        let settings: RenderSettings
        var amounts: [String: LongestPlan.Result] = [:]
        var counts: [String: (length: Int, count: Int)] = [:]

        init(voice: Voice, frames: [String: Int], settings: RenderSettings) {
            self.voice = voice
            self.frames = frames
            self.settings = settings
        }

        /// A stretch of a message between pauses.
        enum Piece { case words([String]), amount, count }

        mutating func row(template: Template, prefix: Prefix, options: ReadingOptions, maximum: Amount) -> Row {
            var row = Row(
                template: template.description, prefix: VoiceCoverage.shown(prefix), options: options, seconds: 0,
                floorSeconds: 0, speed: 1, fits: false)
            do {
                try voice.requireClips(template: template, prefix: prefix, options: options)
            } catch {
                if case .missingClip(let word) = error.kind { row.missingWord = word } else { row.missingWord = "?" }
                return row
            }
            let limit = settings.frameLimit
            let maximum = template == .summary ? min(maximum, try! Amount(fen: Message.summaryMaximumTotalFen)) : maximum
            let maximumCount = template == .summary ? Message.summaryMaximumCount : Count.range.upperBound
            do {
                let natural = try longest(
                    template: template, prefix: prefix, options: options, maximum: maximum, maximumCount: maximumCount,
                    pause: settings.frames(settings.prefixPause), gap: settings.frames(settings.wordGap))
                let floors = try longest(
                    template: template, prefix: prefix, options: options, maximum: maximum, maximumCount: maximumCount,
                    pause: settings.frames(min(settings.prefixPause, settings.minimumPrefixPause)),
                    gap: settings.frames(min(settings.wordGap, settings.minimumWordGap)))
                let rate = Double(settings.rate)
                row.amount = natural.amount
                row.count = natural.count
                row.seconds = Double(natural.frames) / rate
                row.floorAmount = floors.amount
                row.floorCount = floors.count
                row.floorSeconds = Double(floors.frames) / rate
                row.speed = natural.frames <= limit || floors.frames <= limit ? 1 : Double(floors.frames) / Double(limit)
                row.fits = row.speed <= settings.maxSpeed
            } catch {
                if case .missingClip(let word) = error.kind { row.missingWord = word } else { row.missingWord = "?" }
            }
            return row
        }

        /// The longest message of `template`: frames, and the amount and count that make it.
        mutating func longest(
            template: Template, prefix: Prefix, options: ReadingOptions, maximum: Amount, maximumCount: Int, pause: Int,
            gap: Int
        ) throws(VoiceError) -> (frames: Int, amount: Amount?, count: Int?) {
            var segments: [(pieces: [Piece], isLead: Bool)] = []
            var current: [Piece] = []
            var leadDone = false
            func close(isLead: Bool) {
                if current.contains(where: { if case .words(let words) = $0 { !words.isEmpty } else { true } }) {
                    segments.append((current, isLead))
                }
                current = []
            }
            for part in template.parts {
                switch part {
                case .slot(.prefix): current.append(.words(prefix.words))
                case .words(let words): current.append(.words(words))
                case .pause: close(isLead: !leadDone)
                case .slot(.amount), .slot(.count):
                    if !leadDone {
                        close(isLead: true)
                        leadDone = true
                    }
                    current.append(part == .slot(.amount) ? .amount : .count)
                }
            }
            close(isLead: !leadDone)
            var total = max(0, segments.count - 1) * pause
            var amount: Amount?
            var count: Int?
            for segment in segments {
                var before: [String] = []
                var after: [String] = []
                var slot: Piece?
                for piece in segment.pieces {
                    switch piece {
                    case .words(let words): if slot == nil { before += words } else { after += words }
                    case .amount, .count: slot = piece
                    }
                }
                switch slot {
                case nil:
                    let plan = try voice.plan(words: before, prefixCount: segment.isLead ? before.count : 0)
                    total += length(plan, gap: gap)
                case .count?:
                    let key = "\(before.joined(separator: " "))|\(after.joined(separator: " "))|\(maximumCount)|\(gap)"
                    var best = counts[key] ?? (length: -1, count: 1)
                    if best.length < 0 {
                        for value in 1...maximumCount {
                            let words = before + ((try? Count(value))?.words(in: voice.language) ?? []) + after
                            let length = length(try voice.plan(words: words, prefixCount: 0), gap: gap)
                            if length > best.length { best = (length, value) }
                        }
                        counts[key] = best
                    }
                    total += best.length
                    count = best.count
                case .amount?:
                    let key = "\(options)|\(before.joined(separator: " "))|\(maximum.fen)"
                    let result: LongestPlan.Result
                    if let known = amounts["\(key)|\(gap)"] {
                        result = known
                    } else {
                        // One search gives both gaps the budget asks for.
                        let gaps = [gap] + [settings.wordGap, min(settings.wordGap, settings.minimumWordGap)].map(settings.frames)
                        let results = try LongestPlan(voice: voice, clipFrames: frames, options: options, lead: before)
                            .longest(upTo: maximum, gaps: gaps)
                        for (gap, found) in zip(gaps, results) { amounts["\(key)|\(gap)"] = found }
                        result = results[0]
                    }
                    total += result.length(gap: gap)
                    amount = result.amount
                case .words?: break
                }
            }
            return (total, amount, count)
        }

        func length(_ plan: ClipPlan, gap: Int) -> Int {
            plan.clips.reduce(0) { $0 + (frames[$1.file] ?? 0) } + max(0, plan.clips.count - 1) * gap
        }
    }
}

extension VoiceBudget {
    /// What stops the voice, one line each: per template, the first word
    /// without a clip; then the announcement that is furthest over the
    /// budget, with its amount, prefix and the seconds it needs.
    package var problems: [String] {
        var lines: [String] = []
        var named = Set<String>()
        for row in rows {
            guard let word = row.missingWord, named.insert("\(row.template)|\(word)").inserted else { continue }
            lines.append("template '\(row.template)' cannot be said: no clip for \(MessageText.quoted(word)) (its coverage says it is covered)")
        }
        // The payment sentence decides: a voice that cannot say every
        // payment up to its maximum is not made for production.
        let payments = rows.filter { $0.template == Template.payment.description }
        let over = payments.filter { $0.missingWord == nil && !$0.fits }
        if let worst = over.max(by: { $0.floorSeconds < $1.floorSeconds }) {
            lines.append(
                "\(worst.template) \(Self.describe(worst, atFloors: true)) needs \(needed(worst)) "
                    + "(\(over.count) of \(payments.count) payment checks over; record faster, or declare a smaller maximumAmount than \(maximumAmount))")
        }
        return lines
    }

    /// The other templates over the budget: they do not make the voice
    /// unusable, but those messages are refused when rendered (exit 65).
    package var warnings: [String] {
        let over = rows.filter { $0.template != Template.payment.description && $0.missingWord == nil && !$0.fits }
        var lines: [String] = []
        var named = Set<String>()
        for row in over.sorted(by: { $0.floorSeconds > $1.floorSeconds }) where named.insert(row.template).inserted {
            lines.append(
                "\(row.template) \(Self.describe(row, atFloors: true)) needs \(needed(row)): such \(row.template) messages "
                    + "are refused when rendered (exit 65); the payment sentence still fits")
        }
        return lines
    }

    /// `6.4 s at 1.35x; budget is 6.0 s`: what `row` needs at the fastest speed.
    private func needed(_ row: Row) -> String {
        let seconds = ((row.floorSeconds / settings.maxSpeed) * 10 - 1e-9).rounded(.up) / 10
        return "\(seconds.decimal(maximumDigits: 1)) s at \(settings.maxSpeed.shortDescription)x; budget is \(settings.budget.decimal(maximumDigits: 3)) s"
    }

    /// `支付宝到账 99999999.99 (currency, 两)`: what a row says at its longest.
    package static func describe(_ row: Row, atFloors: Bool) -> String {
        let amount = atFloors ? row.floorAmount : row.amount
        let count = atFloors ? row.floorCount : row.count
        var parts: [String] = []
        if row.prefix != "none" || row.template == "payment" || row.template == "summary" { parts.append("prefix \(row.prefix)") }
        if let count { parts.append("\(count) payments") }
        if let amount { parts.append(amount.description) }
        var text = parts.joined(separator: ", ")
        if amount != nil { text += " (\(shown(row.options)))" }
        return text
    }

    /// `decimal`, `currency, 两, 一十`: the style and the variants a reader
    /// may ask for (a language's own reading goes without saying).
    package static func shown(_ options: ReadingOptions) -> String {
        let offered = ReadingVariant.offered
        return ([options.style.rawValue] + options.variants.filter(offered.contains).map(\.words)).joined(separator: ", ")
    }
}
