@testable import AnnounceExtensionLogic
import Foundation
import Testing

@Suite struct NotificationHealthTests {
    typealias Settings = NotificationHealth.Settings

    let healthy = Settings(
        authorization: .authorized, alert: .enabled, sound: .enabled, timeSensitive: .enabled, scheduledDelivery: .disabled)

    @Test func aPhoneSetUpForAnnouncementsHasNothingToSay() {
        #expect(NotificationHealth.problems(healthy) == [])
        // Without the Time Sensitive capability the setting is not supported: nothing to fix.
        var plain = healthy
        plain.timeSensitive = .notSupported
        #expect(NotificationHealth.problems(plain, expectsTimeSensitive: false) == [])
    }

    @Test func notificationsOffOrNotYetAllowedIsTheOnlyLine() {
        var settings = healthy
        settings.authorization = .denied
        settings.sound = .disabled
        #expect(NotificationHealth.problems(settings) == [.notificationsOff])
        settings.authorization = .notDetermined
        #expect(NotificationHealth.problems(settings) == [.notAskedYet])
    }

    @Test func eachSettingThatSilencesAnnouncementsGetsItsLine() {
        var settings = healthy
        settings.alert = .disabled
        settings.sound = .disabled
        settings.timeSensitive = .disabled
        #expect(NotificationHealth.problems(settings) == [.soundsOff, .alertsOff, .timeSensitiveOff])
        settings.authorization = .provisional
        #expect(NotificationHealth.problems(settings) == [.deliveredQuietly, .soundsOff, .alertsOff, .timeSensitiveOff])
    }

    @Test func aScheduledSummaryMattersOnlyWithoutTimeSensitiveDelivery() {
        var settings = healthy
        settings.scheduledDelivery = .enabled
        // Time-sensitive pushes break through the summary.
        #expect(NotificationHealth.problems(settings) == [])
        settings.timeSensitive = .disabled
        #expect(NotificationHealth.problems(settings) == [.timeSensitiveOff, .inScheduledSummary])
        #expect(NotificationHealth.problems(settings, expectsTimeSensitive: false) == [.inScheduledSummary])
    }

    @Test func everyMessageIsOneLine() {
        for problem in NotificationHealth.Problem.allCases {
            #expect(!problem.message.isEmpty)
            #expect(!problem.message.contains("\n"), "\(problem)")
        }
        #expect(NotificationHealth.Problem.soundsOff.message == "通知声音已关闭：到账时不会播报金额。请在“设置 › 通知 › 本应用”打开“声音”。")
    }
}
