import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// How the renderer joins clips into one announcement: output rate,
/// time budget, pauses, fades and loudness.
///
/// The defaults fit an iOS notification sound: at most 6 s (the banner's
/// time on screen), speech sped up by at most 35 % before giving up, and
/// -16 LUFS with 1 dB of true-peak headroom, the usual level for speech on
/// phones. ``validate()`` lists the accepted ranges.
public struct RenderSettings: Hashable, Sendable, CustomStringConvertible {
    /// The accepted output sample rates.
    public static let sampleRates = 8_000...48_000
    /// The accepted speed-up limits: libsonic stays clean for speech well
    /// beyond 2x, but past 4x words are no longer understood.
    public static let speeds = 1.0...4.0
    /// The shortest budget, in seconds: a few frames at any rate.
    public static let shortestBudget = 0.001
    /// The longest budget, in seconds: iOS plays a notification sound of
    /// at most 30 s (a longer one plays the default sound instead).
    public static let longestBudget = 30.0

    /// The output sample rate in Hz; nil (the default) takes the voice's
    /// rate, or 16 kHz where no voice gives one: speech needs nothing above
    /// 8 kHz, and the files stay small. Clips at another rate are resampled.
    public var sampleRate: Int?
    /// The hard maximum length in seconds: the rendered audio never has more
    /// than `floor(budget × sampleRate)` frames.
    public var budget: Double
    /// The largest speed-up (pitch kept) used to fit the budget once pauses
    /// are at their floors. 1 never speeds up.
    public var maxSpeed: Double
    /// The pause between the prefix (支付宝到账) and the amount, in seconds.
    public var prefixPause: Double
    /// The shortest ``prefixPause`` the budget may shrink it to: below about
    /// 50 ms the prefix runs into the amount.
    public var minimumPrefixPause: Double
    /// The silence between two words of the amount, in seconds. The clips
    /// keep a few ms of their own lead-in and tail, so a small gap is enough.
    public var wordGap: Double
    /// The shortest ``wordGap`` the budget may shrink it to.
    public var minimumWordGap: Double
    /// The fade in and out at both ends of every clip, in seconds, so that
    /// no join and neither end of the file clicks.
    public var fade: Double
    /// The integrated loudness to reach, in LUFS (EBU R 128).
    public var loudnessTarget: Double
    /// The highest true peak allowed, in dBTP: the gain is lowered below the
    /// loudness target when the peak would pass it.
    public var truePeakCeiling: Double
    /// The budget in frames is rounded down to a multiple of this. Some
    /// formats pad the file to whole packets (AIFF-C IMA4 stores 64 frames a
    /// packet, AIFF 8-bit an even number), so a rendered length within the
    /// budget could be written as a file just over it. The default, 64, keeps
    /// every ``/AnnounceWire/OutputFormat`` within the budget at the cost of at most 63
    /// frames (4 ms at 16 kHz); ``/AnnounceWire/OutputFormat/frameMultiple`` is the least
    /// one format needs, and 1 makes the limit exact to the sample.
    public var frameMultiple: Int

    /// Settings with the defaults above, any of them replaced.
    public init(
        sampleRate: Int? = nil,
        budget: Double = 6.0,
        maxSpeed: Double = 1.35,
        prefixPause: Double = 0.12,
        minimumPrefixPause: Double = 0.05,
        wordGap: Double = 0.02,
        minimumWordGap: Double = 0,
        fade: Double = 0.004,
        loudnessTarget: Double = -16,
        truePeakCeiling: Double = -1,
        frameMultiple: Int = 64
    ) {
        self.sampleRate = sampleRate
        self.budget = budget
        self.maxSpeed = maxSpeed
        self.prefixPause = prefixPause
        self.minimumPrefixPause = minimumPrefixPause
        self.wordGap = wordGap
        self.minimumWordGap = minimumWordGap
        self.fade = fade
        self.loudnessTarget = loudnessTarget
        self.truePeakCeiling = truePeakCeiling
        self.frameMultiple = frameMultiple
    }

    /// Checks every setting against its range.
    /// - Throws: ``/AnnounceCommon/AudioError`` of kind `unsupportedFormat` naming the first
    ///   setting out of range.
    public func validate() throws(AudioError) {
        guard Self.sampleRates.contains(rate) else {
            throw AudioError(.unsupportedFormat, "sample rate \(rate) Hz is not offered (\(Self.sampleRates.lowerBound) to \(Self.sampleRates.upperBound) Hz)")
        }
        try Self.check("budget", budget, Self.shortestBudget...Self.longestBudget, unit: " s")
        try Self.check("maxSpeed", maxSpeed, Self.speeds, unit: "")
        for (name, seconds) in [
            ("prefixPause", prefixPause), ("minimumPrefixPause", minimumPrefixPause),
            ("wordGap", wordGap), ("minimumWordGap", minimumWordGap), ("fade", fade),
        ] {
            try Self.check(name, seconds, 0...10, unit: " s")
        }
        try Self.check("loudnessTarget", loudnessTarget, -70...0, unit: " LUFS")
        try Self.check("truePeakCeiling", truePeakCeiling, -70...0, unit: " dBTP")
        guard (1...4096).contains(frameMultiple) else {
            throw AudioError(.unsupportedFormat, "frameMultiple must be between 1 and 4096, not \(frameMultiple)")
        }
    }

    private static func check(
        _ name: String, _ value: Double, _ range: ClosedRange<Double>, unit: String
    ) throws(AudioError) {
        // `contains` is false for NaN, so NaN and infinities are refused here.
        guard range.contains(value) else {
            throw AudioError(
                .unsupportedFormat,
                "\(name) must be between \(range.lowerBound.shortDescription) and \(range.upperBound.shortDescription)\(unit), not \(value)")
        }
    }

    /// Every setting, exactly as Swift's reflection would print the struct
    /// (`RenderSettings(sampleRate: 16000, budget: 6.0, …)`), which sound
    /// names digest: written out because reflection takes about 13 µs, a
    /// tenth of rendering an announcement.
    public var description: String {
        "RenderSettings(sampleRate: \(rate), budget: \(budget), maxSpeed: \(maxSpeed), prefixPause: \(prefixPause), "
            + "minimumPrefixPause: \(minimumPrefixPause), wordGap: \(wordGap), minimumWordGap: \(minimumWordGap), fade: \(fade), "
            + "loudnessTarget: \(loudnessTarget), truePeakCeiling: \(truePeakCeiling), frameMultiple: \(frameMultiple))"
    }

    /// The rate the renderer works at: ``sampleRate``, or 16 kHz.
    package var rate: Int { sampleRate ?? Self.fallbackRate }

    /// The rate used where neither the settings nor a voice give one.
    package static let fallbackRate = 16_000

    /// The most frames the rendered audio may have.
    package var frameLimit: Int {
        // `validate()` bounds budget × rate to 30 × 48000, far inside Int.
        let frames = Int((budget * Double(rate)).rounded(.down))
        return frames - frames % frameMultiple
    }

    /// `seconds` as a whole number of frames at the output rate.
    package func frames(_ seconds: Double) -> Int {
        Int((seconds * Double(rate)).rounded())
    }
}
