import UIKit
import UserNotifications

/// Presents payment notifications while the app is on screen (and says the
/// amount itself, whatever the ring switch: ``InAppPlayer``), asks to show
/// alerts and play sounds, registers with APNs and reports the device token
/// to the backend, and each time the app becomes active puts the fallback
/// sound where iOS looks and prunes old announcements.
final class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        // Before launch ends, as Apple asks, so that a payment arriving while
        // the app is open reaches userNotificationCenter(_:willPresent:…).
        UNUserNotificationCenter.current().delegate = self
        Task { @MainActor in
            let center = UNUserNotificationCenter.current()
            let granted = (try? await center.requestAuthorization(options: [.alert, .sound, .badge])) ?? false
            // Without .sound the banner still shows but nothing is said.
            if granted { UIApplication.shared.registerForRemoteNotifications() }
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

    /// A notification arriving while the app is in the foreground: without
    /// this, iOS shows no banner and plays no sound. The extension has
    /// already chosen the sound (none for a held, repeated, late or
    /// switched-off payment) and written its answer into `userInfo`: when
    /// there is an announcement, the app plays it itself (``InAppPlayer``,
    /// heard on silent and in a Focus) and presents the banner without the
    /// notification's sound, so it is never heard twice. Without an answer
    /// (the extension did not run) it is presented as delivered.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        let answer = InAppPlayback.Delivered(userInfo: notification.request.content.userInfo, seal: AnnounceConfiguration.answerSeal)
        Task { @MainActor in
            switch InAppPlayer.shared.present(answer) {
            case .asDelivered: completionHandler([.banner, .list, .sound])
            case .silent, .play: completionHandler([.banner, .list])
            }
        }
    }

    /// The token APNs addresses this phone's pushes to: sent to the backend
    /// with the delivery counters (``DeviceRegistration``). For a first test,
    /// copy it from Xcode's console into scripts/apns/send-push.
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        AnnounceConfiguration.log.info("APNs device token: \(DeviceReport.hex(deviceToken), privacy: .public)")
        Task { await DeviceRegistration.send(token: deviceToken) }
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        AnnounceConfiguration.log.error("APNs registration failed: \(String(describing: error), privacy: .public)")
    }
}
