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
            PlannedClip(words: clip.text, file: clip.file, duration: try duration(of: clip.file))
        }
    }
}
