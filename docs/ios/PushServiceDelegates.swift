import AnnounceWire
import UIKit
import UserNotifications

/// The push service's SDK in the app: started at launch, handed the APNs
/// device token, and its callbacks forwarded to the one decision
/// (`TillController`, `TillModel`). Two things reach the app past the
/// notification centre's delegate:
///
/// - **A push SDK that takes the delegate.** JPush hands notifications that
///   arrive with the app open to its own `JPUSHRegisterDelegate`
///   (`jpushNotificationCenter(_:willPresent:withCompletionHandler:)`), Getui
///   to `GeTuiSdkDelegate` (`geTuiSdkNotificationCenter(_:willPresent:completionHandler:)`),
///   and Tencent Push to `XGPushDelegate` (`xgPushDidReceiveRemoteNotification`);
///   the notification centre has one delegate, so those callbacks forward
///   to the same `present`. Aliyun's and Umeng's SDKs leave the delegate to
///   the app (`AppDelegate`), which tells Umeng of each notification shown
///   (``presented(_:)``).
/// - **The service's own connection.** Getui delivers to an app that is
///   online over its own connection (a transmission message,
///   `geTuiSdkDidReceiveSlience` with `fromGetui` true), not through APNs:
///   no extension runs. Tencent Push does the same unless the push prefers
///   APNs (the route sends `tpns_online_push_type` 1). A JPush custom
///   message (`kJPFNetworkDidReceiveMessageNotification`) and an Aliyun
///   message (`CCPDidReceiveMessageNotification`) come as notifications of
///   the app's own notification centre, announce's fields in JPush's
///   `extras` and in Aliyun's `content` (`PushService.messageUserInfo`).
///   Those go to `vendorMessage`, which renders from the pack in the app
///   and says it through the same queue, once by its `announce-id`
///   whichever channel comes first.
///
/// Only the service whose flag the app sets (Active Compilation Conditions:
/// `ANNOUNCE_JPUSH`, `ANNOUNCE_GETUI`, `ANNOUNCE_TPNS`, `ANNOUNCE_ALIYUN`,
/// `ANNOUNCE_UMENG`) is compiled, its SDK's header in the target's bridging
/// header. Every call is spelled as Swift imports the SDK's header
/// (docs/PUSH-SERVICES.md, "The service's SDK in the app", names each);
/// `make test` compiles this file with each flag against those headers'
/// declarations (Tests/IOSInterfaces).
enum PushServiceDelegates {
    /// Starts the service's SDK with `delegate`; true when the SDK took the
    /// notification centre's delegate (then `AppDelegate` must not).
    @MainActor
    static func start(_ delegate: AppDelegate, launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        #if ANNOUNCE_JPUSH
        let entity = JPUSHRegisterEntity()
        entity.types = Int(JPAuthorizationOptions.alert.rawValue | JPAuthorizationOptions.sound.rawValue | JPAuthorizationOptions.badge.rawValue)
        JPUSHService.register(forRemoteNotificationConfig: entity, delegate: delegate)
        // JPush sends to the APNs environment of the token: the one the app
        // is signed for (the profile's aps-environment), as the device
        // report says, not the build configuration (a Release build run
        // from Xcode has a development token).
        JPUSHService.setup(
            withOption: launchOptions, appKey: PushServiceKeys.jpushAppKey, channel: "App Store",
            apsForProduction: DeviceRegistration.environment == .production)
        listenForMessages(named: kJPFNetworkDidReceiveMessageNotification, of: .jpush) { $0.userInfo }
        return true
        #elseif ANNOUNCE_GETUI
        // The App Group the extension's GeTuiExtSdk shares, set before the
        // SDK starts, in the app as in the extension (GeTuiSdk.h: set it
        // when the Extension SDK is used).
        GeTuiSdk.setApplicationGroupIdentifier(AnnounceConfiguration.appGroup)
        // GTSDK takes the notification centre's delegate and hands its
        // callbacks to this one (GeTuiSdkNotificationCenter:willPresentNotification:…).
        GeTuiSdk.start(
            withAppId: PushServiceKeys.getuiAppID, appKey: PushServiceKeys.getuiAppKey, appSecret: PushServiceKeys.getuiAppSecret,
            delegate: delegate, launchingOptions: launchOptions)
        // Getui registers with APNs and hands it the token itself.
        GeTuiSdk.registerRemoteNotification([.alert, .sound, .badge])
        return true
        #elseif ANNOUNCE_TPNS
        // Tencent Push registers with APNs and hands it the token itself;
        // its token for the backend comes to xgPushDidRegisteredDeviceToken.
        XGPush.defaultManager().startXG(withAccessID: PushServiceKeys.tpnsAccessID, accessKey: PushServiceKeys.tpnsAccessKey, delegate: delegate)
        return true
        #elseif ANNOUNCE_ALIYUN
        CloudPushSDK.asyncInit(PushServiceKeys.aliyunAppKey, appSecret: PushServiceKeys.aliyunAppSecret) { result in
            if result?.success != true { AnnounceConfiguration.log.error("Aliyun push SDK not started") }
        }
        // The name as Aliyun's demo spells it (alicloud-ios-demo, AppDelegate.m); the
        // message is the notification's object, a dictionary with `title` and `content`.
        listenForMessages(named: "CCPDidReceiveMessageNotification", of: .aliyun) { $0.object as? [AnyHashable: Any] }
        return false
        #elseif ANNOUNCE_UMENG
        UMConfigure.initWithAppkey(PushServiceKeys.umengAppKey, channel: "App Store")
        let entity = UMessageRegisterEntity()
        entity.types = Int(UMessageAuthorizationOptions.alert.rawValue | UMessageAuthorizationOptions.sound.rawValue | UMessageAuthorizationOptions.badge.rawValue)
        UMessage.registerForRemoteNotifications(launchOptions: launchOptions, entity: entity) { granted, _ in
            if !granted { AnnounceConfiguration.log.info("Umeng: notifications not allowed") }
        }
        return false
        #else
        return false
        #endif
    }

    /// Messages over `service`'s own connection, posted to the app's
    /// notification centre as `name`: each, as `handedOver` finds it in the
    /// notification and `PushService.messageUserInfo` reads it, goes to
    /// `vendorMessage`.
    @MainActor
    private static func listenForMessages(
        named name: String, of service: PushService, handedOver: @escaping @Sendable (Notification) -> [AnyHashable: Any]?
    ) {
        NotificationCenter.default.addObserver(forName: Notification.Name(name), object: nil, queue: .main) { note in
            guard let message = handedOver(note) else { return }
            let arrival = TillController.Arrival(service.messageUserInfo(message), channel: .vendor)
            Task { @MainActor in TillController.shared.vendorMessage(arrival) }
        }
    }

    /// The APNs device token, to the SDKs that are handed it (Getui's and
    /// Tencent Push's take it themselves); each service's own id for this
    /// phone, which its route addresses (scripts/push), is logged for a
    /// first test as the APNs token is.
    static func registered(_ deviceToken: Data) {
        #if ANNOUNCE_JPUSH
        JPUSHService.registerDeviceToken(deviceToken)
        JPUSHService.registrationIDCompletionHandler { code, registrationID in
            AnnounceConfiguration.log.info("JPush registration id: \(registrationID ?? "none", privacy: .public) (code \(Int(code), privacy: .public))")
        }
        #elseif ANNOUNCE_ALIYUN
        CloudPushSDK.registerDevice(deviceToken) { result in
            if result?.success == true {
                AnnounceConfiguration.log.info("Aliyun device id: \(CloudPushSDK.getDeviceId() ?? "none", privacy: .public)")
            } else {
                AnnounceConfiguration.log.error("Aliyun: device token not registered")
            }
        }
        #elseif ANNOUNCE_UMENG
        // Umeng addresses the phone by its APNs token (device_tokens).
        UMessage.registerDeviceToken(deviceToken)
        #endif
    }

    /// A notification presented with the app open, from the notification
    /// centre's delegate: Umeng counts it (UMessage.h: the message in the
    /// running app; its demo turns the SDK's own alert off first).
    nonisolated static func presented(_ userInfo: [AnyHashable: Any]) {
        #if ANNOUNCE_UMENG
        UMessage.setAutoAlert(false)
        UMessage.didReceiveRemoteNotification(userInfo)
        #endif
    }
}

// The SDKs' delegate protocols are not main-actor isolated and their
// callbacks may come off the main thread, so each is `nonisolated`, as
// `AppDelegate`'s willPresent is: what it reads crosses as a Sendable
// `Arrival`. Swift imports each of their completion blocks as `@Sendable`
// (a method whose block parameter follows the completion-handler
// convention is also imported as `async`, and the block made `@Sendable`),
// so the block itself crosses to the main actor and is called there, once.

#if ANNOUNCE_JPUSH
extension AppDelegate: JPUSHRegisterDelegate {
    nonisolated func jpushNotificationCenter(
        _ center: UNUserNotificationCenter!, willPresent notification: UNNotification!,
        withCompletionHandler completionHandler: (@Sendable (Int) -> Void)!
    ) {
        let arrival = TillController.Arrival(notification.request.content.userInfo, channel: .apns)
        let complete: (@Sendable (Int) -> Void)? = completionHandler
        // JPush's completion takes the options' raw value as an Int.
        Task { @MainActor in complete?(Int(TillController.shared.present(arrival).rawValue)) }
    }

    nonisolated func jpushNotificationCenter(
        _ center: UNUserNotificationCenter!, didReceive response: UNNotificationResponse!,
        withCompletionHandler completionHandler: (@Sendable () -> Void)!
    ) {
        completionHandler()
    }

    nonisolated func jpushNotificationCenter(_ center: UNUserNotificationCenter!, openSettingsFor notification: UNNotification!) {}

    nonisolated func jpushNotificationAuthorization(_ status: JPAuthorizationStatus, withInfo info: [AnyHashable: Any]!) {}
}
#endif

#if ANNOUNCE_GETUI
extension AppDelegate: GeTuiSdkDelegate {
    /// Getui's id for this phone (its `cid`), which its route addresses.
    nonisolated func geTuiSdkDidRegisterClient(_ clientId: String) {
        AnnounceConfiguration.log.info("Getui client id: \(clientId, privacy: .public)")
    }

    /// A notification arriving with the app open: GTSDK's own delegate
    /// callback, forwarded to the same `present`.
    nonisolated func geTuiSdkNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        let arrival = TillController.Arrival(notification.request.content.userInfo, channel: .apns)
        Task { @MainActor in completionHandler(TillController.shared.present(arrival)) }
    }

    /// A transmission message. `fromGetui`: over Getui's own connection (no
    /// extension ran), else the APNs push the extension already announced.
    nonisolated func geTuiSdkDidReceiveSlience(
        _ userInfo: [AnyHashable: Any], fromGetui: Bool, offLine: Bool, appId: String?, taskId: String?, msgId: String?,
        fetchCompletionHandler completionHandler: (@Sendable (UIBackgroundFetchResult) -> Void)?
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
    /// dictionary, shaped as an APNs payload, XGPush.h).
    nonisolated func xgPushDidReceiveRemoteNotification(_ notification: Any, withCompletionHandler completionHandler: (@Sendable (UInt) -> Void)?) {
        if let notification = notification as? UNNotification {
            let arrival = TillController.Arrival(notification.request.content.userInfo, channel: .apns)
            // Tencent Push's completion takes the options' raw value as a UInt.
            Task { @MainActor in completionHandler?(TillController.shared.present(arrival).rawValue) }
        } else if let userInfo = notification as? [AnyHashable: Any] {
            let arrival = TillController.Arrival(userInfo, channel: .vendor)
            Task { @MainActor in TillController.shared.vendorMessage(arrival) }
            completionHandler?(0)
        } else {
            // Neither: still answered, or the SDK waits on it.
            completionHandler?(0)
        }
    }

    /// Tencent Push's token for this phone (XGPush.h: the one a push is sent
    /// to), which its route's `token_list` names.
    nonisolated func xgPushDidRegisteredDeviceToken(_ deviceToken: String?, xgToken: String?, error: Error?) {
        if let xgToken {
            AnnounceConfiguration.log.info("Tencent Push token: \(xgToken, privacy: .public)")
        } else {
            AnnounceConfiguration.log.error("Tencent Push registration failed: \(String(describing: error), privacy: .public)")
        }
    }
}
#endif
