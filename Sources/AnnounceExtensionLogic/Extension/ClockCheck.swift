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

/// Whether the phone's clock looks wrong, and how late a push is despite
/// it, from the pushes themselves: each push says when its payment was
/// taken (`announce-at`, by the server's clock), and the phone notes how far
/// its own clock was from that when the push arrived (its *offset*). Fresh
/// pushes arrive within seconds, so offsets that are all minutes off by
/// about the same amount mean the phone's clock is off by that much (ahead:
/// pushes look late; behind: from the future); offsets that disagree (one
/// push stored by APNs while the phone was offline, a clock corrected in the
/// middle of a burst) mean nothing.
///
/// Lateness is judged against the phone's own recent pushes
/// (``baseline(among:boot:)``), so a clock 15 minutes fast delays no
/// payment and silences none. Each sample also keeps when the phone's clock
/// says it started (``Sample/boot``, the clock minus the time since boot):
/// when the clock is set, or the phone restarts, that moves, and older
/// samples no longer say anything about the clock as it is.
///
/// The status screen shows ``assessment()``, so the merchant sets the clock
/// right. The recent samples are kept in one small file of the App Group
/// (``LockedRecordFile``).
///
/// Foundation only: the package compiles this file on Linux and tests it.
struct ClockCheck: Sendable {
    /// E.g. `<App Group>/Library/Application Support/announce-clock.json`.
    var file: URL { record.file }
    private let record: LockedRecordFile

    /// How many of the latest offsets are kept and judged.
    static let kept = 5
    /// The fewest offsets judged: fewer say nothing.
    static let fewest = 3
    /// An offset within this many seconds is a good clock (delivery takes
    /// seconds; `announce-at` is whole seconds).
    static let allowance: Double = 90
    /// How far offsets may spread and still be one clock's error.
    static let spread: Double = 60

    init(file: URL) {
        record = LockedRecordFile(file: file, maximumBytes: 16 * 1024)
    }

    /// What the offsets say about the phone's clock.
    enum Assessment: Equatable, Sendable {
        /// Too few pushes with `announce-at` yet.
        case unknown
        /// Within ``allowance``, or offsets that disagree.
        case fine
        /// Ahead of the server's by about this many seconds.
        case ahead(Int)
        /// Behind the server's by about this many seconds.
        case behind(Int)

        /// One line for the status screen; nil when there is nothing to say.
        var message: String? {
            switch self {
            case .unknown, .fine: nil
            case .ahead(let seconds): "手机时间似乎快了约 \(Self.minutes(seconds)) 分钟：请在“设置 › 通用 › 日期与时间”打开“自动设置”。"
            case .behind(let seconds): "手机时间似乎慢了约 \(Self.minutes(seconds)) 分钟：请在“设置 › 通用 › 日期与时间”打开“自动设置”。"
            }
        }

        private static func minutes(_ seconds: Int) -> Int { max(1, (seconds + 30) / 60) }
    }

    /// One push's offset: the phone's clock minus the push's `announce-at`
    /// when it arrived, and when the phone's clock said the phone started.
    struct Sample: Equatable, Sendable {
        /// Seconds; positive when the push looks old.
        var offset: Double
        /// The phone's clock minus the time since boot, seconds since 1970;
        /// nil for a sample from a file that did not record it.
        var boot: Double?
    }

    /// Notes a push of a payment taken at `at` (seconds since 1970, the
    /// server's clock) arriving at `now` (the phone's), on a phone whose
    /// clock says it started at `boot`. A non-finite time is ignored.
    func note(at: Double, now: Date, boot: Double? = nil) throws(LockedRecordFile.Failure) {
        let sample = Sample(offset: now.timeIntervalSince1970 - at, boot: boot)
        guard sample.offset.isFinite else { return }
        try record.update { (data: Data?) throws(LockedRecordFile.Failure) -> (result: Void, replacement: Data?) in
            let samples = Self.noting(sample, in: Self.samples(in: data))
            guard let bytes = try? RecordJSON.bytes(Self.Record(samples)) else {
                throw LockedRecordFile.Failure(description: "cannot encode the clock offsets")
            }
            return ((), bytes)
        }
    }

    /// `samples` with `sample` added, the latest ``kept``.
    static func noting(_ sample: Sample, in samples: [Sample]) -> [Sample] {
        guard sample.offset.isFinite else { return samples }
        return Array((samples + [sample]).suffix(kept))
    }

    /// The offsets kept, oldest first.
    func offsets() -> [Double] {
        samples().map(\.offset)
    }

    /// The samples kept, oldest first.
    func samples() -> [Sample] {
        Self.samples(in: record.contents())
    }

    /// What the kept offsets say.
    func assessment() -> Assessment {
        Self.assess(offsets())
    }

    /// The offset of a fresh push on this phone, from `samples` taken since
    /// the clock was last set (their ``Sample/boot`` within ``spread`` of
    /// `boot`): the lower median of the largest group of them that lie within
    /// ``spread`` of each other (of equal groups, the one of the smallest
    /// offsets), when that group has at least two; nil otherwise. One push
    /// stored for an hour, or one dated ahead by a server's clock, is no
    /// group: it moves nothing. With no baseline a push is in time, judged
    /// by its service's expiry alone (`apns-expiration`, by Apple's clock).
    static func baseline(among samples: [Sample], boot: Double?) -> Double? {
        let best = agreeing(comparable(samples, boot: boot).map(\.offset))
        guard best.count >= 2 else { return nil }
        return best[best.startIndex + (best.count - 1) / 2]
    }

    /// The largest group of the finite `offsets` that lie within ``spread``
    /// of each other (of equal groups, the one of the smallest offsets),
    /// smallest first; empty when there is none. Its lower median is the
    /// offset of a fresh push (``baseline(among:boot:)``, and the shared
    /// day's ``TillLog/clockOffset(_:)``).
    static func agreeing(_ offsets: [Double]) -> ArraySlice<Double> {
        let sorted = offsets.filter(\.isFinite).sorted()
        var best: ArraySlice<Double> = []
        var start = 0
        for end in sorted.indices {
            while sorted[end] - sorted[start] > spread { start += 1 }
            if end - start + 1 > best.count { best = sorted[start...end] }
        }
        return best
    }

    /// The samples taken since the clock was last set: their boot time
    /// within ``spread`` of `boot`.
    private static func comparable(_ samples: [Sample], boot: Double?) -> [Sample] {
        guard let boot, boot.isFinite else { return [] }
        return samples.filter { sample in sample.boot.map { abs($0 - boot) <= spread } ?? false }
    }

    /// What `offsets` (the phone's clock minus `announce-at`, oldest first)
    /// say: the latest ``kept``, at least ``fewest``; ahead or behind by
    /// their median when every one is beyond ``allowance`` on the same side
    /// and they lie within ``spread`` of each other; fine otherwise.
    static func assess(_ offsets: [Double]) -> Assessment {
        let latest = offsets.suffix(kept).filter(\.isFinite)
        guard latest.count >= fewest else { return .unknown }
        let sorted = latest.sorted()
        let median = sorted[sorted.count / 2]
        guard let lowest = sorted.first, let highest = sorted.last, highest - lowest <= spread else { return .fine }
        // Offsets come from pushes' whole seconds; a clock off by more
        // than about 30 years is still said, as that many seconds.
        let seconds = Int(min(abs(median), 1e9).rounded())
        if lowest > allowance { return .ahead(seconds) }
        if highest < -allowance { return .behind(seconds) }
        return .fine
    }

    /// The file: `{"samples": [{"boot": …, "offset": …}, …]}`.
    private struct Record: Encodable {
        struct Entry: Encodable {
            let offset: Double
            let boot: Double?
        }

        let samples: [Entry]

        init(_ samples: [Sample]) {
            self.samples = samples.map { Entry(offset: $0.offset, boot: $0.boot) }
        }
    }

    /// The samples of a file; a file of an earlier version (`offsets` alone)
    /// gives samples without a boot time.
    private static func samples(in data: Data?) -> [Sample] {
        guard let data, let object = RecordJSON.object(in: data) else { return [] }
        if case .array(let list)? = object["samples"] {
            let samples = list.compactMap { element -> Sample? in
                guard let fields = element.fields, let offset = fields["offset"]?.number, offset.isFinite else { return nil }
                return Sample(offset: offset, boot: fields["boot"]?.number.flatMap { $0.isFinite ? $0 : nil })
            }
            return Array(samples.suffix(kept))
        }
        guard case .array(let list)? = object["offsets"] else { return [] }
        // Numbers only: not `true`, which NSNumber would bridge to 1.
        let numbers = list.compactMap(\.number).filter(\.isFinite)
        return Array(numbers.suffix(kept)).map { Sample(offset: $0, boot: nil) }
    }
}
