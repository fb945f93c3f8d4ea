import Foundation
import UserNotifications

/// Sends the backend what it needs to push to this phone and to know how
/// announcements fare on it: the device token, its APNs environment, the
/// delivery counters and the settings that keep announcements from being
/// heard (``DeviceReport``), as one JSON POST to
/// `AnnounceConfiguration.deviceReportURL`.
///
/// Called with every launch's token (APNs may change it) and from the
/// status screen. Authenticate the request as your backend requires (e.g.
/// the merchant's session) before you ship it.
enum DeviceRegistration {
    /// The last token APNs gave, for later reports.
    @MainActor private static var lastToken: Data?

    /// Reports with `token`, or the last one known; does nothing before APNs
    /// has given one.
    @MainActor
    static func send(token: Data? = nil) async {
        if let token { lastToken = token }
        guard let deviceToken = lastToken else { return }
        let settings = await NotificationHealth.Settings.current()
        let report = DeviceReport(
            deviceToken: deviceToken, environment: environment,
            counts: AnnounceConfiguration.counters?.counts() ?? [:],
            problems: NotificationHealth.problems(settings, expectsTimeSensitive: AnnounceConfiguration.expectsTimeSensitive))
        var request = URLRequest(url: AnnounceConfiguration.deviceReportURL)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        do {
            request.httpBody = try report.json()
            let (_, response) = try await URLSession.shared.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            AnnounceConfiguration.log.info("device report sent: HTTP \(status, privacy: .public)")
        } catch {
            AnnounceConfiguration.log.error("device report not sent: \(String(describing: error), privacy: .public)")
        }
    }

    /// The environment of the token, from what the app was signed with: the
    /// `aps-environment` entitlement in the embedded provisioning profile
    /// (``SigningEnvironment``; no profile, as from the App Store: production).
    /// Not the build configuration: a Release build run from Xcode is signed
    /// for development and its token is the sandbox's. JPush's SDK is told
    /// the same (`PushServiceDelegates`).
    static let environment: DeviceReport.Environment = {
        let profile = Bundle.main.url(forResource: "embedded", withExtension: "mobileprovision").flatMap { try? Data(contentsOf: $0) }
        return SigningEnvironment.environment(profile: profile)
    }()
}

extension NotificationHealth.Settings {
    /// The phone's notification settings now, read where they are produced:
    /// `UNNotificationSettings` is not Sendable, so only this copy crosses
    /// to the caller's actor.
    nonisolated static func current() async -> NotificationHealth.Settings {
        let settings = await UNUserNotificationCenter.current().notificationSettings()
        return NotificationHealth.Settings(settings)
    }

    /// The fields of `UNNotificationSettings` that decide whether an
    /// announcement is heard.
    init(_ settings: UNNotificationSettings) {
        self.init(
            authorization: Self.authorization(settings.authorizationStatus),
            alert: Self.setting(settings.alertSetting), sound: Self.setting(settings.soundSetting),
            timeSensitive: Self.setting(settings.timeSensitiveSetting),
            scheduledDelivery: Self.setting(settings.scheduledDeliverySetting))
    }

    private static func authorization(_ status: UNAuthorizationStatus) -> NotificationHealth.Authorization {
        switch status {
        case .notDetermined: .notDetermined
        case .denied: .denied
        case .authorized: .authorized
        case .provisional: .provisional
        case .ephemeral: .ephemeral
        @unknown default: .authorized
        }
    }

    private static func setting(_ setting: UNNotificationSetting) -> NotificationHealth.Setting {
        switch setting {
        case .notSupported: .notSupported
        case .disabled: .disabled
        case .enabled: .enabled
        @unknown default: .notSupported
        }
    }
}
