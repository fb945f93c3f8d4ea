/// The push services a backend sends through, by the shape in which each
/// delivers announce's fields to the extension's `userInfo`:
///
/// | service | where announce's fields arrive | keys it adds beside `aps` |
/// |---|---|---|
/// | APNs (announce's own payload) | top level | none |
/// | JPush (`notification.ios.extras`) | top level, JSON types kept | `_j_msgid`, `_j_business`, `_j_uid`, … (`_j_*`) |
/// | Aliyun EMAS (`iOSExtParameters`) | top level, as the map gives them | none the extension can tell it by |
/// | Getui (`payload` of the iOS channel) | inside the `payload` string, as JSON | `payload`, `_ge_`, `_gmid_`, `_gurl_` |
/// | Tencent Push (TPNS, `custom_content`) | top level | `xg` |
/// | Umeng (custom keys beside `aps`) | top level, values as strings | `d`, `p` |
///
/// ``PushFields`` reads every shape the same way, so a push needs no
/// service named; ``detect(_:)`` only says which one a push came through.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

public enum PushService: String, CaseIterable, Sendable {
    /// APNs itself: announce's own payload (`render --json`, `batch`).
    case apns
    /// JPush (极光): `notification.ios.extras` at the top level.
    case jpush
    /// Aliyun EMAS (阿里云移动推送): `iOSExtParameters` at the top level.
    case aliyun
    /// Getui (个推): the iOS channel's `payload` string.
    case getui
    /// Tencent Push (腾讯移动推送, TPNS): custom content at the top level, beside `xg`.
    case tpns
    /// Umeng (友盟): custom keys beside `aps`, as strings, with `d` and `p`.
    case umeng

    /// The key of Getui's payload string.
    public static let getuiPayloadKey = "payload"
    /// The `aps.sound` Getui documents for a silent iOS push
    /// (RestAPI V2, `aps`: 无声设置为“com.gexin.ios.silence”): a held payment
    /// goes with it, and the phone reads it as no sound.
    public static let getuiSilence = "com.gexin.ios.silence"

    /// The service whose own keys `userInfo` carries; ``apns`` when none
    /// does (announce's payload, and Aliyun's, which adds none the
    /// extension can tell it by).
    public static func detect(_ userInfo: [AnyHashable: Any]) -> PushService {
        let keys = Set(userInfo.keys.compactMap { $0 as? String })
        if keys.contains(getuiPayloadKey) || keys.contains("_ge_") || keys.contains("_gmid_") { return .getui }
        if keys.contains(where: { $0.hasPrefix("_j_") }) { return .jpush }
        if keys.contains("xg") { return .tpns }
        if keys.contains("d") && keys.contains("p") { return .umeng }
        return .apns
    }

    /// The push, in the shape ``PushFields`` reads, of a message the
    /// service's SDK hands the running app over its own connection
    /// (Tests/Shared/vendor-channels cites each SDK's header or demo):
    ///
    /// - Getui, `GeTuiSdkDidReceiveSlience:fromGetui:…`: `{"payload": "<transmission>"}`,
    ///   read as it is (the transmission holds announce's fields, as the
    ///   route sends them in `push_message.transmission`);
    /// - JPush, `kJPFNetworkDidReceiveMessageNotification` (a custom
    ///   message): announce's fields in its `extras` object, beside
    ///   `content`;
    /// - Aliyun EMAS, `CCPDidReceiveMessageNotification` (a message, not a
    ///   notification): announce's fields as a JSON object in its `content`
    ///   (the message's body);
    /// - Tencent Push, `xgPushDidReceiveRemoteNotification` with a
    ///   dictionary: read as it is, its custom content beside `xg`.
    ///
    /// Anything else, and Umeng and APNs (no connection of their own on
    /// iOS), is returned as it is.
    public func messageUserInfo(_ handedOver: [AnyHashable: Any]) -> [AnyHashable: Any] {
        switch self {
        case .jpush:
            return handedOver["extras"] as? [AnyHashable: Any] ?? handedOver
        case .aliyun:
            guard let content = handedOver["content"] as? String, let fields = PushJSON.objectIfJSON(content) else { return handedOver }
            return fields
        case .apns, .getui, .tpns, .umeng:
            return handedOver
        }
    }

    /// Whether a push detected as `detected` can have come through this
    /// service: the same, or APNs's shape for Aliyun (which adds no key).
    public func accepts(_ detected: PushService) -> Bool {
        detected == self || (self == .aliyun && detected == .apns)
    }

    /// The service's name for messages: `JPush`, `Tencent Push`.
    public var displayName: String {
        switch self {
        case .apns: "APNs"
        case .jpush: "JPush"
        case .aliyun: "Aliyun EMAS"
        case .getui: "Getui"
        case .tpns: "Tencent Push"
        case .umeng: "Umeng"
        }
    }
}
