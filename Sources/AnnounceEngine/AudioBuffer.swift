/// Mono audio in memory: samples in -1 ... 1 at a sample rate.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package struct AudioBuffer: Equatable, Sendable {
    /// Frames per second, in hertz.
    package var sampleRate: Int
    /// The samples, one per frame, in -1 ... 1.
    package var samples: [Float]

    /// A buffer of `samples` (in -1 ... 1) at `sampleRate` hertz.
    package init(sampleRate: Int, samples: [Float]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// The length in seconds.
    package var duration: Double { Double(samples.count) / Double(sampleRate) }
}
