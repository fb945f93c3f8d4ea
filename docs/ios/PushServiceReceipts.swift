import Foundation
import UserNotifications

/// The push service's own calls in the extension: each service's iOS SDK
/// uploads an arrival receipt from the Notification Service Extension and
/// says to hand the content back inside the call's completion (JPush's
/// Notification Service Extension SDK, Getui's `GeTuiExtSdk`, Tencent Push's
/// `XGExtension`, Aliyun's `CloudPushExtSDK`; docs/PUSH-SERVICES.md, "The
/// service's SDK in the extension", cites each page). `NotificationService`
/// calls ``report(_:then:)`` with the hand-back, which `HandbackGates` also
/// runs after a few seconds and when the system's time runs out: a receipt
/// never holds a payment's sound.
///
/// Only the service whose flag the app sets (Active Compilation Conditions)
/// is compiled, its extension SDK's header in the extension's bridging
/// header; each call is spelled as Swift imports that header, and `make
/// test` compiles each flag against its declarations (Tests/IOSInterfaces).
/// With no flag the hand-back runs at once. U-Push documents no extension
/// call (`ANNOUNCE_UMENG` has none here).
enum PushServiceReceipts {
    /// Once per extension process, before the first receipt.
    static func setUp() {
        setUpOnce
    }

    private static let setUpOnce: Void = {
        #if ANNOUNCE_JPUSH
        JPushNotificationExtensionService.jpushSetAppkey(PushServiceKeys.jpushAppKey)
        #elseif ANNOUNCE_ALIYUN
        CloudPushExtSDK.initWithAppKey(PushServiceKeys.aliyunAppKey, appSecret: PushServiceKeys.aliyunAppSecret)
        #elseif ANNOUNCE_GETUI
        // Getui's demo: the App Group the app and the extension share.
        GeTuiExtSdk.setApplicationGroupIdentifier(AnnounceConfiguration.appGroup)
        #elseif ANNOUNCE_TPNS
        // Outside Tencent Push's Guangzhou cluster, its own domain.
        if let domain = PushServiceKeys.tpnsReportDomain { XGExtension.defaultManager().reportDomainName = domain }
        #endif
    }()

    /// Uploads the service's receipt for `request`, then `handBack`: inside
    /// the SDK's completion, as each service's demo does.
    static func report(_ request: UNNotificationRequest, then handBack: @escaping @Sendable () -> Void) {
        #if ANNOUNCE_JPUSH
        JPushNotificationExtensionService.jpushReceive(request) { handBack() }
        #elseif ANNOUNCE_ALIYUN
        CloudPushExtSDK.sendNotificationExtensionAck(request) { _ in handBack() }
        #elseif ANNOUNCE_GETUI
        // Getui's spelling. announce's pushes carry no attachments of Getui's.
        GeTuiExtSdk.handelNotificationServiceRequest(request, withAttachmentsComplete: { _, _ in handBack() })
        #elseif ANNOUNCE_TPNS
        XGExtension.defaultManager().handle(
            request, accessID: PushServiceKeys.tpnsAccessID, accessKey: PushServiceKeys.tpnsAccessKey
        ) { _, _ in handBack() }
        #else
        handBack()
        #endif
    }

    /// The system's time is up (`serviceExtensionTimeWillExpire`).
    static func expire() {
        #if ANNOUNCE_GETUI
        GeTuiExtSdk.destory()
        #endif
    }
}
