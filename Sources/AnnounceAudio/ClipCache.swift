/// Prepared clips kept for the life of the process, so each clip file is
/// read, resampled and levelled once per output rate.
///
/// Thread-safe: any number of renderers may share one cache. A clip is
/// prepared under the cache's lock, which keeps "once" exact; preparing a
/// word clip takes well under a millisecond. Failures are not remembered, so
/// a clip fixed on disk is read again on the next request.
public final class ClipCache: Sendable {
    private struct Key: Hashable {
        var path: String
        var sampleRate: Int
    }

    /// A cache shared by the whole process, with the default preparation.
    public static let shared = ClipCache()

    /// How every clip in this cache is prepared.
    public let preparation: ClipPreparation
    private let clips = LockedState([Key: PreparedClip]())

    /// An empty cache preparing clips with `preparation`.
    public init(preparation: ClipPreparation = ClipPreparation()) {
        self.preparation = preparation
    }

    /// The clip at `path` prepared for `sampleRate`: from the cache, or read
    /// and prepared now and kept.
    /// - Throws: ``AudioError`` from ``ClipPreparation/prepareClip(at:sampleRate:)``.
    public func clip(at path: String, sampleRate: Int) throws(AudioError) -> PreparedClip {
        let key = Key(path: path, sampleRate: sampleRate)
        return try clips.withLock { clips throws(AudioError) in
            if let clip = clips[key] { return clip }
            let clip = try preparation.prepareClip(at: path, sampleRate: sampleRate)
            clips[key] = clip
            return clip
        }
    }

    /// How many prepared clips the cache holds.
    public var count: Int { clips.withLock { $0.count } }

    /// Forgets every prepared clip, e.g. after a voice's files changed.
    public func removeAll() {
        clips.withLock { $0.removeAll() }
    }
}
