import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension Voice {
    /// Loads the voice in `path`, a voice folder or its `voice.json`, on the
    /// server: through `VoiceFolder`, which refuses a manifest or clip
    /// file that leads out of the folder or is not a regular file where it
    /// exists (a FIFO or a device would block a reader). A missing clip file
    /// is left to the reader to report.
    /// - Throws: ``/AnnounceVoice/VoiceError``: `notFound`,
    ///   `unreadableManifest`, `invalidManifest`, or `unusableFile` naming
    ///   the file and the problem.
    public init(at path: String) throws(VoiceError) {
        try self.init(store: VoiceFolder(at: path))
    }
}

extension Voice {
    /// Whether `text` can name a voice, a bundled one or one a batch is
    /// given: a voice id (lowercase ASCII letters, digits, `.`, `_`, `-`),
    /// not `.` or `..`, so never a path.
    package static func isName(_ text: String) -> Bool {
        !text.isEmpty && text != "." && text != ".."
            && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || ".-_".unicodeScalars.contains($0) }
    }
}
