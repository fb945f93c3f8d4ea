import UIKit
import UserNotifications

/// The push service's own callbacks in the app, forwarded to the one
/// decision (`TillController`, `TillModel`). Two things reach the app past
/// the notification centre's delegate:
///
/// - **A push SDK that takes the delegate.** JPush hands notifications that
///   arrive with the app open to its own `JPUSHRegisterDelegate`
///   (`jpushNotificationCenter(_:willPresent:withCompletionHandler:)`), Getui
///   to `GeTuiSdkDelegate` (`geTuiSdkNotificationCenter(_:willPresent:completionHandler:)`),
///   and Tencent Push to `XGPushDelegate` (`xgPushDidReceiveRemoteNotification`);
///   the notification centre has one delegate, so those callbacks forward
///   to the same `present`.
/// - **The service's own connection.** Getui delivers to an app that is
///   online over its own connection (a transmission message,
///   `geTuiSdkDidReceiveSlience` with `fromGetui` true), not through APNs:
///   no extension runs. Tencent Push does the same unless the push prefers
///   APNs (the route sends `tpns_online_push_type` 1). Those go to
///   `vendorMessage`, which renders from the pack in the app and says it
///   through the same queue, once by its `announce-id` whichever channel
///   comes first.
///
/// Only the service whose flag the app sets (Active Compilation Conditions)
/// is compiled, so this file compiles against none of the SDKs. Spellings
/// are those of each service's Swift demo (docs/PUSH-SERVICES.md, "The
/// service's SDK in the app").
enum PushServiceDelegates {
    /// Registers the service's SDK with `delegate`; true when the SDK took
    /// the notification centre's delegate (then `AppDelegate` must not).
    @MainActor
    static func start(_ delegate: AppDelegate, launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        #if ANNOUNCE_JPUSH
        let entity = JPUSHRegisterEntity()
        entity.types = Int(JPAuthorizationOptions.alert.rawValue | JPAuthorizationOptions.sound.rawValue | JPAuthorizationOptions.badge.rawValue)
        JPUSHService.register(forRemoteNotificationConfig: entity, delegate: delegate)
        JPUSHService.setup(withOption: launchOptions, appKey: PushServiceKeys.jpushAppKey, channel: "App Store", apsForProduction: true)
        return true
        #elseif ANNOUNCE_GETUI
        // GTSDK takes the notification centre's delegate and hands its
        // callbacks to this one (GeTuiSdkNotificationCenter:willPresentNotification:…).
        GeTuiSdk.startSdk(withAppId: PushServiceKeys.getuiAppID, appKey: PushServiceKeys.getuiAppKey, appSecret: PushServiceKeys.getuiAppSecret, delegate: delegate)
        GeTuiSdk.registerRemoteNotification([.alert, .sound, .badge])
        return true
        #elseif ANNOUNCE_TPNS
        XGPush.defaultManager().startXG(withAccessID: PushServiceKeys.tpnsAccessID, accessKey: PushServiceKeys.tpnsAccessKey, delegate: delegate)
        return true
        #else
        return false
        #endif
    }

    /// The device token, for SDKs that want it handed over.
    static func registered(_ deviceToken: Data) {
        #if ANNOUNCE_JPUSH
        JPUSHService.registerDeviceToken(deviceToken)
        #endif
    }
}

// The SDKs' delegate protocols are not main-actor isolated and their
// callbacks may come off the main thread, so each is `nonisolated`, as
// `AppDelegate`'s willPresent is: what it reads crosses as a Sendable
// `Arrival`. A completion block the
// SDK declares without `@Sendable` is carried to the main actor as
// `nonisolated(unsafe)`: nothing else holds or calls it, and it is called
// once, there.

#if ANNOUNCE_JPUSH
extension AppDelegate: JPUSHRegisterDelegate {
    nonisolated func jpushNotificationCenter(
        _ center: UNUserNotificationCenter!, willPresent notification: UNNotification!,
        withCompletionHandler completionHandler: ((Int) -> Void)!
    ) {
        let arrival = TillController.Arrival(notification.request.content.userInfo, channel: .apns)
        nonisolated(unsafe) let complete = completionHandler
        // JPush's completion takes the options' raw value as an Int.
        Task { @MainActor in complete?(Int(TillController.shared.present(arrival).rawValue)) }
    }

    nonisolated func jpushNotificationCenter(
        _ center: UNUserNotificationCenter!, didReceive response: UNNotificationResponse!, withCompletionHandler completionHandler: (() -> Void)!
    ) {
        completionHandler()
    }

    nonisolated func jpushNotificationCenter(_ center: UNUserNotificationCenter!, openSettingsFor notification: UNNotification!) {}

    nonisolated func jpushNotificationAuthorization(_ status: JPAuthorizationStatus, withInfo info: [AnyHashable: Any]!) {}
}
#endif

#if ANNOUNCE_GETUI
extension AppDelegate: GeTuiSdkDelegate {
    /// A notification arriving with the app open: GTSDK's own delegate
    /// callback, forwarded to the same `present`.
    nonisolated func geTuiSdkNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        let arrival = TillController.Arrival(notification.request.content.userInfo, channel: .apns)
        nonisolated(unsafe) let complete = completionHandler
        Task { @MainActor in complete(TillController.shared.present(arrival)) }
    }

    /// A transmission message. `fromGetui`: over Getui's own connection (no
    /// extension ran), else the APNs push the extension already announced.
    nonisolated func geTuiSdkDidReceiveSlience(
        _ userInfo: [AnyHashable: Any], fromGetui: Bool, offLine: Bool, appId: String?, taskId: String?, msgId: String?,
        fetchCompletionHandler completionHandler: ((UIBackgroundFetchResult) -> Void)? = nil
    ) {
        if fromGetui {
            let arrival = TillController.Arrival(userInfo, channel: .vendor)
            Task { @MainActor in TillController.shared.vendorMessage(arrival) }
        }
        completionHandler?(.noData)
    }
}
#endif

#if ANNOUNCE_TPNS
extension AppDelegate: XGPushDelegate {
    /// Tencent Push's one callback for a notification shown with the app
    /// open (a `UNNotification`) and for a message over its own channel (a
    /// dictionary whose `xg.msgtype` is 2).
    nonisolated func xgPushDidReceiveRemoteNotification(_ notification: Any, withCompletionHandler completionHandler: ((UInt) -> Void)? = nil) {
        if let notification = notification as? UNNotification {
            let arrival = TillController.Arrival(notification.request.content.userInfo, channel: .apns)
            nonisolated(unsafe) let complete = completionHandler
            // Tencent Push's completion takes the options' raw value as a UInt.
            Task { @MainActor in complete?(TillController.shared.present(arrival).rawValue) }
        } else if let userInfo = notification as? [AnyHashable: Any] {
            let arrival = TillController.Arrival(userInfo, channel: .vendor)
            Task { @MainActor in TillController.shared.vendorMessage(arrival) }
            completionHandler?(0)
        } else {
            // Neither: still answered, or the SDK waits on it.
            completionHandler?(0)
        }
    }
}
#endif
