import Foundation

/// The settings the app and its Notification Service Extension share.
///
/// Both targets compile this file (Target Membership: the app and the
/// extension). Replace the example values with your own.
enum AnnounceConfiguration {
    /// The App Group both targets list in their entitlements
    /// (`com.apple.security.application-groups`).
    static let appGroup = "group.com.example.merchant"

    /// The custom top-level payload key, beside `aps`, that holds the
    /// announcement's HTTPS URL (`announce render --sound-url-base`).
    static let soundURLKey = "announce-sound-url"

    /// The hosts the extension downloads announcements from. A push that
    /// names any other host gets the fallback sound and no download.
    static let soundHosts: Set<String> = ["sounds.example.com"]

    /// A generic sound in the app's bundle (Copy Bundle Resources of the app
    /// target), played when the announcement cannot be had in time: for
    /// example the voice's clip of the prefix alone, 支付宝到账, as a WAV.
    /// Its name does not follow announce's rule, so no cleanup deletes it.
    static let fallbackSound = "payment-fallback.wav"

    /// The largest file accepted. iOS plays notification sounds shorter than
    /// 30 s; 30 s of 48 kHz 16-bit mono, announce's largest setting, is
    /// 2.88 MB. announce's default 6 s at 16 kHz is under 200 kB.
    static let maximumSoundBytes = 3_000_000

    /// How long a downloaded announcement is kept before the app deletes it.
    /// Long enough that no notification still showing or on its way needs it.
    static let soundLifetime: TimeInterval = 12 * 60 * 60

    /// The App Group container's `Library/Sounds`, the one folder of the
    /// group where iOS looks for notification sounds; made when missing.
    /// Nil when the App Group is not in the target's entitlements.
    static func soundsDirectory() -> URL? {
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup) else {
            return nil
        }
        let directory = container.appendingPathComponent("Library/Sounds", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return nil
        }
        return directory
    }
}
