import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Levels and silences of a piece of audio, as `announce voice check` shows them.
package struct AudioStatistics: Equatable, Sendable {
    /// The level below which a sample counts as silence (dBFS).
    package static let silenceThreshold = -50.0

    /// The length, in seconds.
    package var duration: Double
    /// Largest absolute sample, in dBFS (-inf for digital silence).
    package var peak: Double
    /// Root mean square over the whole buffer, in dBFS.
    package var rms: Double
    /// Silence before the first sample above ``silenceThreshold``, in seconds.
    package var leadingSilence: Double
    /// Silence after the last sample above ``silenceThreshold``, in seconds.
    package var trailingSilence: Double
}

extension AudioBuffer {
    /// Measures peak, RMS and the silence at both ends.
    package var statistics: AudioStatistics {
        let threshold = Float(pow(10, AudioStatistics.silenceThreshold / 20))
        var peak: Float = 0
        var sumOfSquares: Double = 0
        var first: Int?
        var last = -1
        samples.withUnsafeBufferPointer { buffer in
            for (index, sample) in buffer.enumerated() {
                let magnitude = abs(sample)
                peak = max(peak, magnitude)
                sumOfSquares += Double(sample) * Double(sample)
                if magnitude > threshold {
                    if first == nil { first = index }
                    last = index
                }
            }
        }
        let count = samples.count
        let rate = Double(sampleRate)
        let leading = first ?? count
        let trailing = first == nil ? 0 : count - 1 - last
        return AudioStatistics(
            duration: duration,
            peak: Self.decibels(Double(peak)),
            rms: count > 0 ? Self.decibels((sumOfSquares / Double(count)).squareRoot()) : -.infinity,
            leadingSilence: Double(leading) / rate,
            trailingSilence: Double(trailing) / rate)
    }

    static func decibels(_ amplitude: Double) -> Double {
        amplitude > 0 ? 20 * log10(amplitude) : -.infinity
    }
}
