import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the phone's notification settings mean for announcements, one line
/// each, for the merchant: the app reads the settings
/// (`UNUserNotificationCenter.notificationSettings()`), copies the fields
/// into ``Settings`` and shows ``problems(_:expectsTimeSensitive:)``.
///
/// Foundation only: the package compiles this file on Linux and tests it.
enum NotificationHealth {
    /// `UNAuthorizationStatus`, as Apple lists it.
    enum Authorization: Equatable, Sendable {
        /// Not asked yet.
        case notDetermined
        /// Notifications are off for the app.
        case denied
        case authorized
        /// Delivered quietly to Notification Center, without sound.
        case provisional
        /// App Clips only: like authorized, for a while.
        case ephemeral
    }

    /// `UNNotificationSetting`.
    enum Setting: Equatable, Sendable {
        /// Not available to the app (e.g. time-sensitive without the capability).
        case notSupported
        case disabled
        case enabled
    }

    /// The fields of `UNNotificationSettings` that decide whether an
    /// announcement is heard.
    struct Settings: Equatable, Sendable {
        /// `authorizationStatus`.
        var authorization: Authorization
        /// `alertSetting`: banners.
        var alert: Setting
        /// `soundSetting`: without it no announcement is heard.
        var sound: Setting
        /// `timeSensitiveSetting` (iOS 15): time-sensitive pushes break
        /// through Focus and the scheduled summary.
        var timeSensitive: Setting
        /// `scheduledDeliverySetting` (iOS 15): enabled when the app's
        /// notifications go into the scheduled summary.
        var scheduledDelivery: Setting
    }

    /// A setting that keeps announcements from being heard.
    enum Problem: String, CaseIterable, Sendable {
        case notAskedYet = "not-asked-yet"
        case notificationsOff = "notifications-off"
        case deliveredQuietly = "delivered-quietly"
        case soundsOff = "sounds-off"
        case alertsOff = "alerts-off"
        case timeSensitiveOff = "time-sensitive-off"
        case inScheduledSummary = "in-scheduled-summary"

        /// One line for the merchant, saying what is off and where to turn it on.
        var message: String {
            switch self {
            case .notAskedYet: "还未允许通知：请在弹出的提示中点“允许”，否则收不到到账播报。"
            case .notificationsOff: "通知已关闭：收不到到账播报。请在“设置 › 通知 › 本应用”打开“允许通知”。"
            case .deliveredQuietly: "通知为“隐式推送”：到账时不响铃。请在“设置 › 通知 › 本应用”改为正常推送。"
            case .soundsOff: "通知声音已关闭：到账时不会播报金额。请在“设置 › 通知 › 本应用”打开“声音”。"
            case .alertsOff: "通知横幅已关闭：到账时不弹出提示。请在“设置 › 通知 › 本应用”打开“横幅”。"
            case .timeSensitiveOff: "“即时通知”已关闭：专注模式下到账播报可能不响。请在“设置 › 通知 › 本应用”打开“即时通知”。"
            case .inScheduledSummary: "本应用的通知在“定时推送摘要”中：到账播报会被推迟。请在“设置 › 通知 › 本应用”改为“立即推送”。"
            }
        }
    }

    /// What keeps announcements from being heard, most important first;
    /// empty when nothing does. `expectsTimeSensitive`: the backend sends
    /// `"interruption-level": "time-sensitive"` and the app has the capability.
    static func problems(_ settings: Settings, expectsTimeSensitive: Bool = true) -> [Problem] {
        switch settings.authorization {
        case .notDetermined: return [.notAskedYet]
        case .denied: return [.notificationsOff]
        case .authorized, .provisional, .ephemeral: break
        }
        var problems: [Problem] = []
        if settings.authorization == .provisional { problems.append(.deliveredQuietly) }
        if settings.sound == .disabled { problems.append(.soundsOff) }
        if settings.alert == .disabled { problems.append(.alertsOff) }
        let breaksThrough = expectsTimeSensitive && settings.timeSensitive == .enabled
        if expectsTimeSensitive, settings.timeSensitive == .disabled { problems.append(.timeSensitiveOff) }
        if settings.scheduledDelivery == .enabled, !breaksThrough { problems.append(.inScheduledSummary) }
        return problems
    }
}
