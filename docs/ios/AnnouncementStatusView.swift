import AnnounceWire
import SwiftUI
import UserNotifications

/// The merchant's screen: one line for each setting that keeps
/// announcements from being heard (``NotificationHealth``), the phone's
/// clock when it looks wrong (``ClockCheck``), the merchant's own switches
/// (``MerchantSettingsView``), the delivery counters
/// (``DeliveryCounters/summary(_:)``), and a button that plays a test
/// announcement through the extension's own path.
struct AnnouncementStatusView: View {
    @StateObject private var status = AnnouncementStatus()
    @Environment(\.scenePhase) private var phase

    var body: some View {
        NavigationView {
            List {
                Section("通知设置") {
                    if status.problems.isEmpty {
                        Text("通知设置正常：到账时会播报")
                    } else {
                        ForEach(status.problems, id: \.self) { Text($0.message) }
                    }
                    if let clock = status.clock { Text(clock) }
                }
                MerchantSettingsView(status: status)
                Section("播报统计") {
                    ForEach(status.summary, id: \.self) { Text($0) }
                }
                Section {
                    Button("测试播报") { status.playTest() }
                } footer: {
                    Text("\(Int(AnnounceConfiguration.testDelay)) 秒后播报：可留在本应用、切到后台或锁屏，听音量、静音开关和专注模式的效果。")
                }
            }
            .navigationTitle("收款播报")
        }
        .task { await status.refresh() }
        .onChange(of: phase) { newPhase in
            if newPhase == .active { Task { await status.refresh() } }
        }
    }
}

/// What the status screen shows, read when it appears and each time the
/// app becomes active.
@MainActor
final class AnnouncementStatus: ObservableObject {
    @Published private(set) var problems: [NotificationHealth.Problem] = []
    @Published private(set) var summary: [String] = []
    /// The clock's line, when it looks wrong.
    @Published private(set) var clock: String?
    /// The merchant's switches as the extension reads them.
    @Published var settings = MerchantSettings()
    /// The settings file's line, when it could not be used as written.
    @Published private(set) var settingsProblem: String?
    private var tests = 0

    func refresh() async {
        let settings = await UNUserNotificationCenter.current().notificationSettings()
        problems = NotificationHealth.problems(
            NotificationHealth.Settings(settings), expectsTimeSensitive: AnnounceConfiguration.expectsTimeSensitive)
        summary = DeliveryCounters.summary(AnnounceConfiguration.counters?.counts() ?? [:])
        clock = AnnounceConfiguration.clockCheck?.assessment().message
        let reading = AnnounceConfiguration.settingsFile()?.read() ?? MerchantSettingsFile.Reading(settings: MerchantSettings(), status: .missing)
        self.settings = reading.settings
        settingsProblem = reading.status.message
        await DeviceRegistration.send()
    }

    /// Writes `settings` for the extension's next push; says so when it
    /// cannot (the phone not unlocked since it started, a full container).
    func save(_ settings: MerchantSettings) {
        self.settings = settings
        do {
            guard let file = AnnounceConfiguration.settingsFile() else { throw LockedRecordFile.Failure(description: "no App Group") }
            try file.write(settings)
            settingsProblem = nil
        } catch {
            settingsProblem = "播报设置未能保存：\(error.description)"
        }
    }

    /// Builds the test push (``TestAnnouncement``), sends it through the
    /// extension's path (``AnnouncementPipeline``: the file into the App
    /// Group's `Library/Sounds`, then its sound, under the merchant's
    /// switches) and schedules it as a local notification
    /// `AnnounceConfiguration.testDelay` seconds from now. It is not counted.
    func playTest() {
        tests += 1
        let userInfo = TestAnnouncement.push(from: AnnounceConfiguration.testPayload, now: Date(), number: tests)
        let push = PushFields(userInfo: userInfo)
        let alert = TestAnnouncement.alert(of: userInfo)
        let identifier = push.id ?? UUID().uuidString
        let settings = self.settings
        DispatchQueue.global(qos: .userInitiated).async {
            AnnouncementPipeline.run(push, now: Date(), recent: nil, settings: settings, attach: { _ in }) { outcome in
                let content = UNMutableNotificationContent()
                content.title = alert.title
                content.body = alert.body
                let sound = AnnouncementPipeline.deliverySound(for: outcome)
                content.sound = AnnouncementPipeline.notificationSound(sound, critical: false, volume: nil)
                // So that with the app open the app says it, as for a payment.
                content.userInfo = [InAppPlayback.key: InAppPlayback.Delivered(outcome: outcome, sound: sound, id: push.id, seal: AnnounceConfiguration.answerSeal).userInfoValue]
                if AnnounceConfiguration.expectsTimeSensitive { content.interruptionLevel = .timeSensitive }
                let trigger = UNTimeIntervalNotificationTrigger(timeInterval: AnnounceConfiguration.testDelay, repeats: false)
                UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: identifier, content: content, trigger: trigger)) { error in
                    if let error { AnnounceConfiguration.log.error("test not scheduled: \(String(describing: error), privacy: .public)") }
                }
                AnnounceConfiguration.log.info("test announcement: \(outcome.logDescription, privacy: .public)")
            }
        }
    }
}
