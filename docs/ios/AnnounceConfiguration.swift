import AnnounceWire
import AnnounceEngine
import Foundation
import os

/// The settings the app and its Notification Service Extension share.
///
/// Both targets compile this file (Target Membership: the app and the
/// extension), with the files of `Sources/AnnounceExtensionLogic/`. Replace the example values with
/// your own.
enum AnnounceConfiguration {
    /// The App Group both targets list in their entitlements
    /// (`com.apple.security.application-groups`).
    static let appGroup = "group.com.example.merchant"

    /// The hosts the extension downloads announcements from, and how old a
    /// payment may be and still be announced (120 s, the backend's
    /// `apns-expiration`, judged against the phone's own recent pushes so
    /// a clock that is off silences nothing; docs/IOS.md says why).
    static let policy = AnnouncePolicy(soundHosts: ["sounds.example.com"], maximumAge: 120)
    /// The push service the app's pushes come through, for the app's log of
    /// its day (``TillLog``): the service whose SDK the app links (its flag
    /// in both targets' Active Compilation Conditions: `ANNOUNCE_JPUSH`,
    /// `ANNOUNCE_GETUI`, `ANNOUNCE_TPNS`, `ANNOUNCE_ALIYUN`, `ANNOUNCE_UMENG`),
    /// else `.apns`.
    static let pushService: PushService = {
        #if ANNOUNCE_JPUSH
        return .jpush
        #elseif ANNOUNCE_GETUI
        return .getui
        #elseif ANNOUNCE_TPNS
        return .tpns
        #elseif ANNOUNCE_ALIYUN
        return .aliyun
        #elseif ANNOUNCE_UMENG
        return .umeng
        #else
        return .apns
        #endif
    }()

    /// Which of announce's files the app and the extension delete: older
    /// than 12 hours, or past 200 files or 30 MB (least recently used first),
    /// never one younger than 10 minutes.
    static let folderRule = SoundFolderRule.phone

    /// The generic sound played when an announcement cannot be had in time:
    /// the voice's 收款成功, which names no channel, made by announce at the announcements' loudness
    /// (docs/ios/payment-fallback.wav; docs/IOS.md shows the command), under
    /// this name in both targets' bundles (Copy Bundle Resources). Both copy
    /// it into the App Group's `Library/Sounds`, where iOS looks, under a
    /// name made from its content (``fallbackSoundName``,
    /// ``installFallbackSound()``); a critical push names this bundled file.
    static let fallbackSound = "payment-fallback.wav"

    /// The fallback's name in the App Group's `Library/Sounds`:
    /// `payment-fallback-<8 hex>.wav`, from its bytes, so an app update with
    /// another sound gets another name and iOS's cache of sounds by name
    /// never plays the old one. Nil when this target's bundle lacks it.
    static let fallbackSoundName: String? = Bundle.main.url(forResource: fallbackSound, withExtension: nil).flatMap {
        FallbackSound.installedName(of: $0, base: fallbackSound)
    }

    /// Where the app sends its device token and the delivery counters
    /// (``DeviceReport``): your backend.
    static let deviceReportURL = URL(string: "https://api.example.com/merchant/devices")!

    /// Whether the backend sends `"interruption-level": "time-sensitive"`
    /// and the app has the Time Sensitive Notifications capability: the app
    /// then tells the merchant when time-sensitive delivery is turned off.
    static let expectsTimeSensitive = true

    /// The push behind the app's test button (``TestAnnouncement``), as the
    /// backend would send it: a payment of one yuan, which the extension
    /// renders from the device voice pack like any payment (pack → file →
    /// sound). Without a pack it plays the fallback sound it names, which
    /// every phone has; with a sound host of your own, put announce's
    /// payload for a small amount here instead (`announce render --json
    /// --sound-url-base …`), and the test downloads it when the pack cannot
    /// say it.
    static var testPayload: [AnyHashable: Any] {
        [
            "aps": ["alert": ["title": "收款通知", "body": "支付宝到账一元"], "sound": fallbackSoundName ?? fallbackSound, "mutable-content": 1],
            PushMessage.key: ["amount": "1", "prefix": "alipay"],
        ]
    }

    /// How long after the button the test announcement arrives: time to
    /// lock the phone or leave the app.
    static let testDelay: TimeInterval = 10

    /// The log of both targets: Console.app shows it under this subsystem
    /// (Action ▸ Include Info Messages).
    static let log = Logger(subsystem: "com.example.merchant", category: "announce")

    /// The App Group container, nil when the App Group is not in the
    /// target's entitlements.
    static func container() -> URL? {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)
    }

    /// The App Group's `Library/Sounds`, the one folder of the group where
    /// iOS looks for notification sounds; made when missing, with a
    /// protection class that works while the phone is locked after its
    /// first unlock. Nil when the group or the folder is not available.
    static func soundFolder() -> AppGroupSounds? {
        guard let container = container() else { return nil }
        let folder = AppGroupSounds(directory: container.appendingPathComponent("Library/Sounds", isDirectory: true))
        do {
            try folder.create()
        } catch {
            return nil
        }
        return folder
    }

    /// The record of recently announced payment ids, in the App Group (not
    /// in `Library/Sounds`), shared by every extension process.
    static func recentPayments() -> RecentPayments? {
        guard let container = container() else { return nil }
        return RecentPayments(file: container.appendingPathComponent("Library/Application Support/announce-recent-ids.json"))
    }

    /// The install's seal on the extension's answers (``AnswerSeal``): the
    /// app plays only what the extension itself wrote into a notification.
    /// Read until it is found (``KeptSeal``): before the first unlock the
    /// App Group cannot be read, and that miss is not kept.
    static var answerSeal: String? { keptSeal.value() }
    private static let keptSeal = KeptSeal {
        container().flatMap { AnswerSeal(file: $0.appendingPathComponent("Library/Application Support/announce-answer-seal")).value() }
    }
    /// When the phone's clock says the phone started: its clock less the
    /// time since boot, sleep included (``BootClock``). Setting the clock
    /// moves it, so the pushes noted before no longer judge lateness
    /// (``ClockCheck``); sleeping does not. Required reason 35F9.1 in both
    /// privacy manifests: time between events, on the device.
    static func bootTime() -> Double {
        BootClock.bootTime()
    }
    /// The app's log of its day, in `announce till`'s vocabulary, for the
    /// status screen to share (``TillLog``).
    static let tillLog: TillLog? = container().map {
        TillLog(file: $0.appendingPathComponent("Library/Application Support/announce-till.jsonl"))
    }

    /// The delivery counters, one store per process (counts that could not
    /// be written are kept in it until they can).
    static let counters: DeliveryCounters? = container().map {
        DeliveryCounters(file: $0.appendingPathComponent("Library/Application Support/announce-counters.json"))
    }

    /// The merchant's switches (``MerchantSettings``), written by the app's
    /// status screen and read by the extension with every push.
    static func settingsFile() -> MerchantSettingsFile? {
        container().map { MerchantSettingsFile(file: $0.appendingPathComponent("Library/Application Support/announce-settings.json")) }
    }

    /// The merchant's switches now; the defaults (announce everything) when
    /// the file is missing, damaged, from a newer app or not readable yet,
    /// which is counted (``MerchantSettingsFile/Status/counter``).
    static func merchantSettings() -> MerchantSettingsFile.Reading {
        guard let reading = settingsFile()?.read(counting: counters) else {
            return MerchantSettingsFile.Reading(settings: MerchantSettings(), status: .missing)
        }
        if let counter = reading.status.counter { log.error("merchant settings not used as written: \(counter.rawValue, privacy: .public)") }
        return reading
    }

    /// The offsets between the phone's clock and the pushes' `announce-at`
    /// (``ClockCheck``), noted by the extension, judged on the status screen.
    static let clockCheck: ClockCheck? = container().map {
        ClockCheck(file: $0.appendingPathComponent("Library/Application Support/announce-clock.json"))
    }

    /// Copies the fallback sound from this target's bundle into the App
    /// Group's `Library/Sounds` under its content name when it is missing or
    /// damaged, and deletes an older content's copy once nothing can still
    /// name it. Returns whether it is there. The app calls it when it becomes
    /// active, the extension with every push (a compare of 33 kB when it is there).
    @discardableResult
    static func installFallbackSound() -> Bool {
        guard let folder = soundFolder(), let bundled = Bundle.main.url(forResource: fallbackSound, withExtension: nil) else { return false }
        do {
            _ = try FallbackSound.install(bundled: bundled, named: fallbackSound, in: folder)
            return true
        } catch {
            log.error("fallback sound not installed: \(String(describing: error), privacy: .public)")
            return false
        }
    }

    /// The device voice pack (`announce voice export -o default.announcepack`),
    /// a resource of the extension target only. The format and render
    /// settings are the pack's: export it with the backend's.
    static let packName = "default.announcepack"

    /// The extension's bundle name inside the app's `PlugIns` folder: the
    /// extension target's product name with `.appex`.
    static let extensionBundle = "NotificationServiceExtension.appex"

    /// Where the pack is: the extension's own bundle. The pack ships once,
    /// there, because that is the one place the extension can read before
    /// the app has ever been opened (a bundle is installed with the app; the
    /// App Group's container holds only what a process has put there), and
    /// it stays read-only and mapped, never copied. The app, for its test
    /// announcement, reads the same file inside its `PlugIns` folder.
    static var packURL: URL? {
        if Bundle.main.bundleURL.pathExtension == "appex" { return Bundle.main.url(forResource: packName, withExtension: nil) }
        guard let plugIns = Bundle.main.builtInPlugInsURL else { return nil }
        let url = plugIns.appendingPathComponent(extensionBundle, isDirectory: true).appendingPathComponent(packName)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The pack, loaded once per process on first use (mapped, not copied),
    /// never in `init` or on the main thread; nil when it is missing or
    /// damaged, and the extension then downloads the server's file.
    static let packRendering: PackRendering? = {
        switch PackRendering.load(packURL) {
        case .success(let rendering):
            return rendering
        case .failure(let error):
            log.error("no device voice pack: \(error.description, privacy: .public)")
            return nil
        }
    }()
}
