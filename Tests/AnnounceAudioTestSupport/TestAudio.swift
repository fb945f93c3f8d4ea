import AnnounceServer
import AnnounceTestSupport
import Foundation

/// Synthetic clips for the engine tests: tones, bursts and noise at known
/// levels, written to a temporary folder.
package enum TestAudio {
    /// A tone of `frequency` Hz with a few harmonics (speech-like, so
    /// libsonic finds a pitch), `seconds` long, peaking near `amplitude`.
    /// Starts at full amplitude (cosine phase) so an unfaded edge would click.
    package static func tone(_ frequency: Double, seconds: Double, amplitude: Double, rate: Int) -> [Float] {
        let count = Int((seconds * Double(rate)).rounded())
        return (0..<count).map { index in
            let phase = 2 * Double.pi * frequency * Double(index) / Double(rate)
            let value = cos(phase) + 0.5 * cos(2 * phase) + 0.25 * cos(3 * phase)
            return Float(amplitude * value / 1.75)
        }
    }

    /// Pure sine (crest factor 3 dB), starting at full amplitude.
    package static func sine(_ frequency: Double, seconds: Double, amplitude: Double, rate: Int) -> [Float] {
        let count = Int((seconds * Double(rate)).rounded())
        return (0..<count).map { index in
            Float(amplitude * cos(2 * Double.pi * frequency * Double(index) / Double(rate)))
        }
    }

    /// Deterministic white noise in ±`amplitude` (a fricative such as s, f).
    package static func noise(seconds: Double, amplitude: Double, rate: Int, seed: UInt32 = 12345) -> [Float] {
        var state = seed
        let count = Int((seconds * Double(rate)).rounded())
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(amplitude * (Double(state >> 8) / Double(1 << 23) - 1))
        }
    }

    package static func silence(seconds: Double, rate: Int) -> [Float] {
        [Float](repeating: 0, count: Int((seconds * Double(rate)).rounded()))
    }

    /// Root mean square of `samples`, in dBFS.
    package static func rms(_ samples: some Collection<Float>) -> Double {
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return 10 * log10(sum / Double(max(1, samples.count)))
    }

    /// Largest sample step: a click shows as a jump far above the signal's
    /// own slope.
    package static func largestStep(_ samples: [Float]) -> Float {
        zip(samples, samples.dropFirst()).reduce(0) { max($0, abs($1.1 - $1.0)) }
    }
}

extension ScratchFolder {
    /// Writes `samples` as a 16-bit WAV clip named `name` and returns its path.
    package func clip(_ name: String, _ samples: [Float], rate: Int = 16_000) throws -> String {
        let path = file(name)
        try SoundFile.write(AudioBuffer(sampleRate: rate, samples: samples), format: OutputFormat(container: .wav, encoding: .pcm16), to: path)
        return path
    }
}
