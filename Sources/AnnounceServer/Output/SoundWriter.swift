/// Which encoder makes a sound file's bytes. Both write the same samples
/// in the same format byte for byte; a device voice pack's announcements
/// are written by the phone's, so that what `render --pack` leaves is what
/// the phone leaves.
public enum SoundWriter: Sendable {
    /// libsndfile, the server's.
    case libsndfile
    /// The engine's `SoundFileEncoder`, the phone's.
    case phoneEncoder
}
