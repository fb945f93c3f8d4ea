import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// Renders announcements on the phone from a ``DevicePack`` alone: no
/// network, no C library.
///
/// Every announcement the server makes at natural speed from its clips'
/// measurements (nearly all of them) comes out with the server's samples
/// and the server's sound name. One too long for the budget at natural
/// speed, which the server speeds up as a whole, is joined from the pack's
/// sped-up tier instead: other samples, so another name.
public struct PackAnnouncer: Sendable {
    /// The pack the announcements come from.
    public let pack: DevicePack
    /// The pack's voice said through its tiers; nil for a pack without one
    /// (it says nothing).
    private let speaker: Speaker<PackClipSource>?

    /// An announcer saying what `pack` holds.
    public init(pack: DevicePack) {
        self.pack = pack
        let naming = SoundNaming(
            seed: Digest(state: pack.nameSeed), format: pack.format, settingsText: String(describing: pack.settings))
        let tiers = pack.tiers.map {
            Renderer<PackClipSource>.Tier(
                source: PackClipSource(tier: $0, sampleRate: pack.settings.rate, fade: pack.fade), speed: $0.speed)
        }
        speaker = tiers.first.map {
            Speaker(
                voice: pack.voice,
                renderer: Renderer(
                    settings: pack.settings, natural: $0.source, spedUp: Array(tiers.dropFirst()),
                    finisher: BeyondTheTiers(budget: pack.settings.budget)),
                naming: naming, format: pack.format, maximumAmount: pack.maximumAmount, namesTiers: true,
                location: { $0 })
        }
    }

    /// The language the pack's voice speaks.
    public var language: Language { pack.voice.language }

    /// Renders the message of a push.
    /// - Throws: ``PackError`` of kind `otherLanguage` when the push's
    ///   message was made for a voice of another language; what
    ///   ``render(_:)-(Message)`` throws.
    public func render(_ push: PushMessage) throws(PackError) -> Announcement {
        guard push.language == language else {
            throw PackError(
                .otherLanguage,
                "the message was made for a \(push.language.displayName) voice; the pack's voice '\(MessageText.escaped(pack.voiceID))' speaks \(language.displayName)")
        }
        return try render(push.message)
    }

    /// Renders `message`.
    /// - Throws: ``PackError`` of kind `cannotSay` when the pack cannot say
    ///   it: a word it has no clip for, an amount above its maximum,
    ///   longer than its budget allows, or limiter data it lacks; of kind
    ///   `otherLanguage` when it is read as the pack's language does not
    ///   read (``/AnnounceLanguage/Language/check(_:)``).
    public func render(_ message: Message) throws(PackError) -> Announcement {
        try render(message, plan: plan(message))
    }

    /// The clips that say `message`, before any audio.
    /// - Throws: ``PackError``, as ``render(_:)-(Message)`` but for the
    ///   budget and the limiter data, which only the render meets.
    package func plan(_ message: Message) throws(PackError) -> ClipPlan {
        do throws(LanguageError) {
            try language.check(message.options)
        } catch {
            // A variant the language lacks is a message the pack cannot say;
            // a reading without its own words, one made for another language.
            throw PackError(error.kind == .otherReading ? .otherLanguage : .cannotSay, "\(message.text): \(error.description)")
        }
        let speaker = try speaker(for: message)
        do throws(Speaker<PackClipSource>.Failure) {
            return try speaker.plan(message)
        } catch {
            switch error {
            case .aboveMaximum(let amount, let maximum):
                throw PackError(
                    .cannotSay,
                    "\(amount) is more than the pack's voice '\(MessageText.escaped(pack.voiceID))' is made to say (maximum \(maximum))")
            case .unplanned(let error): throw PackError(.cannotSay, "\(message.text): \(error.description)")
            }
        }
    }

    /// The pack's speaker; a pack without tiers says nothing, as if every
    /// message were beyond its budget.
    private func speaker(for message: Message) throws(PackError) -> Speaker<PackClipSource> {
        guard let speaker else { throw PackError(.cannotSay, "\(message.text): \(BeyondTheTiers(budget: pack.settings.budget).reason)") }
        return speaker
    }

    /// Renders `message` from `plan`, its ``plan(_:)``: the tier that
    /// joins it decides its samples and its name.
    /// - Throws: ``PackError`` of kind `cannotSay` for a message longer
    ///   than the pack's budget allows or limiter data the pack lacks.
    package func render(_ message: Message, plan: ClipPlan) throws(PackError) -> Announcement {
        let speaker = try speaker(for: message)
        do throws(AudioError) {
            return try speaker.render(message, plan: plan, clips: nil)
        } catch {
            throw PackError(.cannotSay, "\(message.text): \(error.message)")
        }
    }
}

/// What no tier of a pack joins is longer than the pack's budget: the phone
/// cannot speed the whole signal up, so it refuses.
private struct BeyondTheTiers: WholeSignalFinisher {
    let budget: Double

    var reason: String { "longer than the pack's budget of \(budget.shortDescription) s allows" }

    func finish(_ laidOut: Timeline, naturalDuration: Double, pcm16: Bool) throws(AudioError) -> RenderedAudio {
        throw AudioError(.overBudget, reason)
    }
}
