import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A voice prepared for the phone: everything the ``Joiner`` needs to make
/// the server's samples without a C library, for one set of render
/// settings and one output format.
///
/// `announce voice export` makes it on the server: each clip as the engine
/// holds it (trimmed, levelled, faded, at the output rate, as 32-bit
/// floats) with its measurement, and for every gain of the limiter's grid
/// the clip can meet, the true-peak needs the limiter shaped it under and
/// the measurement of the result. Where an announcement is too long for the
/// budget at natural speed, a second tier holds every clip sped up ahead,
/// measured and limited the same way.
///
/// The file starts with ``magic``, the pack format and the engine version,
/// then a 64-bit digest of everything after it, which the reader checks
/// before trusting a single field.
public struct DevicePack: Sendable {
    /// The first 16 bytes of every pack.
    package static let magic: [UInt8] = Array("announce-pack\r\n\u{1A}".utf8)
    /// The layout of the bytes after the magic.
    package static let formatVersion: UInt32 = 1
    /// The file name extension of a pack.
    public static let fileExtension = "announcepack"

    /// The voice's id.
    public let voiceID: String
    /// The voice's digest: its manifest and every clip's bytes.
    package let voiceDigest: UInt64
    /// The voice's manifest, as it is on the server (licence, provenance,
    /// covers, maximum amount included).
    package let manifest: VoiceManifest
    /// The manifest's bytes, as read from the voice's `voice.json`.
    package let manifestBytes: [UInt8]
    /// The render settings the pack was made for, sample rate included.
    public let settings: RenderSettings
    /// The output format the pack's sound names are made for.
    public let format: OutputFormat
    /// The state the server's sound names of this voice, settings and
    /// format start from.
    package let nameSeed: UInt64
    /// The engine version the pack was made by.
    public let engineVersion: Int
    /// Natural speed first, then (if any) clips sped up ahead.
    package let tiers: [Tier]
    /// The fade every clip was faded with, for clips stored compactly.
    package let fade: FadeCurve
    /// The pack's size in bytes.
    public let size: Int

    /// The clips at one speed: held in memory (a pack being made), or where
    /// they lie in the bytes a pack was read from (``MappedTier``).
    package struct Tier: Sendable {
        /// 1 for the clips as recorded; above 1, sped up ahead by that
        /// factor.
        package var speed: Double
        /// The clips of a tier held in memory; empty in a tier read from
        /// bytes.
        private var held: [String: Clip]
        /// Where the clips of a tier read from bytes lie.
        private var mapped: MappedTier?

        package init(speed: Double, clips: [String: Clip]) {
            self.speed = speed
            self.held = clips
            self.mapped = nil
        }

        init(speed: Double, mapped: MappedTier) {
            self.speed = speed
            self.held = [:]
            self.mapped = mapped
        }

        /// By clip file, as the manifest names it. A tier read from bytes
        /// reads every clip here, whole; an announcement reads only its
        /// own (``preparedClip(_:fade:)``, ``limited(_:step:)``).
        package var clips: [String: Clip] {
            get { mapped?.storedClips() ?? held }
            set {
                held = newValue
                mapped = nil
            }
        }

        /// The clip `file` ready to join, its samples made (with `fade`,
        /// for a compact clip); nil when the tier has no such clip.
        /// - Throws: ``PackError`` when a mapped pack's bytes changed
        ///   after load and no longer read.
        package func preparedClip(_ file: String, fade: FadeCurve) throws(PackError) -> PreparedClip? {
            guard let mapped else { return held[file]?.prepared(fade: fade) }
            return try mapped.preparedClip(file, fade: fade)
        }

        /// How the clip `file` is limited at grid step `step`; nil when the
        /// tier has no such clip or no data for that step.
        /// - Throws: ``PackError`` when a mapped pack's bytes changed
        ///   after load and no longer read.
        package func limited(_ file: String, step: Int) throws(PackError) -> Limited? {
            guard let mapped else { return held[file]?.limited[step] }
            return try mapped.limited(file, step: step)
        }
    }

    /// A prepared clip and its limiter data.
    package struct Clip: Sendable {
        /// The prepared clip; its path is the file the manifest names. A
        /// clip read from a pack's bytes leaves the samples of a compact
        /// clip empty: ``prepared(fade:)`` makes them from ``compact``.
        package var prepared: PreparedClip
        /// By grid step (gain = step × ``Joiner/limiterGainStep``): how the
        /// clip is limited at every gain of the grid it can meet.
        package var limited: [Int: Limited]
        /// The clip's samples as 16-bit codes that make them again, when
        /// there are such (``CompactSamples``); else the pack holds floats.
        package var compact: CompactSamples?

        package init(prepared: PreparedClip, limited: [Int: Limited], compact: CompactSamples? = nil) {
            self.prepared = prepared
            self.limited = limited
            self.compact = compact
        }

        /// The clip's frames.
        package var frames: Int { compact?.codes.count ?? prepared.audio.samples.count }

        /// The prepared clip with its samples, made from the compact codes
        /// (with `fade`) when the pack holds them so.
        package func prepared(fade: FadeCurve) -> PreparedClip {
            guard let compact, prepared.audio.samples.count != compact.codes.count else { return prepared }
            var clip = prepared
            clip.audio.samples = compact.samples(fade: fade)
            return clip
        }
    }

    /// A clip's samples as half the bytes: 16-bit codes, each as a float
    /// (code / 32768, exact) times `scale`, then faded with the pack's fade
    /// when `faded`. A clip read from a 16-bit file at the output rate is
    /// exactly that (its levelling is one float multiplication); export
    /// stores a clip so only when these codes make its samples again to the
    /// bit.
    package struct CompactSamples: Equatable, Sendable {
        package var codes: [Int16]
        package var scale: Float
        package var faded: Bool

        package init(codes: [Int16], scale: Float, faded: Bool) {
            self.codes = codes
            self.scale = scale
            self.faded = faded
        }

        /// The samples these codes make, with `fade` where ``faded``.
        package func samples(fade: FadeCurve) -> [Float] {
            var samples = codes.map { Float($0) / 32_768 * scale }
            if faded { samples.withUnsafeMutableBufferPointer { fade.apply(to: $0) } }
            return samples
        }
    }

    /// How one clip is limited at one gain.
    package struct Limited: Sendable {
        /// The true-peak needs the gain curve is shaped under, as runs of
        /// frames below 1 (every other frame needs nothing: 1).
        package var needs: [NeedRun]
        /// The factor the result was scaled down by (1 almost always).
        package var down: Float
        /// The measurement of the limited clip.
        package var measurement: ClipMeasurement

        package init(needs: [NeedRun], down: Float, measurement: ClipMeasurement) {
            self.needs = needs
            self.down = down
            self.measurement = measurement
        }
    }

    /// Frames `start ..< start + length` of a clip's needs, all `value`.
    package struct NeedRun: Equatable, Sendable {
        package var start: Int
        package var length: Int
        package var value: Float

        package init(start: Int, length: Int, value: Float) {
            self.start = start
            self.length = length
            self.value = value
        }

        /// `needs` as runs of equal values below 1.
        package static func runs(of needs: [Float]) -> [NeedRun] {
            var runs: [NeedRun] = []
            var index = 0
            while index < needs.count {
                let value = needs[index]
                var end = index + 1
                while end < needs.count && needs[end].bitPattern == value.bitPattern { end += 1 }
                if value != 1 { runs.append(NeedRun(start: index, length: end - index, value: value)) }
                index = end
            }
            return runs
        }

        /// The needs of a clip of `frames` frames made of `runs`; `nil` when
        /// a run lies outside it.
        package static func needs(_ runs: [NeedRun], frames: Int) -> [Float]? {
            var needs = [Float](repeating: 1, count: frames)
            for run in runs {
                guard run.start >= 0, run.length >= 0, run.start <= frames - run.length else { return nil }
                for index in run.start..<(run.start + run.length) { needs[index] = run.value }
            }
            return needs
        }
    }

    /// A pack of these parts.
    package init(
        voiceID: String, voiceDigest: UInt64, manifest: VoiceManifest, manifestBytes: [UInt8], settings: RenderSettings, format: OutputFormat,
        nameSeed: UInt64, engineVersion: Int, tiers: [Tier], fade: FadeCurve, size: Int = 0
    ) {
        self.fade = fade
        self.voiceID = voiceID
        self.voiceDigest = voiceDigest
        self.manifest = manifest
        self.manifestBytes = manifestBytes
        self.settings = settings
        self.format = format
        self.nameSeed = nameSeed
        self.engineVersion = engineVersion
        self.tiers = tiers
        self.size = size
    }

    /// The voice the pack says, for planning messages.
    public var voice: Voice { Voice(directory: ".", manifest: manifest) }

    /// The largest amount the pack says.
    public var maximumAmount: Amount { manifest.maximumAmount ?? VoiceManifest.defaultMaximumAmount }
}
