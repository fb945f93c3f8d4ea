import AnnounceCore
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Announcer {
    /// The content-derived name of `plan` (see ``Plan/soundName``):
    /// `announce-<amount>-<8 hex>.<ext>`, the hex a digest of the engine
    /// version, the voice (manifest and clip bytes), every clip with its
    /// words and pauses, the format and every engine setting.
    func soundName(message: Message, plan: ClipPlan) -> String {
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

/// The voice's identity for naming: its manifest and the bytes of every clip.
struct VoiceDigest: Sendable {
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
