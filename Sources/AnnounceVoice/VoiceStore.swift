/// Where a voice's files are: the seam between a ``Voice`` (its manifest and
/// plans, plain data) and the storage that holds them.
///
/// The server's store is a voice folder read with its safe opens
/// (AnnounceServer's `VoiceFolder`, behind `Voice(at:)`): every file must
/// stay inside the folder once symbolic links are followed and be a regular
/// file. The phone's is a folder of the app's bundle (``VoiceBundle``).
/// ``Voice/init(store:)`` reads the manifest through the store, checks it,
/// and asks the store once for each clip file it names.
import AnnounceCommon
import AnnounceLanguage

public protocol VoiceStore {
    /// The voice folder, as messages and reports name it.
    var directory: String { get }
    /// The manifest, as messages name it.
    var manifestPath: String { get }

    /// The manifest's bytes, at most `limit` of them.
    /// - Throws: ``VoiceError``: `notFound` when there is no voice folder or
    ///   no manifest in it, `unreadableManifest` when it cannot be read or
    ///   is larger than `limit`, `unusableFile` when the store refuses it.
    func readManifest(limit: Int) throws(VoiceError) -> [UInt8]

    /// Where the clip file `file` (a relative path the manifest checked: no
    /// `..`, not absolute) that says `word` is, for readers to open. A file
    /// that does not exist is located all the same: its reader reports it.
    /// - Throws: ``VoiceError`` of kind `unusableFile`, one line naming the
    ///   manifest, the word and the file, when the store refuses the file.
    func locateClip(_ file: String, word: String) throws(VoiceError) -> String
}
