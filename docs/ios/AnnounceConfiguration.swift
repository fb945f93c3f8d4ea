import Foundation

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

    /// A generic sound in the app's bundle (Copy Bundle Resources of the app
    /// target), played when an announcement cannot be had in time: the
    /// voice's 支付宝到账 made by announce at the announcements' loudness
    /// (docs/ios/payment-fallback.wav; docs/IOS.md shows the command). Its
    /// name does not follow announce's rule, so no cleanup deletes it.
    static let fallbackSound = "payment-fallback.wav"

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
}
