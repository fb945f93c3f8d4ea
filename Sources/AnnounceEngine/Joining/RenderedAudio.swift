import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// The samples of a rendered announcement, as the renderer made them.
package enum RenderedSamples: Equatable, Sendable {
    /// Float samples in -1 ... 1.
    case float([Float])
    /// 16-bit samples, exactly as a 16-bit PCM file stores them: made when
    /// rendering for such a file (``Renderer/render(_:pcm16:)``).
    case pcm16([Int16])

    /// The number of samples.
    package var count: Int {
        switch self {
        case .float(let samples): samples.count
        case .pcm16(let samples): samples.count
        }
    }
}

/// An announcement rendered by ``Renderer``, with what it took to make it.
package struct RenderedAudio: Equatable, Sendable {
    /// The output sample rate.
    package var sampleRate: Int
    /// The announcement at the output rate, loudness-normalised.
    package var samples: RenderedSamples
    /// The speed-up applied to fit the budget: the whole signal's, or that
    /// of the tier whose clips were sped up ahead; 1 when none was needed.
    package var speed: Double
    /// The length with the full pauses and no speed-up, in seconds.
    package var naturalDuration: Double
    /// The integrated loudness of ``audio`` in LUFS; `-infinity` when it is
    /// shorter than one 400 ms measuring block.
    ///
    /// At normal speed (``speed`` 1) this is estimated, not measured: the
    /// clips' K-weighted energy (after the limiter, when it acted), measured
    /// once per clip with libebur128, summed into BS.1770's gating blocks as
    /// the announcement lays them out.
    /// It is within a few hundredths of a LU of what libebur128 measures on
    /// the written file. Sped-up audio is measured.
    package var loudness: Double
    /// The true peak of ``audio`` in dBTP.
    ///
    /// At normal speed this is the largest true peak of the clips, each
    /// measured once with libebur128, plus the gain (or, when the limiter
    /// acted, of the limited clips): exact when the clips
    /// are apart or faded (the joins add nothing), otherwise the audio is
    /// measured. It is never below what libebur128 measures on the file.
    package var truePeak: Double
    /// The gain applied to reach the loudness target, in dB, before the
    /// limiter.
    package var gain: Double
    /// How far the true-peak limiter lowered the loudest peak below the
    /// gain, in dB: 0 when the peaks at the gain stayed under the ceiling
    /// and the limiter left every sample alone.
    package var limiting: Double

    /// A rendering result; ``Renderer/render(_:pcm16:)`` makes these.
    package init(
        sampleRate: Int, samples: RenderedSamples, speed: Double, naturalDuration: Double, loudness: Double,
        truePeak: Double, gain: Double, limiting: Double = 0
    ) {
        self.sampleRate = sampleRate
        self.samples = samples
        self.speed = speed
        self.naturalDuration = naturalDuration
        self.loudness = loudness
        self.truePeak = truePeak
        self.gain = gain
        self.limiting = limiting
    }

    /// The samples as floats in -1 ... 1; 16-bit samples are divided by
    /// 32768, which gives what decoding the written file gives.
    package var audio: AudioBuffer {
        switch samples {
        case .float(let samples):
            AudioBuffer(sampleRate: sampleRate, samples: samples)
        case .pcm16(let samples):
            AudioBuffer(sampleRate: sampleRate, samples: samples.map { Float($0) / 32_768 })
        }
    }

    /// The length in seconds.
    package var duration: Double { Double(samples.count) / Double(sampleRate) }
}
