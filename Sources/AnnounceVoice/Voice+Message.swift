import AnnounceCommon
import AnnounceLanguage

extension Voice {
    /// Checks, before any audio is made, that every message of `template`
    /// with this prefix and these options can be planned: the prefix (with
    /// a `{prefix}` slot), each run of fixed words, and every word an
    /// amount or a count can be read with.
    /// - Throws: ``VoiceError`` naming the first word without a clip, the
    ///   voice and the template.
    public func requireClips(template: Template, prefix: Prefix, options: ReadingOptions) throws(VoiceError) {
        do {
            for part in template.parts {
                switch part {
                case .slot(.prefix): try requireClips(prefix: prefix)
                case .words(let fixed): _ = try plan(words: fixed, prefixCount: 0)
                case .slot(.amount), .slot(.count), .pause: break
                }
            }
            let slots = template.slots
            let reader = language.reader
            let numberWords = (slots.contains(.amount) ? reader.vocabulary(options) : [])
                + (slots.contains(.count) ? reader.countVocabulary : [])
            if let word = numberWords.first(where: { !hasClip(for: $0) }) {
                // Planning the lone word throws the planner's own missing-clip error.
                _ = try plan(words: [word], prefixCount: 0)
            }
        } catch {
            throw naming(template, in: error)
        }
    }

    /// Chooses the clips that say `message`: the longest runs the voice has
    /// clips for, without running a clip across a pause. The lead's clips are
    /// marked ``ClipPlan/Clip/isPrefix``, and the last clip before each
    /// pause ``ClipPlan/Clip/pauseAfter``.
    /// - Throws: ``VoiceError`` naming the word, the voice and the template
    ///   when a word has no clip.
    package func plan(_ message: Message) throws(VoiceError) -> ClipPlan {
        var clips: [ClipPlan.Clip] = []
        var start = 0
        for end in message.pauses + [message.words.count] where end > start {
            let words = Array(message.words[start..<end])
            let planned: ClipPlan
            do {
                planned = try plan(words: words, prefixCount: max(0, min(message.leadWordCount - start, words.count)))
            } catch {
                throw naming(message.template, in: error)
            }
            for (index, clip) in planned.clips.enumerated() {
                let beforePause = index == planned.clips.count - 1 && end < message.words.count
                clips.append(ClipPlan.Clip(
                    words: clip.words, file: clip.file, isPrefix: clip.isPrefix, pauseAfter: beforePause))
            }
            start = end
        }
        return ClipPlan(clips: clips)
    }

    /// `error` with the template named, so a missing word says which
    /// template needs it.
    private func naming(_ template: Template, in error: VoiceError) -> VoiceError {
        // The payment sentence is what every voice says: naming it adds nothing.
        guard template != .payment else { return error }
        return VoiceError(error.kind, "\(error.message), needed by template \(AmountError.quote(template.description))")
    }
}
