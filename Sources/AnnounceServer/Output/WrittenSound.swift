/// A sound file in a ``SoundsFolder``.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

public struct WrittenSound: Equatable, Sendable {
    /// The file's path.
    public let path: String
    /// The name to put in the push payload's `aps.sound`.
    public let name: String
    /// The file's size.
    public let bytes: Int
    /// Whether the file was already there with exactly these bytes, so
    /// nothing was written.
    public let reused: Bool

    /// A sound at `path` named `name`, `bytes` long.
    public init(path: String, name: String, bytes: Int, reused: Bool = false) {
        self.path = path
        self.name = name
        self.bytes = bytes
        self.reused = reused
    }
}
