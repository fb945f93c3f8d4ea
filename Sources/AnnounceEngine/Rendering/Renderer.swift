import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// Finishes what no tier of a ``Renderer`` joins from its clips'
/// measurements: the clips laid out, too long for the budget at natural
/// speed or needing to be measured as a whole.
///
/// The server's speeds the whole signal up with libsonic and limits it with
/// libebur128's measurements; the phone's refuses (it has no C library).
package protocol WholeSignalFinisher: Sendable {
    /// The announcement made from `laidOut` (its length with full pauses is
    /// `naturalDuration` seconds), as float samples, or with `pcm16` as the
    /// 16-bit samples of a 16-bit PCM file.
    func finish(_ laidOut: Timeline, naturalDuration: Double, pcm16: Bool) throws(AudioError) -> RenderedAudio
}

/// Joins clips into one announcement that fits the time budget, at the
/// target loudness: from the first tier of clips that can, else by the
/// finisher.
///
/// The server has one tier, its prepared clips at natural speed, and speeds
/// up and limits the whole signal when they do not fit (the finisher). The
/// phone has a device voice pack's tiers, natural speed first and then
/// clips sped up ahead, and no finisher that makes audio. Every tier is
/// joined by the same ``Joiner``, so the same clips, segments and settings
/// give the same samples on both.
package struct Renderer<Source: ClipSource>: Sendable {
    /// The clips at one speed.
    package struct Tier: Sendable {
        /// Where the clips come from.
        package let source: Source
        /// 1 for the clips as recorded; above 1, sped up ahead by that factor.
        package let speed: Double

        /// The clips of `source`, sped up ahead by `speed` (1: natural).
        package init(source: Source, speed: Double) {
            self.source = source
            self.speed = speed
        }
    }

    /// Rate, budget, pauses and loudness of every render.
    package let settings: RenderSettings
    /// The clips at natural speed: the first tier tried, and the layout the
    /// finisher gets.
    package let natural: Source
    /// Clips sped up ahead, tried in order after ``natural``.
    package let spedUp: [Tier]
    /// What makes the announcement when no tier joins it.
    package let finisher: any WholeSignalFinisher

    /// A renderer trying `natural`, then each of `spedUp`, then `finisher`.
    package init(settings: RenderSettings, natural: Source, spedUp: [Tier] = [], finisher: any WholeSignalFinisher) {
        self.settings = settings
        self.natural = natural
        self.spedUp = spedUp
        self.finisher = finisher
    }

    /// Renders `segments`, in order: as float samples, or with `pcm16` as the
    /// 16-bit samples of a 16-bit PCM file (the same values the float
    /// samples would be written as). The audio's ``RenderedAudio/speed`` is
    /// the speed of the tier it was joined from, or the finisher's.
    /// - Throws: ``AudioError``: from the first tier that throws (a clip
    ///   it lacks or cannot use, settings out of range), or from the
    ///   finisher (`overBudget` when it cannot fit the budget either).
    package func render(_ segments: [ClipPlan.Clip], pcm16: Bool = false) throws(AudioError) -> RenderedAudio {
        let joiner = Joiner(settings: settings)
        switch try joiner.join(segments, from: natural, pcm16: pcm16) {
        case .joined(let rendered):
            return rendered
        case .unmeasured(let laidOut, let naturalDuration) where spedUp.isEmpty:
            return try finisher.finish(laidOut, naturalDuration: naturalDuration, pcm16: pcm16)
        case .unmeasured:
            // The layout is let go while the other tiers are joined: the
            // phone's memory limit counts every page at its peak.
            break
        }
        for tier in spedUp {
            if case .joined(var rendered) = try joiner.join(segments, from: tier.source, pcm16: pcm16) {
                rendered.speed = tier.speed
                return rendered
            }
        }
        // No tier joins it: the finisher gets the natural layout, made again.
        switch try joiner.join(segments, from: natural, pcm16: pcm16) {
        case .joined(let rendered):
            return rendered
        case .unmeasured(let laidOut, let naturalDuration):
            return try finisher.finish(laidOut, naturalDuration: naturalDuration, pcm16: pcm16)
        }
    }
}
