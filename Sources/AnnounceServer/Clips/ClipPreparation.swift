import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a clip file becomes a ``PreparedClip``: resampled to the output rate,
/// silence trimmed at both ends, every clip brought to one level so no word
/// stands out from its neighbours, faded in and out, and measured with
/// libebur128 (``ClipMeasurement``), so that an announcement's loudness
/// follows from its clips'.
///
/// Levels are measured on an envelope of short windows. Trimming keeps a
/// margin around the first and last window within ``silenceThreshold`` of the
/// loudest one, so quiet onsets such as the s of 三, the f of 分 or the sh of
/// 收 survive. The level is the RMS of the windows within ``activeRange`` of
/// the loudest one: the voiced part, not the pauses inside the clip.
package struct ClipPreparation: Hashable, Sendable {
    /// Where speech starts and ends, in dB below the loudest window.
    package var silenceThreshold: Double
    /// Audio kept before the first window above the threshold, in seconds.
    package var leadMargin: Double
    /// Audio kept after the last window above the threshold, in seconds:
    /// a bit more than ``leadMargin`` because speech decays slowly.
    package var tailMargin: Double
    /// The envelope window, in seconds (measured every millisecond).
    package var window: Double
    /// Windows within this many dB of the loudest count for the level.
    package var activeRange: Double
    /// The RMS level of the active windows every clip is brought to, in dBFS.
    package var level: Double
    /// The highest sample peak a clip may reach, in dBFS: a clip whose peaks
    /// stand more than `level - peakCeiling` (16 dB) above its RMS stays
    /// below ``level``. The final gain stops where the loudest peak of the
    /// announcement meets the true-peak ceiling, so one peaky word would
    /// otherwise hold every other word down; with the bundled voice only
    /// 元 is affected, by under 2 dB.
    package var peakCeiling: Double

    /// A preparation with the defaults above, any of them replaced.
    package init(
        silenceThreshold: Double = -40,
        leadMargin: Double = 0.015,
        tailMargin: Double = 0.03,
        window: Double = 0.005,
        activeRange: Double = 30,
        level: Double = -20,
        peakCeiling: Double = -4
    ) {
        self.silenceThreshold = silenceThreshold
        self.leadMargin = leadMargin
        self.tailMargin = tailMargin
        self.window = window
        self.activeRange = activeRange
        self.level = level
        self.peakCeiling = peakCeiling
    }

    /// Reads the clip at `path` and prepares it for `sampleRate`, faded in
    /// and out over `fadeFrames` and measured.
    /// - Throws: ``AudioError`` naming `path`: `unreadable` when it is not a
    ///   regular file or libsndfile cannot decode it, `unusableClip` when
    ///   ``ClipAcceptance`` refuses it (empty, silent, too quiet, too short).
    package func prepareClip(at path: String, sampleRate: Int, fadeFrames: Int = 0) throws(AudioError) -> PreparedClip {
        try levelClip(at: path, sampleRate: sampleRate).prepared(fadeFrames: fadeFrames)
    }

    /// Prepares decoded `audio` for `sampleRate`, faded in and out over
    /// `fadeFrames` and measured; `path` names it in errors.
    /// - Throws: ``AudioError`` of kind `unusableClip` when
    ///   ``ClipAcceptance`` refuses the audio; `unsupportedFormat` when the
    ///   rates cannot be converted or a setting is out of range.
    package func prepare(_ audio: AudioBuffer, from path: String, sampleRate: Int, fadeFrames: Int = 0) throws(AudioError) -> PreparedClip {
        try level(audio, from: path, sampleRate: sampleRate).prepared(fadeFrames: fadeFrames)
    }

    /// Reads the clip at `path`, resampled, trimmed and levelled.
    func levelClip(at path: String, sampleRate: Int) throws(AudioError) -> LevelledClip {
        let (audio, _) = try ClipAcceptance.read(path)
        return try level(audio, from: path, sampleRate: sampleRate)
    }

    /// `audio` resampled, trimmed and levelled.
    func level(_ audio: AudioBuffer, from path: String, sampleRate: Int) throws(AudioError) -> LevelledClip {
        try validate()
        try ClipAcceptance.require(audio, from: path, preparation: self)
        let resampled = try Resampler.resample(audio, to: sampleRate, path: path)
        let (samples, gain) = resampled.samples.withUnsafeBufferPointer { samples in
            trimAndLevel(samples, sampleRate: sampleRate)
        }
        guard !samples.isEmpty else {
            throw AudioError(.unusableClip, "\(MessageText.escaped(path)): the clip is too short to use at \(sampleRate) Hz")
        }
        return LevelledClip(
            path: path, audio: AudioBuffer(sampleRate: sampleRate, samples: samples),
            originalDuration: audio.duration, gain: gain)
    }

    /// The envelope of `samples` and the blocks from the first to the last
    /// that reach ``silenceThreshold`` below the loudest: the speech, before
    /// margins are added. Nil when there is none.
    private func speechBlocks(
        _ samples: UnsafeBufferPointer<Float>, sampleRate: Int
    ) -> (envelope: Envelope, blocks: ClosedRange<Int>)? {
        let blockFrames = max(1, sampleRate / 1000)
        let windowBlocks = max(1, Int((window * 1000).rounded())) | 1
        let envelope = Envelope(samples, blockFrames: blockFrames, windowBlocks: windowBlocks)
        guard envelope.maximum > 0,
            let speech = envelope.blocks(reaching: envelope.maximum * Self.power(silenceThreshold))
        else { return nil }
        return (envelope, speech)
    }

    /// How many frames of `samples` trimming keeps as sound, not counting
    /// the margins around it: what ``ClipAcceptance`` measures.
    func speechFrames(_ samples: UnsafeBufferPointer<Float>, sampleRate: Int) -> Int {
        guard let (envelope, blocks) = speechBlocks(samples, sampleRate: sampleRate) else { return 0 }
        let start = blocks.lowerBound * envelope.blockFrames
        return min(samples.count, (blocks.upperBound + 1) * envelope.blockFrames) - start
    }

    /// The trimming rule: the frames of `samples` that hold speech, from
    /// ``leadMargin`` before the first window within ``silenceThreshold`` of
    /// the loudest one to ``tailMargin`` after the last, and the envelope
    /// measured on the way; nil when nothing is left. The voice builder cuts
    /// its clips with this same rule.
    package func speech(in samples: UnsafeBufferPointer<Float>, sampleRate: Int) -> (Range<Int>, Envelope)? {
        guard let (envelope, speech) = speechBlocks(samples, sampleRate: sampleRate) else { return nil }
        let blockFrames = envelope.blockFrames
        let lead = Int((leadMargin * Double(sampleRate)).rounded())
        let tail = Int((tailMargin * Double(sampleRate)).rounded())
        let start = max(0, speech.lowerBound * blockFrames - lead)
        let end = min(samples.count, (speech.upperBound + 1) * blockFrames + tail)
        guard start < end else { return nil }
        return (start..<end, envelope)
    }

    /// Cuts the silence off both ends and scales to the common level.
    /// Returns the samples and the gain in dB.
    private func trimAndLevel(_ samples: UnsafeBufferPointer<Float>, sampleRate: Int) -> ([Float], Double) {
        guard let (range, scale, gain) = levelling(samples, sampleRate: sampleRate) else { return ([], 0) }
        let levelled = [Float](unsafeUninitializedCapacity: range.count) { output, initialized in
            for index in range { output[index - range.lowerBound] = samples[index] * scale }
            initialized = range.count
        }
        return (levelled, gain)
    }

    /// What trimming and levelling do to `samples`: the frames kept, and the
    /// factor each is multiplied by (with the gain in dB); nil when nothing
    /// is left. A device voice pack uses it to store a clip as its source's
    /// 16-bit samples and this factor.
    package func levelling(
        _ samples: UnsafeBufferPointer<Float>, sampleRate: Int
    ) -> (range: Range<Int>, scale: Float, gain: Double)? {
        guard let (range, envelope) = speech(in: samples, sampleRate: sampleRate) else { return nil }
        var peak: Float = 0
        for index in range { peak = max(peak, abs(samples[index])) }
        let active = envelope.activeMeanSquare(reaching: envelope.maximum * Self.power(-activeRange))
        guard active > 0, peak > 0 else { return nil }
        let gain = min(Self.amplitude(level) / active.squareRoot(), Self.amplitude(peakCeiling) / Double(peak))
        return (range, Float(gain), 20 * log10(gain))
    }

    /// Checks the settings: every value finite and in a range that means
    /// something for speech clips.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat`.
    package func validate() throws(AudioError) {
        let checks: [(String, Double, ClosedRange<Double>)] = [
            ("silenceThreshold", silenceThreshold, -120 ... -1),
            ("leadMargin", leadMargin, 0...1),
            ("tailMargin", tailMargin, 0...1),
            ("window", window, 0.001...0.1),
            ("activeRange", activeRange, 1...120),
            ("level", level, -60...0),
            ("peakCeiling", peakCeiling, -60...0),
        ]
        for (name, value, range) in checks where !range.contains(value) {
            throw AudioError(
                .unsupportedFormat,
                "clip preparation \(name) must be between \(range.lowerBound.shortDescription) and \(range.upperBound.shortDescription), not \(value)")
        }
    }

    /// The amplitude ratio of `decibels`.
    static func amplitude(_ decibels: Double) -> Double { pow(10, decibels / 20) }
    /// The power (mean-square) ratio of `decibels`.
    static func power(_ decibels: Double) -> Double { pow(10, decibels / 10) }
}
