import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writing an announcement with libsndfile, into a sounds folder.
extension Announcement {
    /// Writes the sound into `root/Library/Sounds/` (made if missing), where a
    /// Notification Service Extension's app group keeps sounds: a shortcut
    /// for ``SoundsFolder/write(_:name:reuse:durable:writer:)``.
    /// - Parameters:
    ///   - root: the folder that holds `Library/Sounds`.
    ///   - name: a file name to use instead of ``soundName``; check
    ///     it with ``/AnnounceWire/SoundName/validate(_:format:)`` first.
    public func write(toRoot root: String, name: String? = nil) throws(AudioError) -> WrittenSound {
        let folder = SoundsFolder(root: root)
        try folder.create()
        return try folder.write(self, name: name)
    }

    /// Writes the sound into the existing folder `directory` atomically (see
    /// ``SoundsFolder/write(_:name:reuse:durable:writer:)``).
    public func write(toDirectory directory: String, name: String? = nil) throws(AudioError) -> WrittenSound {
        try SoundsFolder(path: directory).write(self, name: name)
    }

    /// The sound file in memory, exactly as written; `path` names it in errors.
    func encoded(naming path: String) throws(AudioError) -> MemorySink {
        try SoundFile.encode(rendered.samples, sampleRate: rendered.sampleRate, format: format, naming: path)
    }
}
