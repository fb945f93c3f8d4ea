import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceEngine
import AnnounceWire
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When the phone would not be heard, one line each for the status screen:
/// what the app can see of the phone (the media volume, the notification
/// settings, Focus, the clock, till mode) against what ``TillModel`` needs.
///
/// iOS tells an app nothing of the ring switch, so the line about silent
/// mode is said whenever it could matter: when the screen is allowed to
/// sleep (till mode off), a phone on silent says nothing once it locks.
///
/// Foundation only: the package compiles this file on Linux and tests it.
enum TillStatus {
    /// What the app knows of the phone.
    struct Phone: Equatable, Sendable {
        /// The merchant's till mode (the screen kept awake while the app is open).
        var tillMode = true
        /// `AVAudioSession.outputVolume`, 0 to 1: what the app says is heard at.
        var mediaVolume = 1.0
        /// What the notification settings keep from being heard (``NotificationHealth``).
        var notificationProblems: [NotificationHealth.Problem] = []
        /// Whether a Focus is on (`INFocusStatusCenter`); nil: not known.
        var focused: Bool?
        /// Whether time-sensitive notifications are allowed (they pass a Focus).
        var timeSensitive = true
        /// What the pushes say of the clock (``ClockCheck``).
        var clock: ClockCheck.Assessment = .unknown
    }

    /// A reason the merchant would not hear a payment.
    enum Line: String, Equatable, Sendable, CaseIterable {
        case silentWhenLocked = "silent-when-locked"
        case mediaVolumeLow = "media-volume-low"
        case focusHolds = "focus-holds"
        case clockOff = "clock-off"

        /// One line for the merchant.
        var message: String {
            switch self {
            case .silentWhenLocked: "手机静音时，锁屏后听不到到账播报：请打开“收银模式”并让本应用留在前台（屏幕常亮），或关闭静音。"
            case .mediaVolumeLow: "媒体音量几乎为 0：本应用在前台时的到账播报会听不到。请用音量键调高音量。"
            case .focusHolds: "专注模式已打开，且“即时通知”已关闭：锁屏时到账播报不会响。请在“设置 › 通知 › 本应用”打开“即时通知”。"
            case .clockOff: "手机时间不准：请在“设置 › 通用 › 日期与时间”打开“自动设置”。"
            }
        }
    }

    /// A media volume below this is too low to hear (``TillModel/Limits/audibleMediaVolume``).
    static let audibleMediaVolume = TillModel.Limits().audibleMediaVolume

    /// The reasons, most important first (the notification settings' own
    /// lines come from ``NotificationHealth``).
    static func lines(_ phone: Phone) -> [Line] {
        var lines: [Line] = []
        if !phone.tillMode { lines.append(.silentWhenLocked) }
        if phone.mediaVolume.isNaN || phone.mediaVolume < audibleMediaVolume { lines.append(.mediaVolumeLow) }
        if phone.focused == true, !phone.timeSensitive { lines.append(.focusHolds) }
        switch phone.clock {
        case .ahead, .behind: lines.append(.clockOff)
        case .unknown, .fine: break
        }
        return lines
    }

    /// Every line for the screen: the notification settings' first, then
    /// these, the clock's with its own words (how far off it is).
    static func messages(_ phone: Phone) -> [String] {
        phone.notificationProblems.map(\.message) + lines(phone).map { line in
            line == .clockOff ? (phone.clock.message ?? line.message) : line.message
        }
    }
}
