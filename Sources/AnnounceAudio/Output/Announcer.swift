import AnnounceCore
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The library's entry point: turns amounts into iOS notification sounds
/// with one voice and one set of options.
///
/// ```swift
/// let announcer = try Announcer(voice: Voice(at: "Clips/default"),
///                               options: .init(prefix: try Prefix("alipay")))
/// let announcement = try announcer.render(try Amount(parsing: "123.45"))
/// let sound = try announcement.write(toRoot: appGroupContainer)  // …/Library/Sounds/announce-123.45-1a2b3c4d.caf
/// ```
///
/// An announcer checks up front that the voice has a clip for every word its
/// options can produce, and loads each clip once per process (``ClipCache``).
/// It is safe to use from several threads.
public final class Announcer: Sendable {
    /// What is said and how the file is made: every engine setting, so a
    /// library user never needs to drop to ``Renderer``.
    public struct Options: Hashable, Sendable {
        /// The words said before the amount.
        public var prefix: Prefix
        /// How the amount is read: the style and the variants.
        public var reading: ReadingOptions
        /// The file's container and encoding.
        public var format: OutputFormat
        /// The output sample rate; nil means the voice's.
        public var sampleRate: Int?
        /// The longest the announcement may be, in seconds.
        public var budget: Double
        /// The most the speech may be sped up to fit the budget.
        public var maxSpeed: Double
        /// The pause after the prefix, in seconds (``RenderSettings/prefixPause``).
        public var prefixPause: Double
        /// The shortest the prefix pause may get to fit the budget, in seconds.
        public var minimumPrefixPause: Double
        /// The gap between words, in seconds (``RenderSettings/wordGap``).
        public var wordGap: Double
        /// The shortest the word gap may get to fit the budget, in seconds.
        public var minimumWordGap: Double
        /// The fade at both ends of every clip, in seconds.
        public var fade: Double
        /// The integrated loudness to reach, in LUFS.
        public var loudnessTarget: Double
        /// The highest true peak allowed, in dBTP.
        public var truePeakCeiling: Double
        /// What is said around the amount (``/AnnounceCore/Template/payment`` by default).
        public var template: Template
        /// The most 16-bit samples the clip cache keeps converted at one
        /// gain (``ClipCache/pcm16SampleLimit``); another value gives the
        /// announcer a cache of its own.
        public var clipCacheLimit: Int

        /// Options with the engine's defaults, any of them replaced.
        public init(
            prefix: Prefix = .standard, reading: ReadingOptions = ReadingOptions(), template: Template = .payment,
            format: OutputFormat = .default,
            sampleRate: Int? = nil, budget: Double = 6.0, maxSpeed: Double = 1.35,
            prefixPause: Double = RenderSettings().prefixPause,
            minimumPrefixPause: Double = RenderSettings().minimumPrefixPause,
            wordGap: Double = RenderSettings().wordGap, minimumWordGap: Double = RenderSettings().minimumWordGap,
            fade: Double = RenderSettings().fade, loudnessTarget: Double = RenderSettings().loudnessTarget,
            truePeakCeiling: Double = RenderSettings().truePeakCeiling,
            clipCacheLimit: Int = ClipCache.pcm16SampleLimit
        ) {
            self.prefix = prefix
            self.reading = reading
            self.template = template
            self.format = format
            self.sampleRate = sampleRate
            self.budget = budget
            self.maxSpeed = maxSpeed
            self.prefixPause = prefixPause
            self.minimumPrefixPause = minimumPrefixPause
            self.wordGap = wordGap
            self.minimumWordGap = minimumWordGap
            self.fade = fade
            self.loudnessTarget = loudnessTarget
            self.truePeakCeiling = truePeakCeiling
            self.clipCacheLimit = clipCacheLimit
        }

        /// The engine settings these options give at `sampleRate`.
        func settings(sampleRate: Int) -> RenderSettings {
            RenderSettings(
                sampleRate: sampleRate, budget: budget, maxSpeed: maxSpeed, prefixPause: prefixPause,
                minimumPrefixPause: minimumPrefixPause, wordGap: wordGap, minimumWordGap: minimumWordGap, fade: fade,
                loudnessTarget: loudnessTarget, truePeakCeiling: truePeakCeiling)
        }
    }

    /// Bumped whenever the engine would render the same inputs differently,
    /// so that new audio gets new names (iOS caches sounds by name).
    /// 2: loudness estimated from per-clip measurements (same audio for the
    /// bundled voice; up to 0.04 dB apart for voices whose gain the target sets).
    /// 3: a true-peak limiter where the ceiling would hold the gain below the target.
    public static let engineVersion = 3

    /// The voice the clips come from.
    public let voice: Voice
    /// The options the announcer was made with.
    public let options: Options
    /// The engine settings derived from the options and the voice.
    public let settings: RenderSettings
    private let renderer: Renderer
    /// A digest of the voice's manifest and clip files, part of every name.
    private let digest: VoiceDigest
    /// Each clip as reports show it, shared with announcers made by ``with(_:)``.
    private let shownClips: ShownClips
    /// Every sound name's digest starts as this: the engine and the voice.
    private let nameDigest: Digest
    /// The format and the settings as every sound name's digest ends.
    private let formatText: String
    private let settingsText: String

    /// Prepares to announce with `voice`.
    /// - Throws: ``/AnnounceCore/VoiceError`` when the voice lacks a clip the options
    ///   need; ``AudioError`` for settings out of range or unreadable clips.
    /// - Parameters:
    ///   - voice: the voice whose clips say the announcements.
    ///   - options: what is said and how the file is made.
    ///   - cache: where prepared clips are kept; by default the
    ///     process-wide ``ClipCache/shared``, or a cache of the announcer's own
    ///     when ``Options/clipCacheLimit`` is not the default.
    public convenience init(voice: Voice, options: Options = Options(), cache: ClipCache? = nil) throws {
        // The clips' headers are read only when neither the options nor the
        // manifest give the sample rate.
        let needsRate = options.sampleRate == nil && voice.manifest.sampleRate == nil
        let cache = cache ?? (options.clipCacheLimit == ClipCache.pcm16SampleLimit
            ? .shared : ClipCache(pcm16SampleLimit: options.clipCacheLimit))
        try self.init(
            voice: voice, options: options, cache: cache, digest: try VoiceDigest(voice: voice, readingRates: needsRate),
            shownClips: ShownClips())
    }

    /// An announcer for the same voice with other options, sharing the
    /// voice's digest and clip cache: cheap, for per-item options in a batch.
    public func with(_ options: Options) throws -> Announcer {
        try Announcer(voice: voice, options: options, cache: renderer.cache, digest: digest, shownClips: shownClips)
    }

    private init(voice: Voice, options: Options, cache: ClipCache, digest: VoiceDigest, shownClips: ShownClips) throws {
        if options.template == .payment {
            try voice.requireClips(prefix: options.prefix, options: options.reading)
        } else {
            try voice.requireClips(template: options.template, prefix: options.prefix, options: options.reading)
        }
        guard let sampleRate = options.sampleRate ?? voice.sampleRate(clipRates: digest.clipRates) else {
            throw AudioError(.unreadable, "voice '\(voice.id)': no clip could be read")
        }
        let settings = options.settings(sampleRate: sampleRate)
        try settings.validate()
        self.voice = voice
        self.options = options
        self.settings = settings
        self.renderer = Renderer(settings: settings, cache: cache)
        self.digest = digest
        self.shownClips = shownClips
        var nameDigest = Digest()
        nameDigest.add("announce-sound-v\(Self.engineVersion)")
        nameDigest.add(digest.value)
        self.nameDigest = nameDigest
        formatText = options.format.description
        settingsText = String(describing: settings)
    }

    /// The phrase an amount is announced with by the payment template.
    public func phrase(for amount: Amount) -> Phrase {
        Phrase(amount: amount, prefix: options.prefix, options: options.reading)
    }

    /// What an announcement will be, before any audio is made: the message,
    /// the clips that say it, and the file name it gets.
    public struct Plan: Sendable {
        /// What is said: the template filled with the amount, count and prefix.
        public let message: Message
        /// The clips that say the message, in order.
        public let clips: ClipPlan
        /// Each clip with its length as recorded, as reports show it.
        public let plannedClips: [PlannedClip]
        /// The content-derived file name: the same words, clips, pauses,
        /// voice and settings always give the same name, anything else a
        /// different one.
        public let soundName: String

        /// The whole phrase as text: `支付宝到账一百二十三点四五元`.
        public var text: String { message.text }
        /// The words, each said by one clip or part of one.
        public var words: [String] { message.words }
    }

    /// Plans the announcement of `amount` with the options' template:
    /// cheap, so a caller can decide what to do before rendering. Each
    /// clip's length comes from the clip cache, which decodes a clip once
    /// per process.
    /// - Throws: ``/AnnounceCore/MessageError`` when the template needs a count;
    ///   ``/AnnounceCore/VoiceError`` when a word has no clip; ``AudioError`` when a clip
    ///   cannot be read or used.
    public func plan(_ amount: Amount) throws -> Plan {
        try plan(try message(amount: amount, count: nil))
    }

    /// The options' template filled with `amount` and `count` (either may
    /// be nil where the template has no such slot).
    /// - Throws: ``/AnnounceCore/MessageError`` when a slot has no value or a value no slot.
    public func message(amount: Amount?, count: Count?) throws(MessageError) -> Message {
        try Message(template: options.template, amount: amount, count: count, prefix: options.prefix, options: options.reading)
    }

    /// One announcement for a burst of payments: their count and exact
    /// total in the summary template (one amount alone: the payment sentence).
    /// - Throws: ``/AnnounceCore/MessageError`` for no amounts, too many, or a total too large.
    public func message(together amounts: [Amount]) throws(MessageError) -> Message {
        try Message.burst(amounts, prefix: options.prefix, options: options.reading)
    }

    /// Plans the announcement of `message`.
    public func plan(_ message: Message) throws -> Plan {
        if let maximum = voice.manifest.maximumAmount, let amount = message.amount, amount > maximum {
            // The voice was checked up to its maximum only: more may not fit, or say words it lacks.
            throw AudioError(
                .overBudget,
                "\(amount) is more than voice '\(voice.id)' is made to say: its voice.json declares maximumAmount \(maximum)")
        }
        // The payment template plans as a phrase always has, so its sounds
        // keep their names.
        let clips = message.template == .payment && message.amount != nil
            ? try voice.plan(Phrase(amount: message.amount!, prefix: message.prefix, options: message.options))
            : try voice.plan(message)
        return Plan(
            message: message, clips: clips, plannedClips: try plannedClips(clips),
            soundName: soundName(message: message, plan: clips))
    }

    /// The plan's clips as reports show them: each known one from the table
    /// shared by this voice's announcers, the others measured by the clip cache.
    private func plannedClips(_ plan: ClipPlan) throws(AudioError) -> [PlannedClip] {
        let keys = plan.clips.map { ShownClips.Key($0) }
        let known = shownClips.table.withLock { table in keys.map { table[$0] } }
        if !known.contains(where: { $0 == nil }) { return known.map { $0! } }
        var made: [PlannedClip] = []
        for (key, clip) in zip(keys, known) {
            if let clip {
                made.append(clip)
                continue
            }
            let prepared = try renderer.cache.clip(
                at: voice.path(ofClip: key.clip.file), sampleRate: settings.sampleRate,
                fadeFrames: settings.frames(settings.fade))
            made.append(PlannedClip(
                words: key.clip.text, file: key.clip.file, duration: prepared.originalDuration, isPrefix: key.clip.isPrefix))
        }
        shownClips.table.withLock { table in
            for (key, clip) in zip(keys, made) { table[key] = clip }
        }
        return made
    }

    /// The file name the announcement of `amount` gets (see ``Plan/soundName``).
    public func soundName(for amount: Amount) throws -> String {
        try plan(amount).soundName
    }

    /// Renders the announcement of `amount`.
    /// - Throws: ``AudioError`` (`.overBudget` names the amount and the
    ///   length it needs), ``/AnnounceCore/VoiceError`` when a word has no clip.
    public func render(_ amount: Amount) throws -> Announcement {
        try render(try plan(amount))
    }

    /// Renders a plan made by ``plan(_:)-(Amount)`` or ``plan(_:)-(Message)``.
    /// - Throws: ``AudioError`` (`.overBudget` names the amount and the
    ///   length it needs).
    public func render(_ plan: Plan) throws(AudioError) -> Announcement {
        let segments = plan.clips.clips.map {
            ClipSegment(path: voice.path(ofClip: $0.file), isPrefix: $0.isPrefix, pauseAfter: $0.pauseAfter)
        }
        let rendered: RenderedAudio
        do throws(AudioError) {
            rendered = try renderer.render(segments, pcm16: options.format.encoding == .pcm16)
        } catch {
            throw Self.naming(plan.message, in: error)
        }
        return Announcement(
            message: plan.message, plan: plan.clips, clips: plan.plannedClips, rendered: rendered, format: options.format,
            soundName: plan.soundName)
    }

    /// An over-budget message names the amount (or the text without one):
    /// `99999999.99 needs 7.4 s at 1.35x; budget is 6.0 s`.
    private static func naming(_ message: Message, in error: AudioError) -> AudioError {
        guard error.kind == .overBudget else { return error }
        return AudioError(.overBudget, "\(message.amount.map(\.description) ?? message.text) \(error.message)")
    }

    private func soundName(message: Message, plan: ClipPlan) -> String {
        var digest = nameDigest
        for clip in plan.clips {
            // As if "words=file" ("+" for the lead, "|" for a pause after a
            // clip past it) were added whole. The lead's pause is the change
            // of "+", so a payment's name is what it was before templates.
            digest.feed(clip.text)
            digest.feed("=")
            digest.feed(clip.file)
            if clip.isPrefix { digest.feed("+") }
            if clip.pauseAfter && !clip.isPrefix { digest.feed("|") }
            digest.endPart()
        }
        digest.add(formatText)
        digest.add(settingsText)
        let said = message.amount?.description ?? SoundName.word(for: message.template)
        return SoundName.sound(amount: said, digest: digest.hex8, format: options.format)
    }
}

/// The clips of a voice as reports show them, by words, file and place.
private final class ShownClips: Sendable {
    /// A clip by the bytes of its words and file: hashing bytes is much
    /// cheaper than hashing (normalising) CJK strings, once per clip per item.
    struct Key: Hashable, Sendable {
        let words: [UInt8]
        let file: [UInt8]
        let isPrefix: Bool
        let clip: ClipPlan.Clip

        init(_ clip: ClipPlan.Clip) {
            words = clip.words.reduce(into: []) { $0.append(contentsOf: $1.utf8) }
            file = Array(clip.file.utf8)
            isPrefix = clip.isPrefix
            self.clip = clip
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.words == rhs.words && lhs.file == rhs.file && lhs.isPrefix == rhs.isPrefix
        }

        func hash(into hasher: inout Hasher) {
            // As raw bytes: element by element costs several times more.
            words.withUnsafeBytes { hasher.combine(bytes: $0) }
            file.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(isPrefix)
        }
    }

    let table = LockedState<[Key: PlannedClip]>([:])
}

/// The voice's identity for naming: its manifest and the bytes of every clip.
private struct VoiceDigest: Sendable {
    var value: UInt64
    /// The clips' sample rates, read only when asked for.
    var clipRates: [Int] = []

    init(voice: Voice, readingRates: Bool) throws(AudioError) {
        var digest = Digest()
        digest.add(voice.manifest.id)
        for (word, file) in voice.manifest.clips.sorted(by: { $0.key < $1.key }) {
            let path = voice.path(ofClip: file)
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw AudioError(.unreadable, "\(path): cannot be read")
            }
            digest.add(word)
            digest.add(bytes)
            if readingRates, let rate = try? SoundFile.info(path: path).sampleRate { clipRates.append(rate) }
        }
        value = digest.value
    }
}
