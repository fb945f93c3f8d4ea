import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// The one announcer, on the server and on the phone: it plans a message
/// with a voice, maps each planned clip to where its source keeps it,
/// renders them and names the sound. The server's `Announcer` gives it its
/// clip cache, its speed-up finisher and its voice's digest; the phone's
/// ``PackAnnouncer`` gives it a pack's tiers and the digest the pack keeps.
package struct Speaker<Source: ClipSource>: Sendable {
    /// Why a message was not planned; each announcer says it in its own error.
    package enum Failure: Error, Sendable {
        /// The amount is above the largest the voice was checked for.
        case aboveMaximum(Amount, maximum: Amount)
        /// The voice cannot plan the message (a word without a clip).
        case unplanned(VoiceError)
    }

    /// The voice whose plans are said.
    package let voice: Voice
    /// What joins the clips.
    package let renderer: Renderer<Source>
    /// How sounds are named.
    package let naming: SoundNaming
    /// The files' format.
    package let format: OutputFormat
    /// The largest amount the voice says, if it declares one.
    package let maximumAmount: Amount?
    /// Where the source reads a clip file the manifest names.
    private let location: @Sendable (String) -> String
    /// Whether a render joined from a sped-up tier names its speed (the
    /// pack's tiers hold other samples than the server's speed-up makes).
    private let namesTiers: Bool

    /// An announcer of `voice` through `renderer`, naming with `naming`;
    /// `location` maps a manifest's clip file to the source's.
    package init(
        voice: Voice, renderer: Renderer<Source>, naming: SoundNaming, format: OutputFormat, maximumAmount: Amount?,
        namesTiers: Bool, location: @escaping @Sendable (String) -> String
    ) {
        self.voice = voice
        self.renderer = renderer
        self.naming = naming
        self.format = format
        self.maximumAmount = maximumAmount
        self.namesTiers = namesTiers
        self.location = location
    }

    /// The clips that say `message`.
    package func plan(_ message: Message) throws(Failure) -> ClipPlan {
        if let maximum = maximumAmount, let amount = message.amount, amount > maximum {
            throw .aboveMaximum(amount, maximum: maximum)
        }
        do throws(VoiceError) {
            return try voice.plan(message)
        } catch {
            throw .unplanned(error)
        }
    }

    /// The name of `message` said with `plan` at natural speed or by the
    /// server's speed-up.
    package func name(_ message: Message, plan: ClipPlan) -> String {
        naming.name(message: message, plan: plan)
    }

    /// `message`, said with `plan`; `clips` as reports show them, and its
    /// `soundName` when already known from ``name(_:plan:)``.
    /// - Throws: ``/AnnounceCommon/AudioError`` when the clips cannot be
    ///   joined: over the budget, or unreadable.
    package func render(_ message: Message, plan: ClipPlan, clips: [PlannedClip]?, soundName: String? = nil) throws(AudioError) -> Announcement {
        let located = plan.clips.map { $0.located(at: location($0.file)) }
        let rendered = try renderer.render(located, pcm16: format.encoding == .pcm16)
        guard namesTiers else {
            return Announcement(
                message: message, plan: plan, clips: clips, rendered: rendered, format: format,
                soundName: soundName ?? name(message, plan: plan))
        }
        let variant = rendered.speed == 1 ? nil : "device tier \(rendered.speed)"
        return Announcement(
            message: message, plan: plan, clips: clips, rendered: rendered, format: format,
            soundName: naming.name(message: message, plan: plan, variant: variant), tierSpeed: rendered.speed)
    }
}
