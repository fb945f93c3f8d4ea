import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
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
/// options can produce, and loads each clip once per process (in a cache the process shares).
/// It is safe to use from several threads.
public final class Announcer: Sendable {
    /// The engine's version (``/AnnounceEngine/Engine/version``): bumped
    /// whenever the engine would render the same inputs differently, so that
    /// new audio gets new names (iOS caches sounds by name).
    public static let engineVersion = Engine.version

    /// The voice the clips come from.
    public let voice: Voice
    /// The options the announcer was made with.
    public let options: Options
    /// The engine settings derived from the options and the voice.
    public let settings: RenderSettings
    /// The engine's announcer, over the clip cache and libsonic.
    private let speaker: Speaker<ClipCache>
    /// A digest of the voice's manifest and clip files, part of every name.
    package let digest: VoiceDigest
    /// Each clip as reports show it, shared with announcers made by ``with(_:)``.
    private let shownClips: ShownClips
    /// How this announcer's sounds are named: from the engine, the voice,
    /// the format and the settings.
    package let soundNaming: SoundNaming

    /// Prepares to announce with `voice`: checks that the voice has a clip
    /// for every word the options can need, and reads each clip file once
    /// for the voice's digest (part of every sound name).
    /// - Throws: ``/AnnounceVoice/VoiceError`` when the voice lacks a clip the options
    ///   need; ``/AnnounceCommon/AudioError`` for settings out of range or unreadable clips.
    public convenience init(voice: Voice, options: Options = Options()) throws {
        try self.init(voice: voice, options: options, cache: nil)
    }

    /// An announcer that keeps prepared clips in `cache` (nil: the
    /// process-wide cache, or one of its own when the options' clip-cache
    /// limit is not the default).
    package convenience init(voice: Voice, options: Options, cache: ClipCache?) throws {
        // The clips' headers are read only when neither the options nor the
        // manifest give the sample rate.
        let needsRate = options.rendering.sampleRate == nil && voice.manifest.sampleRate == nil
        let cache = cache ?? (options.clipCacheLimit == ClipCache.pcm16SampleLimit
            ? .shared : ClipCache(pcm16SampleLimit: options.clipCacheLimit))
        try self.init(
            voice: voice, options: options, cache: cache, digest: try VoiceDigest(voice: voice, readingRates: needsRate),
            shownClips: ShownClips())
    }

    /// An announcer for the same voice with other options, sharing the
    /// voice's digest and clip cache: cheap, for per-item options in a batch.
    public func with(_ options: Options) throws -> Announcer {
        try Announcer(voice: voice, options: options, cache: speaker.renderer.cache, digest: digest, shownClips: shownClips)
    }

    private init(voice: Voice, options asked: Options, cache: ClipCache, digest: VoiceDigest, shownClips: ShownClips) throws {
        // The voice's language reads with its own options (Cantonese's 两)
        // and refuses those it does not define.
        var options = asked
        options.reading = try voice.language.readingOptions(asked.reading)
        options.phrasing.language = voice.language
        // A preset is the voice's language's: its words, or a refusal.
        options.phrasing.template = try asked.phrasing.template.resolved(in: voice.language)
        options.phrasing.prefix = try asked.phrasing.prefix.resolved(in: voice.language)
        if options.template == .payment {
            try voice.requireClips(prefix: options.prefix, options: options.reading)
        } else {
            try voice.requireClips(template: options.template, prefix: options.prefix, options: options.reading)
        }
        guard let sampleRate = options.rendering.sampleRate ?? voice.sampleRate(clipRates: digest.clipRates) else {
            throw AudioError(.unreadable, "voice '\(voice.id)': no clip could be read")
        }
        if options.rendering.sampleRate == nil, !RenderSettings.sampleRates.contains(sampleRate) {
            // The voice chose the rate, so the voice is what is wrong.
            throw VoiceError(
                .invalidManifest,
                "voice '\(voice.id)': its sample rate \(sampleRate) Hz is not offered (\(RenderSettings.sampleRates.lowerBound) to \(RenderSettings.sampleRates.upperBound) Hz); give a rate with the options")
        }
        var settings = options.rendering
        settings.sampleRate = sampleRate
        try settings.validate()
        self.voice = voice
        self.options = options
        self.settings = settings
        self.digest = digest
        self.shownClips = shownClips
        soundNaming = SoundNaming(
            engineVersion: Self.engineVersion, voiceDigest: digest.value, format: options.format,
            settingsText: String(describing: settings))
        speaker = Speaker(
            voice: voice, renderer: Renderer(settings: settings, cache: cache), naming: soundNaming, format: options.format,
            maximumAmount: voice.manifest.maximumAmount, namesTiers: false, location: { [voice] in voice.path(ofClip: $0) })
    }

    /// Plans the announcement of `amount` with the options' template:
    /// cheap, so a caller can decide what to do before rendering. Each
    /// clip's length comes from the clip cache, which decodes a clip once
    /// per process.
    /// - Throws: ``/AnnounceLanguage/MessageError`` when the template needs a count;
    ///   ``/AnnounceVoice/VoiceError`` when a word has no clip; ``/AnnounceCommon/AudioError`` when a clip
    ///   cannot be read or used.
    public func plan(_ amount: Amount) throws -> Plan {
        try plan(try message(amount: amount, count: nil))
    }

    /// The options' template filled with `amount` and `count` (either may
    /// be nil where the template has no such slot).
    /// - Throws: ``/AnnounceLanguage/MessageError`` when a slot has no value or a value no slot.
    public func message(amount: Amount?, count: Count?) throws(MessageError) -> Message {
        try options.phrasing.message(amount: amount, count: count)
    }

    /// One announcement for a burst of payments: their count and exact
    /// total in the summary template (one amount alone: the payment sentence).
    /// - Throws: ``/AnnounceLanguage/MessageError`` for no amounts, too many, or a total too large.
    public func message(together amounts: [Amount]) throws(MessageError) -> Message {
        try options.phrasing.message(together: amounts)
    }

    /// Plans the announcement of `message`.
    public func plan(_ message: Message) throws -> Plan {
        let clips: ClipPlan
        do throws(Speaker<ClipCache>.Failure) {
            clips = try speaker.plan(message)
        } catch {
            throw Self.failure(error, message: message, voice: voice)
        }
        return Plan(
            message: message, clipPlan: clips, clips: try plannedClips(clips),
            soundName: speaker.name(message, plan: clips))
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
            let prepared = try speaker.renderer.cache.clip(
                at: voice.path(ofClip: key.clip.file), sampleRate: settings.rate,
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
    /// - Throws: ``/AnnounceCommon/AudioError`` (`.overBudget` names the amount and the
    ///   length it needs), ``/AnnounceVoice/VoiceError`` when a word has no clip.
    public func render(_ amount: Amount) throws -> Announcement {
        try render(try plan(amount))
    }

    /// Renders a plan made by ``plan(_:)-(Amount)`` or ``plan(_:)-(Message)``.
    /// - Throws: ``/AnnounceCommon/AudioError`` (`.overBudget` names the amount and the
    ///   length it needs).
    public func render(_ plan: Plan) throws(AudioError) -> Announcement {
        do throws(AudioError) {
            return try speaker.render(plan.message, plan: plan.clipPlan, clips: plan.clips, soundName: plan.soundName)
        } catch {
            // An over-budget message names the amount (or the text without
            // one): `99999999.99 needs 7.4 s at 1.35x; budget is 6.0 s`.
            guard error.kind == .overBudget else { throw error }
            throw AudioError(.overBudget, "\(plan.message.amount.map(\.description) ?? plan.message.text) \(error.message)")
        }
    }

    /// The speaker's failure to plan in the server's words.
    private static func failure(_ failure: Speaker<ClipCache>.Failure, message: Message, voice: Voice) -> any Error {
        switch failure {
        case .aboveMaximum(let amount, let maximum):
            // The voice was checked up to its maximum only: more may not fit, or say words it lacks.
            AudioError(
                .overBudget,
                "\(amount) is more than voice '\(voice.id)' is made to say: its voice.json declares maximumAmount \(maximum)")
        case .unplanned(let error): error
        }
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
