import AnnounceEngine
import CAubio

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fundamental frequency (F0) of a mono signal, 200 frames a second:
/// aubio's YIN detector in its FFT form (`yinfast`), which gives each frame
/// a pitch and how sure it is. What the studio's tone check measures a
/// clip's tones with; nothing on the rendering path calls it.
package struct PitchTrack: Sendable, Equatable {
    /// One 5 ms frame.
    package struct Frame: Sendable, Equatable {
        /// The F0 in hertz; nil when the frame is not voiced (YIN's
        /// confidence under ``PitchTracker/minimumConfidence``, or outside
        /// ``PitchTracker/voiceRange``).
        package var hertz: Double?
        /// The frame's level, dB relative to full scale (RMS of its samples).
        package var level: Double
    }

    /// Frames per second, as near as the sample rate allows (a frame is a
    /// whole number of samples: rate / 200).
    package static let framesPerSecond = 200
    /// The frames, one every ``secondsPerFrame`` from the start of the signal.
    package var frames: [Frame]
    /// How long a frame is: 5 ms, or a little less where the rate is not a
    /// multiple of 200 (4.989 ms at 44.1 kHz).
    package var secondsPerFrame: Double

    package init(frames: [Frame], secondsPerFrame: Double = 1 / Double(framesPerSecond)) {
        self.frames = frames
        self.secondsPerFrame = secondsPerFrame
    }
}

/// aubio's pitch detector over a whole signal.
package enum PitchTracker {
    /// The F0 a speaking voice can have, in hertz; a frame outside is
    /// unvoiced (a fricative's noise, a click).
    package static let voiceRange = 50.0...600.0
    /// YIN's confidence (1 minus the dip of its normalised difference
    /// function) under which a frame counts as unvoiced.
    package static let minimumConfidence = 0.7
    /// YIN's threshold: the first dip under it is taken as the period
    /// (aubio's own default for `yinfast`).
    static let tolerance: Float = 0.15
    /// The constant added to what aubio is given (-80 dBFS), so that no hop
    /// is silent to its gate.
    static let offset: Float = 1e-4

    /// The track of `audio`: a frame every rate / 200 samples (5 ms), each
    /// frame's level that of its own samples and its pitch YIN's over a
    /// window of at least 32 ms (two periods of 60 Hz; a power of two of
    /// samples: 32 ms at 16 kHz, 43 ms at 48 kHz) centred on it. An empty or
    /// too-short signal gives no frames.
    /// The corresponding C functions are `new_aubio_pitch`, `aubio_pitch_do`
    /// and `aubio_pitch_get_confidence`.
    package static func track(_ audio: AudioBuffer) -> PitchTrack {
        let rate = audio.sampleRate
        let hop = rate / PitchTrack.framesPerSecond
        guard rate >= 8_000, hop > 0, audio.samples.count >= hop else { return PitchTrack(frames: []) }
        // A power of two for the FFT, at least 32 ms: 512 at 16 kHz.
        var window = 256
        while window * 1000 < rate * 32 { window *= 2 }
        guard let detector = new_aubio_pitch("yinfast", UInt32(window), UInt32(hop), UInt32(rate)) else {
            return PitchTrack(frames: [])
        }
        defer { del_aubio_pitch(detector) }
        aubio_pitch_set_unit(detector, "Hz")
        aubio_pitch_set_tolerance(detector, tolerance)
        // Silence is judged here by level, not by aubio's gate.
        aubio_pitch_set_silence(detector, -120)
        guard let input = new_fvec(UInt32(hop)), let output = new_fvec(1) else { return PitchTrack(frames: []) }
        defer {
            del_fvec(input)
            del_fvec(output)
        }
        // After the k-th call aubio's window ends with hop k, so it is
        // centred (window - hop) / 2 samples before hop k's middle: hop k's
        // pitch is the call `lag` later's (3 at 16 kHz), and the signal is
        // followed by that many hops of silence. aubio gives no pitch for a
        // hop it finds silent (its level alone, whatever the window holds),
        // so what it is given carries a small constant offset, which YIN's
        // differences of samples do not see: the silence after the signal
        // and a hop of digital silence within it still let the window be
        // measured.
        let lag = Int((Double(window - hop) / 2 / Double(hop)).rounded())
        let count = audio.samples.count / hop
        var levels: [Double] = []
        var pitches: [Double?] = []
        levels.reserveCapacity(count)
        pitches.reserveCapacity(count + lag)
        audio.samples.withUnsafeBufferPointer { samples in
            for call in 0..<(count + lag) {
                var energy = 0.0
                for index in 0..<hop {
                    let sample = call < count ? samples[call * hop + index] : 0
                    input.pointee.data[index] = sample + offset
                    energy += Double(sample) * Double(sample)
                }
                if call < count { levels.append(energy > 0 ? 10 * log10(energy / Double(hop)) : -200) }
                aubio_pitch_do(detector, input, output)
                let hertz = Double(output.pointee.data[0])
                let confidence = Double(aubio_pitch_get_confidence(detector))
                pitches.append(confidence >= minimumConfidence && voiceRange.contains(hertz) ? hertz : nil)
            }
        }
        return PitchTrack(
            frames: (0..<count).map { PitchTrack.Frame(hertz: pitches[$0 + lag], level: levels[$0]) },
            secondsPerFrame: Double(hop) / Double(rate))
    }
}
