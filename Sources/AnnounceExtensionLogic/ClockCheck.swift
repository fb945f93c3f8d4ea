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

/// Whether the phone's clock looks wrong, from the pushes themselves: each
/// push says when its payment was taken (`announce-at`, by the server's
/// clock), and the phone notes how far its own clock was from that when the
/// push arrived. Fresh pushes arrive within seconds, so offsets that are
/// all minutes off by about the same amount mean the phone's clock is off
/// by that much (ahead: pushes look late; behind: from the future); offsets
/// that disagree (one push stored by APNs while the phone was offline, a
/// clock corrected in the middle of a burst) mean nothing.
///
/// The phone announces anyway within ``AnnouncePolicy/clockTolerance``; this
/// is for the status screen, so the merchant sets the clock right before it
/// is off by more. The recent offsets are kept in one small file of the App
/// Group (``LockedRecordFile``).
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

    /// Notes a push of a payment taken at `at` (seconds since 1970, the
    /// server's clock) arriving at `now` (the phone's). A non-finite time is
    /// ignored.
    func note(at: Double, now: Date) throws(LockedRecordFile.Failure) {
        let offset = now.timeIntervalSince1970 - at
        guard offset.isFinite else { return }
        try record.update { (data: Data?) throws(LockedRecordFile.Failure) -> (result: Void, replacement: Data?) in
            let offsets = Array((Self.offsets(in: data) + [offset]).suffix(Self.kept))
            guard let bytes = try? RecordJSON.bytes(["offsets": offsets]) else {
                throw LockedRecordFile.Failure(description: "cannot encode the clock offsets")
            }
            return ((), bytes)
        }
    }

    /// The offsets kept, oldest first.
    func offsets() -> [Double] {
        Self.offsets(in: record.contents())
    }

    /// What the kept offsets say.
    func assessment() -> Assessment {
        Self.assess(offsets())
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

    private static func offsets(in data: Data?) -> [Double] {
        guard let data, let object = RecordJSON.object(in: data), case .array(let list)? = object["offsets"] else { return [] }
        // Numbers only: not `true`, which NSNumber would bridge to 1.
        let numbers = list.compactMap(\.number).filter(\.isFinite)
        return Array(numbers.suffix(kept))
    }
}
