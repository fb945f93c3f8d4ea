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
    /// What is said and how the file is made.
    public struct Options: Hashable, Sendable {
        public var prefix: Prefix
        public var reading: ReadingOptions
        public var format: OutputFormat
        /// The output sample rate; nil means the voice's.
        public var sampleRate: Int?
        /// The longest the announcement may be, in seconds.
        public var budget: Double
        /// The most the speech may be sped up to fit the budget.
        public var maxSpeed: Double

        public init(
            prefix: Prefix = .standard, reading: ReadingOptions = ReadingOptions(), format: OutputFormat = .default,
            sampleRate: Int? = nil, budget: Double = 6.0, maxSpeed: Double = 1.35
        ) {
            self.prefix = prefix
            self.reading = reading
            self.format = format
            self.sampleRate = sampleRate
            self.budget = budget
            self.maxSpeed = maxSpeed
        }
    }

    /// Bumped whenever the engine would render the same inputs differently,
    /// so that new audio gets new names (iOS caches sounds by name).
    /// 2: loudness estimated from per-clip measurements (same audio for the
    /// bundled voice; up to 0.04 dB apart for voices whose gain the target sets).
    /// 3: a true-peak limiter where the ceiling would hold the gain below the target.
    public static let engineVersion = 3

    public let voice: Voice
    public let options: Options
    /// The engine settings derived from the options and the voice.
    public let settings: RenderSettings
    private let renderer: Renderer
    /// A digest of the voice's manifest and clip files, part of every name.
    private let digest: VoiceDigest
    /// Every sound name's digest starts as this: the engine and the voice.
    private let nameDigest: Digest
    /// The format and the settings as every sound name's digest ends.
    private let formatText: String
    private let settingsText: String

    /// Prepares to announce with `voice`.
    /// - Throws: ``VoiceError`` when the voice lacks a clip the options
    ///   need; ``AudioError`` for settings out of range or unreadable clips.
    public convenience init(voice: Voice, options: Options = Options(), cache: ClipCache = .shared) throws {
        // The clips' headers are read only when neither the options nor the
        // manifest give the sample rate.
        let needsRate = options.sampleRate == nil && voice.manifest.sampleRate == nil
        try self.init(voice: voice, options: options, cache: cache, digest: try VoiceDigest(voice: voice, readingRates: needsRate))
    }

    /// An announcer for the same voice with other options, sharing the
    /// voice's digest and clip cache: cheap, for per-item options in a batch.
    public func with(_ options: Options) throws -> Announcer {
        try Announcer(voice: voice, options: options, cache: renderer.cache, digest: digest)
    }

    private init(voice: Voice, options: Options, cache: ClipCache, digest: VoiceDigest) throws {
        try voice.requireClips(prefix: options.prefix, options: options.reading)
        guard let sampleRate = options.sampleRate ?? voice.sampleRate(clipRates: digest.clipRates) else {
            throw AudioError(.unreadable, "voice '\(voice.id)': no clip could be read")
        }
        var settings = RenderSettings(sampleRate: sampleRate)
        settings.budget = options.budget
        settings.maxSpeed = options.maxSpeed
        try settings.validate()
        self.voice = voice
        self.options = options
        self.settings = settings
        self.renderer = Renderer(settings: settings, cache: cache)
        self.digest = digest
        var nameDigest = Digest()
        nameDigest.add("announce-sound-v\(Self.engineVersion)")
        nameDigest.add(digest.value)
        self.nameDigest = nameDigest
        formatText = options.format.description
        settingsText = String(describing: settings)
    }

    /// The phrase an amount is announced with.
    public func phrase(for amount: Amount) -> Phrase {
        Phrase(amount: amount, prefix: options.prefix, options: options.reading)
    }

    /// What an announcement will be, before any audio is made: the phrase,
    /// the clips that say it, and the file name it gets.
    public struct Plan: Sendable {
        public let phrase: Phrase
        public let clips: ClipPlan
        /// The content-derived file name: the same phrase, voice and settings
        /// always give the same name, anything else a different one.
        public let soundName: String
    }

    /// Plans the announcement of `amount`: cheap, so a caller can skip
    /// sounds that already exist before rendering.
    /// - Throws: ``VoiceError`` when a word has no clip.
    public func plan(_ amount: Amount) throws(VoiceError) -> Plan {
        let phrase = phrase(for: amount)
        let clips = try voice.plan(phrase)
        return Plan(phrase: phrase, clips: clips, soundName: soundName(phrase: phrase, plan: clips))
    }

    /// The file name the announcement of `amount` gets (see ``Plan/soundName``).
    public func soundName(for amount: Amount) throws(VoiceError) -> String {
        try plan(amount).soundName
    }

    /// Renders the announcement of `amount`.
    /// - Throws: ``AudioError`` (`.overBudget` names the amount and the
    ///   length it needs), ``VoiceError`` when a word has no clip.
    public func render(_ amount: Amount) throws -> Announcement {
        try render(try plan(amount))
    }

    /// Renders a plan made by ``plan(_:)``.
    /// - Throws: ``AudioError`` (`.overBudget` names the amount and the
    ///   length it needs).
    public func render(_ plan: Plan) throws(AudioError) -> Announcement {
        let segments = plan.clips.clips.map { ClipSegment(path: voice.path(ofClip: $0.file), isPrefix: $0.isPrefix) }
        let rendered: RenderedAudio
        do throws(AudioError) {
            rendered = try renderer.render(segments, pcm16: options.format.encoding == .pcm16)
        } catch {
            throw Self.naming(plan.phrase.amount, in: error)
        }
        return Announcement(
            phrase: plan.phrase, plan: plan.clips, rendered: rendered, format: options.format, soundName: plan.soundName)
    }

    /// An over-budget message names the amount: `99999999.99 needs 7.4 s at 1.35x; budget is 6.0 s`.
    private static func naming(_ amount: Amount, in error: AudioError) -> AudioError {
        error.kind == .overBudget ? AudioError(.overBudget, "\(amount) \(error.message)") : error
    }

    private func soundName(phrase: Phrase, plan: ClipPlan) -> String {
        var digest = nameDigest
        for clip in plan.clips {
            // As if "words=file" (and "+" for the prefix) were added whole.
            digest.feed(clip.text)
            digest.feed("=")
            digest.feed(clip.file)
            if clip.isPrefix { digest.feed("+") }
            digest.endPart()
        }
        digest.add(formatText)
        digest.add(settingsText)
        return "announce-\(phrase.amount)-\(digest.hex8).\(options.format.fileExtension)"
    }
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
