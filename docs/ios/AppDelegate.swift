import UIKit
import UserNotifications

/// Asks to show alerts and play sounds, registers with APNs, and prunes
/// the App Group's `Library/Sounds` each time the app comes to the foreground.
final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        Task { @MainActor in
            let center = UNUserNotificationCenter.current()
            let granted = (try? await center.requestAuthorization(options: [.alert, .sound, .badge])) ?? false
            // Without .sound the banner still shows but nothing is said.
            if granted { UIApplication.shared.registerForRemoteNotifications() }
        }
        // The extension keeps the folder bounded as it delivers; the app
        // applies the same rule when it comes to the foreground, to free
        // the space sooner. Neither deletes a file younger than 10 minutes:
        // iOS plays a sound after the extension has handed it back.
        NotificationCenter.default.addObserver(
            forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil
        ) { _ in
            DispatchQueue.global(qos: .background).async { SoundCleanup.prune() }
        }
        return true
    }

    /// The token APNs addresses this phone's pushes to. Send it to your
    /// backend with your own API; for a first test, copy it from Xcode's
    /// console into a push tool.
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        let token = deviceToken.map { String(format: "%02x", $0) }.joined()
        print("APNs device token: \(token)")
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        print("APNs registration failed: \(error)")
    }
}
