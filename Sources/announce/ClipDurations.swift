import AnnounceAudio
import AnnounceCore
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The durations of a voice's clip files, read from their headers once each.
/// Safe to share between threads.
final class ClipDurations: @unchecked Sendable {
    let voice: Voice
    private let lock = Lock()
    private var seconds: [String: Double] = [:]
    /// Each clip as it is shown, JSON included, made once per clip.
    private var shown: [ClipKey: PlannedClip] = [:]

    private struct ClipKey: Hashable {
        let words: [UInt8]
        let file: [UInt8]
    }

    init(voice: Voice) {
        self.voice = voice
    }

    /// The duration of `file` in seconds, rounded to the millisecond.
    /// - Throws: ``AudioError`` when the clip cannot be opened.
    func duration(of file: String) throws(AudioError) -> Double {
        if let known = lock.withLock({ seconds[file] }) { return known }
        let info = try SoundFile.info(path: voice.path(ofClip: file))
        let rounded = (info.duration * 1000).rounded() / 1000
        lock.withLock { seconds[file] = rounded }
        return rounded
    }

    /// The plan's clips as `explain` and `render --json` show them.
    func planned(_ plan: ClipPlan) throws(AudioError) -> [PlannedClip] {
        try plan.clips.map { clip throws(AudioError) in
            let text = clip.text
            let key = ClipKey(words: Array(text.utf8), file: Array(clip.file.utf8))
            if let known = lock.withLock({ shown[key] }) { return known }
            let made = PlannedClip(words: text, file: clip.file, duration: try duration(of: clip.file))
            lock.withLock { shown[key] = made }
            return made
        }
    }
}
