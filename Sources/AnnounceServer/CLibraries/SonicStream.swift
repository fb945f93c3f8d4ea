import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
import CSonic

/// A libsonic stream: speeds speech up (or down) while keeping its pitch.
/// Owns the stream and destroys it exactly once.
package final class SonicStream {
    private let stream: sonicStream

    /// A mono stream at `sampleRate` that plays `speed` times as fast.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libsonic
    ///   cannot allocate the stream.
    /// The corresponding C functions are `sonicCreateStream` and `sonicSetSpeed`.
    package init(sampleRate: Int, speed: Double) throws(AudioError) {
        guard let rate = Int32(exactly: sampleRate), rate > 0,
            let stream = sonicCreateStream(rate, 1)
        else {
            throw AudioError(.unsupportedFormat, "cannot change speed at \(sampleRate) Hz (libsonic could not start)")
        }
        self.stream = stream
        sonicSetSpeed(stream, Float(speed))
    }

    deinit {
        sonicDestroyStream(stream)
    }

    /// All of `samples` through the stream, flushed: about
    /// `samples.count / speed` samples, not exactly (libsonic works in
    /// pitch periods).
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libsonic
    ///   runs out of memory.
    /// The corresponding C functions are `sonicWriteFloatToStream`,
    /// `sonicFlushStream` and `sonicReadFloatFromStream`.
    package func process(_ samples: [Float]) throws(AudioError) -> [Float] {
        guard let count = Int32(exactly: samples.count) else {
            throw AudioError(.unsupportedFormat, "\(samples.count) samples are too many to change speed")
        }
        let written = samples.withUnsafeBufferPointer { input in
            // libsonic declares a non-const pointer but only copies from it,
            // so the samples need not be copied into a mutable array first.
            sonicWriteFloatToStream(stream, input.baseAddress.map(UnsafeMutablePointer.init(mutating:)), count)
        }
        guard written != 0, sonicFlushStream(stream) != 0 else {
            throw AudioError(.unsupportedFormat, "libsonic ran out of memory changing the speed")
        }
        let available = Int(max(0, sonicSamplesAvailable(stream)))
        return [Float](unsafeUninitializedCapacity: available) { output, initialized in
            var total = 0
            while total < available, let base = output.baseAddress {
                let read = Int(sonicReadFloatFromStream(stream, base + total, Int32(available - total)))
                guard read > 0 else { break }
                total += read
            }
            initialized = total
        }
    }
}
