/// Prepared clips kept for the life of the process, so each clip file is
/// read, resampled, levelled, faded and measured once per output rate (and
/// fade).
///
/// Thread-safe: any number of renderers may share one cache. A clip is
/// prepared under the cache's lock, which keeps "once" exact; preparing a
/// word clip takes well under a millisecond. Failures are not remembered, so
/// a clip fixed on disk is read again on the next request.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

package final class ClipCache: Sendable {
    private struct FileKey: Hashable {
        var path: String
        var sampleRate: Int
    }

    private struct ClipKey: Hashable {
        var file: FileKey
        var fadeFrames: Int
    }

    private struct ScaledKey: Hashable {
        var clip: ClipKey
        /// The bits of the scale factor: a different gain is a different entry.
        var scale: UInt32
    }

    private struct Clips {
        /// Each file read, resampled and levelled: another fade starts here.
        var levelled: [FileKey: LevelledClip] = [:]
        /// Each clip faded and measured, ready to join.
        var prepared: [ClipKey: PreparedClip] = [:]
        /// Prepared clips times a gain, as 16-bit samples. An announcer's
        /// gain depends on its loudest clip, so a few gains cover a voice.
        var pcm16: [ScaledKey: [Int16]] = [:]
        /// The samples held in ``pcm16``.
        var pcm16Samples = 0
    }

    /// The default for ``pcm16Limit``: 4 Mi samples (8 MB).
    package static let pcm16SampleLimit = 4 << 20

    /// A cache shared by the whole process, with the default preparation.
    package static let shared = ClipCache()

    /// How every clip in this cache is prepared.
    package let preparation: ClipPreparation
    private let clips = LockedState(Clips())
    /// The clips limited to a true-peak ceiling at a gain.
    let limited = LimitedClipCache()

    /// The most 16-bit samples kept converted at a gain; past it they are
    /// converted afresh.
    package let pcm16Limit: Int

    /// An empty cache preparing clips with `preparation`, keeping at most
    /// `pcm16SampleLimit` converted 16-bit samples.
    package init(preparation: ClipPreparation = ClipPreparation(), pcm16SampleLimit: Int = ClipCache.pcm16SampleLimit) {
        self.preparation = preparation
        self.pcm16Limit = max(0, pcm16SampleLimit)
    }

    /// The clip at `path` prepared for `sampleRate` with fades of
    /// `fadeFrames`: from the cache, or prepared now and kept.
    /// - Throws: ``AudioError`` from ``ClipPreparation/prepareClip(at:sampleRate:fadeFrames:)``.
    package func clip(at path: String, sampleRate: Int, fadeFrames: Int = 0) throws(AudioError) -> PreparedClip {
        try clips.withLock { clips throws(AudioError) in
            try Self.clip(at: path, sampleRate: sampleRate, fadeFrames: fadeFrames, in: &clips, preparation: preparation)
        }
    }

    /// The clips at `paths`, in order, as ``clip(at:sampleRate:fadeFrames:)``
    /// gives them, taking the lock once.
    func clips(at paths: [String], sampleRate: Int, fadeFrames: Int) throws(AudioError) -> [PreparedClip] {
        try clips.withLock { clips throws(AudioError) in
            var result: [PreparedClip] = []
            result.reserveCapacity(paths.count)
            for path in paths {
                result.append(try Self.clip(at: path, sampleRate: sampleRate, fadeFrames: fadeFrames, in: &clips, preparation: preparation))
            }
            return result
        }
    }

    /// The clips at `paths`, in order, prepared as ``clip(at:sampleRate:fadeFrames:)``
    /// gives them, each times `scale` as 16-bit samples exactly as
    /// ``PCM16`` converts them: converted once per gain and kept.
    func pcm16Clips(at paths: [String], sampleRate: Int, fadeFrames: Int, scale: Float) throws(AudioError) -> [[Int16]] {
        try clips.withLock { clips throws(AudioError) in
            var result: [[Int16]] = []
            result.reserveCapacity(paths.count)
            for path in paths {
                let key = ScaledKey(
                    clip: ClipKey(file: FileKey(path: path, sampleRate: sampleRate), fadeFrames: fadeFrames),
                    scale: scale.bitPattern)
                if let known = clips.pcm16[key] {
                    result.append(known)
                    continue
                }
                let clip = try Self.clip(at: path, sampleRate: sampleRate, fadeFrames: fadeFrames, in: &clips, preparation: preparation)
                let converted = PCM16.samples(clip.audio.samples, scale: scale)
                if clips.pcm16Samples + converted.count > pcm16Limit {
                    clips.pcm16 = [:]
                    clips.pcm16Samples = 0
                }
                clips.pcm16[key] = converted
                clips.pcm16Samples += converted.count
                result.append(converted)
            }
            return result
        }
    }

    private static func clip(
        at path: String, sampleRate: Int, fadeFrames: Int, in clips: inout Clips, preparation: ClipPreparation
    ) throws(AudioError) -> PreparedClip {
        let file = FileKey(path: path, sampleRate: sampleRate)
        let key = ClipKey(file: file, fadeFrames: fadeFrames)
        if let clip = clips.prepared[key] { return clip }
        let levelled: LevelledClip
        if let known = clips.levelled[file] {
            levelled = known
        } else {
            levelled = try preparation.levelClip(at: path, sampleRate: sampleRate)
            clips.levelled[file] = levelled
        }
        let clip = try levelled.prepared(fadeFrames: fadeFrames)
        clips.prepared[key] = clip
        return clip
    }

    /// How many clip files the cache holds, each prepared at one rate.
    package var count: Int { clips.withLock { $0.levelled.count } }

    /// Forgets every prepared clip, e.g. after a voice's files changed.
    package func removeAll() {
        clips.withLock { $0 = Clips() }
        limited.removeAll()
    }
}
