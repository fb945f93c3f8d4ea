import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

/// How an announcement's content-derived sound name is made: the server's
/// announcer and the phone's renderer both name their files here, so the
/// same content gets the same name on both, and other content another.
///
/// `announce-<amount>-<8 hex>.<ext>`, the hex a digest of the engine
/// version, the voice (manifest and clip bytes), every clip with its words
/// and pauses, the format and every engine setting.
package struct SoundNaming: Sendable {
    /// The digest of the engine version and the voice, which every name of
    /// this voice starts from (a device voice pack keeps its state).
    package let seed: Digest
    /// The output format.
    package let format: OutputFormat
    /// The engine settings, as `RenderSettings`' description spells them.
    package let settingsText: String

    /// Names starting from the engine `version` and the voice's digest.
    package init(engineVersion version: Int, voiceDigest: UInt64, format: OutputFormat, settingsText: String) {
        var seed = Digest()
        seed.add("announce-sound-v\(version)")
        seed.add(voiceDigest)
        self.init(seed: seed, format: format, settingsText: settingsText)
    }

    /// Names starting from `seed`.
    package init(seed: Digest, format: OutputFormat, settingsText: String) {
        self.seed = seed
        self.format = format
        self.settingsText = settingsText
    }

    /// The name of `message` said by `plan`; `variant` names samples made
    /// another way than the server makes them (the phone's sped-up tier),
    /// so that they never share a name with the server's file.
    package func name(message: Message, plan: ClipPlan, variant: String? = nil) -> String {
        var digest = seed
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
        digest.add(format.description)
        digest.add(settingsText)
        if let variant { digest.add(variant) }
        let said = message.amount?.description ?? SoundName.word(for: message.template)
        return SoundName.sound(amount: said, digest: digest.hex8, format: format)
    }
}
