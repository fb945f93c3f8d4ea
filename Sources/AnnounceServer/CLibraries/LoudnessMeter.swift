import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
import CEBUR128

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A libebur128 state measuring one mono signal. Owns the state and
/// destroys it exactly once.
final class LoudnessMeter {
    /// What a meter measures; each costs time per sample.
    struct Mode: OptionSet {
        let rawValue: Int32
        /// Integrated loudness, BS.1770 gating (``integratedLoudness``).
        static let integrated = Mode(rawValue: Int32(bitPattern: EBUR128_MODE_I.rawValue))
        /// The true peak, 4x oversampled (``truePeakAmplitude``): by far the
        /// most expensive part, about 50 ns a sample.
        static let truePeak = Mode(rawValue: Int32(bitPattern: EBUR128_MODE_TRUE_PEAK.rawValue))
        /// Only the K-weighted energy of recent windows (``energy(ofLast:)``).
        static let windows = Mode(rawValue: Int32(bitPattern: EBUR128_MODE_M.rawValue))
    }

    /// An integrated loudness or window energy below every gate: what
    /// libebur128 reports for silence.
    private static let silent = -Double.infinity

    private var state: UnsafeMutablePointer<ebur128_state>?
    let sampleRate: Int

    /// A meter for mono audio at `sampleRate`.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` when libebur128
    ///   refuses the rate or cannot allocate.
    /// The corresponding C function is `ebur128_init`.
    init(sampleRate: Int, mode: Mode = [.integrated, .truePeak]) throws(AudioError) {
        guard sampleRate > 0, let state = ebur128_init(1, UInt(sampleRate), mode.rawValue) else {
            throw AudioError(.unsupportedFormat, "cannot measure loudness at \(sampleRate) Hz")
        }
        self.state = state
        self.sampleRate = sampleRate
    }

    deinit {
        ebur128_destroy(&state)
    }

    /// Adds `samples` to the measurement.
    /// The corresponding C function is `ebur128_add_frames_float`.
    func add(_ samples: [Float]) throws(AudioError) {
        try samples.withUnsafeBufferPointer { samples throws(AudioError) in try add(samples) }
    }

    /// Adds `samples` to the measurement.
    /// The corresponding C function is `ebur128_add_frames_float`.
    func add(_ samples: UnsafeBufferPointer<Float>) throws(AudioError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        let status = ebur128_add_frames_float(state, base, samples.count)
        guard status == Int32(EBUR128_SUCCESS.rawValue) else {
            throw AudioError(.unsupportedFormat, "libebur128 could not measure the audio (error \(status))")
        }
    }

    /// Adds `count` frames of digital silence.
    func addSilence(_ count: Int) throws(AudioError) {
        guard count > 0 else { return }
        let zeros = [Float](repeating: 0, count: count)
        try add(zeros)
    }

    /// The integrated loudness in LUFS so far; `-infinity` when no 400 ms
    /// block passed the gates (shorter than 0.4 s, or silent).
    /// The corresponding C function is `ebur128_loudness_global`.
    var integratedLoudness: Double {
        var loudness = Self.silent
        guard ebur128_loudness_global(state, &loudness) == Int32(EBUR128_SUCCESS.rawValue), loudness.isFinite else {
            return Self.silent
        }
        return loudness
    }

    /// The true peak (4x oversampled, never below the sample peak) so far,
    /// as a linear amplitude.
    /// The corresponding C function is `ebur128_true_peak`.
    var truePeakAmplitude: Double {
        var peak = 0.0
        guard ebur128_true_peak(state, 0, &peak) == Int32(EBUR128_SUCCESS.rawValue), peak.isFinite else { return 0 }
        return peak
    }

    /// The true peak (4x oversampled, never below the sample peak) of the
    /// frames of the last ``add(_:)-(UnsafeBufferPointer<Float>)`` call, as a linear amplitude.
    /// The corresponding C function is `ebur128_prev_true_peak`.
    var previousTruePeakAmplitude: Double {
        var peak = 0.0
        guard ebur128_prev_true_peak(state, 0, &peak) == Int32(EBUR128_SUCCESS.rawValue), peak.isFinite else { return 0 }
        return peak
    }

    /// The mean square of the K-weighted signal over the last
    /// `milliseconds` (`sampleRate × milliseconds / 1000` frames, rounded
    /// down, as libebur128 counts them); 0 for silence.
    /// The corresponding C function is `ebur128_loudness_window`.
    func energy(ofLast milliseconds: Int) throws(AudioError) -> Double {
        var loudness = Self.silent
        let status = ebur128_loudness_window(state, UInt(max(0, milliseconds)), &loudness)
        guard status == Int32(EBUR128_SUCCESS.rawValue) else {
            throw AudioError(.unsupportedFormat, "libebur128 could not measure a \(milliseconds) ms window (error \(status))")
        }
        return Decibels.energy(loudness: loudness)
    }
}
