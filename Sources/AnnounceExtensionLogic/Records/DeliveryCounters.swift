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

/// How the extension delivered each push, counted in one small file of the
/// App Group, so the app can show the merchant (and send the backend) how
/// announcements fare in the field: how many were downloaded or reused, how
/// many got the fallback sound and why, how many were silenced as repeated
/// or late.
///
/// - **Survives restarts, safe with several extensions at once:** each count
///   reads, adds and writes under an exclusive lock and replaces the file
///   atomically (``LockedRecordFile``), as the record of recent payments does.
/// - **Bounded:** one number per ``Counter``; anything else in the file is
///   dropped, a count saturates at `Int.max`, a file over 1 MB counts as empty.
/// - **Never loses a count it could not write:** when the file cannot be
///   written (the phone not unlocked since it started, a full or read-only
///   container), the count is kept in memory and written with the next
///   count that can be, as long as the process lives. Keep one store per
///   process (``AnnounceConfiguration``'s `counters`).
///
/// Foundation only: the package compiles this file on Linux and tests it
/// with concurrent threads and processes.
final class DeliveryCounters: @unchecked Sendable {
    /// What is counted: each ``DeliveryOutcome`` falls under one counter.
    enum Counter: String, CaseIterable, Sendable {
        /// Rendered on the phone from the bundled device voice pack.
        case rendered
        /// announce's file, downloaded for this push.
        case downloaded
        /// announce's file, already in `Library/Sounds`.
        case reused
        /// A plain `aps.sound`, left for iOS to find.
        case asSent = "as-sent"
        /// A push without `aps.sound` (a held payment of a burst): no sound.
        case held
        /// An `announce-id` announced before: no sound.
        case repeated
        /// An `announce-at` older than the policy's maximum age and clock
        /// tolerance: no sound.
        case late
        /// The merchant turned announcements off: no sound.
        case switchedOff = "switched-off"
        /// The merchant chose another phone to announce: no sound.
        case otherPhone = "other-phone"
        /// Inside the merchant's quiet hours: no sound.
        case quietHours = "quiet-hours"
        /// Below the merchant's minimum amount: no sound.
        case belowMinimum = "below-minimum"
        /// The fallback: `aps.sound` is neither announce's name nor a plain one.
        case fallbackRefusedName = "fallback-refused-name"
        /// The fallback: the App Group's `Library/Sounds` was not available.
        case fallbackNoFolder = "fallback-no-folder"
        /// The fallback: no URL, or one the policy refuses.
        case fallbackRefusedURL = "fallback-refused-url"
        /// The fallback: the push's announce fields could not be read as
        /// they arrived (a push service's shape announce refuses).
        case fallbackRefusedPush = "fallback-refused-push"
        /// The fallback: the download or its checks failed.
        case fallbackDownloadFailed = "fallback-download-failed"
        /// The fallback: the system's time ran out first.
        case fallbackTimedOut = "fallback-timed-out"
        /// With the app open: the announcement played by the app itself.
        case playedInApp = "played-in-app"
        /// With the app open: the announcement's file was gone when its turn
        /// came, so the app played the fallback sound.
        case inAppFallback = "in-app-fallback"
        /// With the app open: neither the announcement nor the fallback was
        /// there, so the notification was presented with its own sound.
        case inAppNoFile = "in-app-no-file"
        /// With the app open: a payment waited longer than the till's limit
        /// (a lock, a call) and was skipped rather than said late.
        case inAppStale = "in-app-stale"
        /// With the app open: the file could not start, so the payment was
        /// posted again with its own notification sound.
        case inAppFailed = "in-app-failed"
        /// The app left the foreground with payments still to say: each was
        /// posted again with its own notification sound.
        case handedToNotification = "handed-to-notification"
        /// Through the push service's own connection to the running app
        /// (no extension ran): rendered by the app from the pack.
        case vendorChannel = "vendor-channel"
        /// The merchant's settings file was damaged: the defaults were used.
        case settingsDamaged = "settings-damaged"
        /// The merchant's settings file came from a newer app: the defaults were used.
        case settingsNewerVersion = "settings-newer-version"
        /// The merchant's settings file could not be read (before the first
        /// unlock): the defaults were used.
        case settingsUnreadable = "settings-unreadable"
        /// A value in the merchant's settings file was wrong: its default was used.
        case settingsInvalid = "settings-invalid"
    }

    /// The file, e.g. `<App Group>/Library/Application Support/announce-counters.json`.
    var file: URL { record.file }

    private let record: LockedRecordFile
    /// The counts not yet written.
    private let kept = LockedState<[Counter: Int]>([:])

    init(file: URL) {
        record = LockedRecordFile(file: file)
    }

    /// Adds one to `counter`, with any counts kept from earlier failures.
    /// Throws when the file cannot be written; the counts are then kept.
    func record(_ counter: Counter) throws(LockedRecordFile.Failure) {
        // Taken out while written, so two threads never write one count twice.
        let adding = kept.withLock { kept in
            kept[counter, default: 0] += 1
            defer { kept = [:] }
            return kept
        }
        do {
            try record.update { (data: Data?) throws(LockedRecordFile.Failure) -> (result: Void, replacement: Data?) in
                ((), try Self.encode(Self.merge(Self.counts(in: data), adding)))
            }
        } catch {
            kept.withLock { kept in kept = Self.merge(kept, adding) }
            throw error
        }
    }

    /// The counts kept in memory because the file could not be written.
    var unwritten: [Counter: Int] { kept.withLock { $0 } }

    /// The counts in the file plus those not yet written; only counters
    /// above zero.
    func counts() -> [Counter: Int] {
        Self.merge(Self.counts(in: record.contents()), unwritten)
    }

    /// Sets every count to zero.
    func reset() throws(LockedRecordFile.Failure) {
        kept.withLock { $0 = [:] }
        try record.update { (_: Data?) throws(LockedRecordFile.Failure) -> (result: Void, replacement: Data?) in
            ((), try Self.encode([:]))
        }
    }

    /// The counts as lines for the merchant, one per group (announced,
    /// fallback, not announced), each naming its nonzero counters.
    static func summary(_ counts: [Counter: Int]) -> [String] {
        let groups: [(String, [(Counter, String)])] = [
            ("已播报", [(.rendered, "本机合成"), (.downloaded, "下载"), (.reused, "已有文件"), (.asSent, "按推送音效")]),
            ("备用提示音", [
                (.fallbackTimedOut, "超时"), (.fallbackDownloadFailed, "下载失败"),
                (.fallbackRefusedName, "文件名无效"), (.fallbackRefusedURL, "地址无效"), (.fallbackRefusedPush, "推送格式无效"), (.fallbackNoFolder, "共享容器不可用"),
            ]),
            ("未播报", [
                (.repeated, "重复推送"), (.late, "过时推送"), (.held, "静音横幅"), (.switchedOff, "播报已关闭"),
                (.otherPhone, "由其他手机播报"), (.quietHours, "免打扰时段"), (.belowMinimum, "低于起播金额"),
            ]),
            ("应用内播放", [
                (.playedInApp, "播报"), (.inAppFallback, "文件已删，改放备用提示音"), (.inAppNoFile, "无文件，按通知声音"),
                (.inAppFailed, "无法播放，按通知声音"), (.handedToNotification, "离开前台，按通知声音"), (.inAppStale, "等待过久未播"),
                (.vendorChannel, "推送通道直达"),
            ]),
            ("设置文件问题", [
                (.settingsDamaged, "已损坏"), (.settingsNewerVersion, "来自新版本"), (.settingsUnreadable, "暂不可读"), (.settingsInvalid, "有无效值"),
            ]),
        ]
        let lines = groups.compactMap { title, members -> String? in
            let named = members.compactMap { counter, label in counts[counter].flatMap { $0 > 0 ? "\(label) \($0)" : nil } }
            guard !named.isEmpty else { return nil }
            let total = members.reduce(0) { $0.addingReportingOverflow(counts[$1.0] ?? 0).overflow ? Int.max : $0 + (counts[$1.0] ?? 0) }
            return "\(title) \(total) 次：" + named.joined(separator: "，")
        }
        return lines.isEmpty ? ["尚无到账推送"] : lines
    }

    /// The counts of the file's bytes: known counters with whole numbers
    /// above zero; none when missing or not a record.
    private static func counts(in data: Data?) -> [Counter: Int] {
        guard let data, let object = RecordJSON.object(in: data) else { return [:] }
        var counts: [Counter: Int] = [:]
        for (key, value) in object {
            // Whole numbers only (not 1.5 as 1), and not `true` as 1.
            guard let counter = Counter(rawValue: key), let count = value.integer, count > 0 else { continue }
            counts[counter] = count
        }
        return counts
    }

    /// `a` and `b` added, saturating at `Int.max`.
    private static func merge(_ a: [Counter: Int], _ b: [Counter: Int]) -> [Counter: Int] {
        a.merging(b) { x, y in
            let (sum, overflow) = x.addingReportingOverflow(y)
            return overflow ? Int.max : sum
        }
    }

    private static func encode(_ counts: [Counter: Int]) throws(LockedRecordFile.Failure) -> Data {
        do {
            return try RecordJSON.bytes(named(counts))
        } catch {
            throw LockedRecordFile.Failure(description: "cannot encode the counters: \(error)")
        }
    }

    /// `counts` by their counters' names, as the file and the device report hold them.
    static func named(_ counts: [Counter: Int]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) })
    }
}
