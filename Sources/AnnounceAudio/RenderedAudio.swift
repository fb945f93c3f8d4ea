/// An announcement rendered by ``Renderer``, with what it took to make it.
public struct RenderedAudio: Equatable, Sendable {
    /// The announcement at the output rate, loudness-normalised.
    public var audio: AudioBuffer
    /// The speed-up applied to fit the budget; 1 when none was needed.
    public var speed: Double
    /// The length with the full pauses and no speed-up, in seconds.
    public var naturalDuration: Double
    /// The integrated loudness of ``audio`` in LUFS; `-infinity` when it is
    /// shorter than one 400 ms measuring block.
    ///
    /// At normal speed (``speed`` 1) this is estimated, not measured: the
    /// clips' K-weighted energy, measured once per clip with libebur128,
    /// summed into BS.1770's gating blocks as the announcement lays them out.
    /// It is within a few hundredths of a LU of what libebur128 measures on
    /// the written file. Sped-up audio is measured.
    public var loudness: Double
    /// The true peak of ``audio`` in dBTP.
    ///
    /// At normal speed this is the largest true peak of the clips, each
    /// measured once with libebur128, plus the gain: exact when the clips
    /// are apart or faded (the joins add nothing), otherwise the audio is
    /// measured. It is never below what libebur128 measures on the file.
    public var truePeak: Double
    /// The gain applied to reach the loudness target, in dB.
    public var gain: Double

    /// A rendering result; ``Renderer/render(_:)`` makes these.
    public init(audio: AudioBuffer, speed: Double, naturalDuration: Double, loudness: Double, truePeak: Double, gain: Double) {
        self.audio = audio
        self.speed = speed
        self.naturalDuration = naturalDuration
        self.loudness = loudness
        self.truePeak = truePeak
        self.gain = gain
    }

    /// The length in seconds.
    public var duration: Double { audio.duration }
}
