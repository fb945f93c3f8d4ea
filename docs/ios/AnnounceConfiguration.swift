import AnnounceWire
import AnnounceEngine
import Foundation
import os

/// The settings the app and its Notification Service Extension share.
///
/// Both targets compile this file (Target Membership: the app and the
/// extension), with the files of `Logic/`. Replace the example values with
/// your own.
enum AnnounceConfiguration {
    /// The App Group both targets list in their entitlements
    /// (`com.apple.security.application-groups`).
    static let appGroup = "group.com.example.merchant"

    /// The hosts the extension downloads announcements from, and how late a
    /// push may be and still be announced (120 s; docs/IOS.md says why).
    static let policy = AnnouncePolicy(soundHosts: ["sounds.example.com"], maximumAge: 120)

    /// Which of announce's files the app and the extension delete: older
    /// than 12 hours, or past 200 files or 30 MB (least recently used first),
    /// never one younger than 10 minutes.
    static let folderPolicy = SoundFolderPolicy()

    /// The generic sound played when an announcement cannot be had in time:
    /// the voice's 支付宝到账 made by announce at the announcements' loudness
    /// (docs/ios/payment-fallback.wav; docs/IOS.md shows the command). It is
    /// a resource of both targets (Copy Bundle Resources), and both copy it
    /// into the App Group's `Library/Sounds`, where iOS looks
    /// (``installFallbackSound()``). Its name is plain, not announce's, so
    /// no cleanup deletes it.
    static let fallbackSound = "payment-fallback.wav"

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
            "aps": ["alert": ["title": "收款通知", "body": "支付宝到账一元"], "sound": fallbackSound, "mutable-content": 1],
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
    static func soundFolder() -> SoundFolder? {
        guard let container = container() else { return nil }
        let folder = SoundFolder(directory: container.appendingPathComponent("Library/Sounds", isDirectory: true))
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

    /// The delivery counters, one store per process (counts that could not
    /// be written are kept in it until they can).
    static let counters: DeliveryCounters? = container().map {
        DeliveryCounters(file: $0.appendingPathComponent("Library/Application Support/announce-counters.json"))
    }

    /// Copies the fallback sound from this target's bundle into the App
    /// Group's `Library/Sounds` when it is missing or different. Returns
    /// whether it is there. The app calls it when it becomes active, the
    /// extension with every push (a compare of 33 kB when it is there).
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

    /// The device voice pack the extension bundles
    /// (`announce voice export -o default.announcepack`, added to the
    /// extension target's Copy Bundle Resources). The format and render
    /// settings are the pack's: export it with the backend's.
    static let packName = "default.announcepack"

    /// The pack, loaded once per extension process on first use (mapped, not
    /// copied: about 4 MB kept for the bundled voice), never in `init` or
    /// on the main thread; nil when it is missing or damaged, and the
    /// extension then downloads the server's file.
    static let packRendering: PackRendering? = {
        switch PackRendering.load(Bundle.main.url(forResource: packName, withExtension: nil)) {
        case .success(let rendering):
            return rendering
        case .failure(let error):
            log.error("no device voice pack: \(error.description, privacy: .public)")
            return nil
        }
    }()
}
