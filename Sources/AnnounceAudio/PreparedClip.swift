/// A clip ready to be joined: mono at the output rate, silence trimmed from
/// both ends, brought to the common level of ``ClipPreparation``.
public struct PreparedClip: Equatable, Sendable {
    /// The file the clip was read from.
    public var path: String
    /// The trimmed and levelled audio at the output rate.
    public var audio: AudioBuffer
    /// The clip's length before trimming, in seconds.
    public var originalDuration: Double
    /// The gain applied to reach the common level, in dB.
    public var gain: Double

    /// A prepared clip; ``ClipPreparation`` makes these.
    public init(path: String, audio: AudioBuffer, originalDuration: Double, gain: Double) {
        self.path = path
        self.audio = audio
        self.originalDuration = originalDuration
        self.gain = gain
    }
}

