import UIKit
import UserNotifications

/// Forwards what the app sees to `TillController` (which carries out
/// `TillModel`'s answers): notifications presented while the app is on
/// screen, from the notification centre's delegate or, when a push SDK takes
/// that delegate, from the SDK's own callbacks (PushServiceDelegates.swift);
/// asks to show alerts and play sounds, registers with APNs and reports the
/// device token to the backend, and each time the app becomes active puts
/// the fallback sound where iOS looks and prunes old announcements.
final class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        // Before launch ends, as Apple asks, so that a payment arriving while
        // the app is open reaches willPresent. The notification centre has
        // one delegate: a push SDK that takes it hands the same callbacks to
        // its own delegate, which forwards them here.
        if !PushServiceDelegates.start(self, launchOptions: launchOptions) {
            UNUserNotificationCenter.current().delegate = self
        }
        TillController.shared.start()
        Task { @MainActor in
            let center = UNUserNotificationCenter.current()
            _ = try? await center.requestAuthorization(options: [.alert, .sound, .badge])
            // Registering does not need the merchant's permission: the token
            // goes to the backend either way, with the device report that
            // says when notifications are turned off.
            UIApplication.shared.registerForRemoteNotifications()
        }
        // The extension keeps the folder bounded as it delivers and installs
        // the fallback with its first push; the app does both as soon as it
        // is opened. Neither deletes a file younger than 10 minutes: iOS
        // plays a sound after the extension has handed it back.
        NotificationCenter.default.addObserver(
            forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil
        ) { _ in
            DispatchQueue.global(qos: .background).async {
                AnnounceConfiguration.installFallbackSound()
                SoundCleanup.prune()
            }
        }
        return true
    }

    /// A notification arriving while the app is in the foreground: iOS asks
    /// how to present it. `TillModel` decides (through `TillController`):
    /// the app says the announcement itself and presents the banner without
    /// the notification's sound, or lets the notification's sound play.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        // UNNotification is not Sendable: read here, and only what is crosses.
        let arrival = TillController.Arrival(notification.request.content.userInfo, channel: .apns)
        PushServiceDelegates.presented(notification.request.content.userInfo)
        Task { @MainActor in completionHandler(TillController.shared.present(arrival)) }
    }

    /// The token APNs addresses this phone's pushes to: sent to the backend
    /// with the delivery counters (``DeviceRegistration``). For a first test,
    /// copy it from Xcode's console into scripts/apns/send-push.
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        AnnounceConfiguration.log.info("APNs device token: \(DeviceReport.hex(deviceToken), privacy: .public)")
        PushServiceDelegates.registered(deviceToken)
        Task { await DeviceRegistration.send(token: deviceToken) }
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        AnnounceConfiguration.log.error("APNs registration failed: \(String(describing: error), privacy: .public)")
    }
}
