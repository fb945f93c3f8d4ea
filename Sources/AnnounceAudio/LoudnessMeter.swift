import CEBUR128

/// A libebur128 state measuring one mono signal's integrated loudness and
/// true peak. Owns the state and destroys it exactly once.
final class LoudnessMeter {
    private var state: UnsafeMutablePointer<ebur128_state>?

    /// A meter for mono audio at `sampleRate`.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libebur128
    ///   refuses the rate or cannot allocate.
    /// The corresponding C function is `ebur128_init`.
    init(sampleRate: Int) throws(AudioError) {
        let mode = Int32(bitPattern: EBUR128_MODE_I.rawValue | EBUR128_MODE_TRUE_PEAK.rawValue)
        guard sampleRate > 0, let state = ebur128_init(1, UInt(sampleRate), mode) else {
            throw AudioError(.unsupportedFormat, "cannot measure loudness at \(sampleRate) Hz")
        }
        self.state = state
    }

    deinit {
        ebur128_destroy(&state)
    }

    /// Adds `samples` to the measurement.
    /// The corresponding C function is `ebur128_add_frames_float`.
    func add(_ samples: [Float]) throws(AudioError) {
        let status = samples.withUnsafeBufferPointer { samples in
            ebur128_add_frames_float(state, samples.baseAddress, samples.count)
        }
        guard status == Int32(EBUR128_SUCCESS.rawValue) else {
            throw AudioError(.unsupportedFormat, "libebur128 could not measure the audio (error \(status))")
        }
    }

    /// The integrated loudness in LUFS so far; `-infinity` when no 400 ms
    /// block passed the gates (shorter than 0.4 s, or silent).
    /// The corresponding C function is `ebur128_loudness_global`.
    var integratedLoudness: Double {
        var loudness = -Double.infinity
        guard ebur128_loudness_global(state, &loudness) == Int32(EBUR128_SUCCESS.rawValue), loudness.isFinite else {
            return -.infinity
        }
        return loudness
    }

    /// The true peak (4x oversampled) so far, as a linear amplitude.
    /// The corresponding C function is `ebur128_true_peak`.
    var truePeakAmplitude: Double {
        var peak = 0.0
        guard ebur128_true_peak(state, 0, &peak) == Int32(EBUR128_SUCCESS.rawValue), peak.isFinite else { return 0 }
        return peak
    }
}
