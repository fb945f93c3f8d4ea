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
public struct DeviceRenderer: Sendable {
    /// The pack the announcements come from.
    public let pack: DevicePack
    private let voice: Voice
    private let naming: SoundNaming

    /// The names the pack's tiers add to a sound name's digest.
    static func variant(ofTierSpeed speed: Double) -> String? {
        speed == 1 ? nil : "device tier \(speed)"
    }

    /// A renderer saying what `pack` holds.
    public init(pack: DevicePack) {
        self.pack = pack
        self.voice = pack.voice
        self.naming = SoundNaming(
            seed: Digest(state: pack.nameSeed), format: pack.format, settingsText: String(describing: pack.settings))
    }

    /// Renders `message`.
    /// - Throws: ``PackError`` of kind `cannotSay` when the pack cannot say
    ///   it: a word it has no clip for, an amount above its maximum,
    ///   longer than its budget allows, or limiter data it lacks.
    public func render(_ message: Message) throws(PackError) -> DeviceAnnouncement {
        if let amount = message.amount, amount > pack.maximumAmount {
            throw PackError(
                .cannotSay,
                "\(amount) is more than the pack's voice '\(MessageText.escaped(pack.voiceID))' is made to say (maximum \(pack.maximumAmount))")
        }
        let plan: ClipPlan
        do throws(VoiceError) {
            plan = try voice.plan(message)
        } catch {
            throw PackError(.cannotSay, "\(message.text): \(error.description)")
        }
        let segments = plan.clips.map { ClipSegment(path: $0.file, isPrefix: $0.isPrefix, pauseAfter: $0.pauseAfter) }
        let joiner = Joiner(settings: pack.settings)
        let pcm16 = pack.format.encoding == .pcm16
        do throws(AudioError) {
            for tier in pack.tiers {
                let source = PackClipSource(tier: tier, sampleRate: pack.settings.rate, fade: pack.fade)
                if case .joined(let rendered) = try joiner.join(segments, from: source, pcm16: pcm16) {
                    let name = naming.name(message: message, plan: plan, variant: Self.variant(ofTierSpeed: tier.speed))
                    return DeviceAnnouncement(
                        message: message, soundName: name, rendered: rendered, format: pack.format, tierSpeed: tier.speed)
                }
            }
        } catch {
            throw PackError(.cannotSay, "\(message.text): \(error.message)")
        }
        throw PackError(.cannotSay, "\(message.text): longer than the pack's budget of \(pack.settings.budget.shortDescription) s allows")
    }
}

/// An announcement the phone rendered: its samples, its sound name, and the
/// file to write.
public struct DeviceAnnouncement: Sendable {
    /// What it says.
    public let message: Message
    /// The content-derived name to write it under.
    public let soundName: String
    /// The samples and what it took to make them.
    package let rendered: RenderedAudio
    /// The file format.
    public let format: OutputFormat
    /// 1 when the samples are the server's; the speed of the pack's sped-up
    /// tier when they were joined from it.
    public let tierSpeed: Double

    /// The length in seconds.
    public var duration: Double { rendered.duration }

    /// The output sample rate.
    public var sampleRate: Int { rendered.sampleRate }

    /// The sound file's bytes, exactly as the server's libsndfile writes
    /// the same samples in the same format.
    /// - Throws: ``AudioError`` when the format cannot hold the samples.
    public func fileBytes() throws(AudioError) -> [UInt8] {
        switch rendered.samples {
        case .pcm16(let samples): try SoundFileEncoder.encode(samples, sampleRate: rendered.sampleRate, format: format)
        case .float(let samples): try SoundFileEncoder.encode(samples, sampleRate: rendered.sampleRate, format: format)
        }
    }
}
