/// The render engine's identity.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

public enum Engine {
    /// The version of the engine's audio: part of every sound name, so that
    /// a change to the samples changes the names (iOS caches sounds by
    /// name), and of every device voice pack, which an engine of another
    /// version refuses.
    /// 2: loudness estimated from per-clip measurements (same audio for the
    /// bundled voice; up to 0.04 dB apart for voices whose gain the target
    /// sets).
    /// 3: a true-peak limiter where the ceiling would hold the gain below
    /// the target.
    public static let version = 3
}
