import AVFoundation
import AnnounceWire
import SwiftUI
import UIKit
import UserNotifications

/// The merchant's screen: one line for each reason a payment would not be
/// heard (``TillStatus``: the notification settings, silent with the screen
/// allowed to sleep, the media volume, Focus, the clock), the merchant's own
/// switches (``MerchantSettingsView``, till mode among them), the delivery
/// counters (``DeliveryCounters/summary(_:)``), a button that plays a test
/// announcement through the extension's own path, and one that shares the
/// last day's events (``TillLog``) for `announce till`.
struct AnnouncementStatusView: View {
    @StateObject private var status = AnnouncementStatus()
    @Environment(\.scenePhase) private var phase
    @State private var sharing: SharedFile?

    var body: some View {
        NavigationStack {
            List {
                Section("能否听到播报") {
                    if status.lines.isEmpty {
                        Text("设置正常：到账时会播报")
                    } else {
                        ForEach(status.lines, id: \.self) { Text($0) }
                    }
                }
                MerchantSettingsView(status: status)
                Section("播报统计") {
                    ForEach(status.summary, id: \.self) { Text($0) }
                }
                Section {
                    Button("分享今天的播报记录") { Task { sharing = await status.shareDay() } }
                } footer: {
                    Text("没听到某笔到账时，把记录发给技术支持：用 announce till 重放即可知道原因。")
                }
                Section {
                    Button("测试播报") { status.playTest() }
                } footer: {
                    Text("\(Int(AnnounceConfiguration.testDelay)) 秒后播报：可留在本应用、切到后台或锁屏，听音量、静音开关和专注模式的效果。")
                }
            }
            .navigationTitle("收款播报")
        }
        .sheet(item: $sharing) { ShareSheet(items: [$0.url]) }
        .task { await status.refresh() }
        .onChange(of: phase) { _, newPhase in
            if newPhase == .active { Task { await status.refresh() } }
        }
    }
}

/// What the status screen shows, read when it appears and each time the
/// app becomes active.
@MainActor
final class AnnouncementStatus: ObservableObject {
    /// One line for each reason a payment would not be heard.
    @Published private(set) var lines: [String] = []
    @Published private(set) var summary: [String] = []
    /// The merchant's switches as the extension reads them.
    @Published var settings = MerchantSettings()
    /// Whether the settings have been read from the App Group (until then
    /// the minimum's field is not filled and cannot be saved).
    @Published private(set) var settingsRead = false
    /// The settings file's line, when it could not be used as written.
    @Published private(set) var settingsProblem: String?
    private var tests = 0

    func refresh() async {
        let health = await NotificationHealth.Settings.current()
        let reading = AnnounceConfiguration.settingsFile()?.read() ?? MerchantSettingsFile.Reading(settings: MerchantSettings(), status: .missing)
        self.settings = reading.settings
        settingsProblem = reading.status.message
        settingsRead = true
        let phone = TillStatus.Phone(
            tillMode: reading.settings.tillMode, mediaVolume: Double(AVAudioSession.sharedInstance().outputVolume),
            notificationProblems: NotificationHealth.problems(health, expectsTimeSensitive: AnnounceConfiguration.expectsTimeSensitive),
            focused: nil, timeSensitive: health.timeSensitive != .disabled,
            clock: AnnounceConfiguration.clockCheck?.assessment() ?? .unknown)
        lines = TillStatus.messages(phone)
        summary = DeliveryCounters.summary(AnnounceConfiguration.counters?.counts() ?? [:])
        await DeviceRegistration.send()
    }

    /// The last day's events as a file to share; nil when there are none.
    /// Read, parsed and written off the main thread: the log may hold half
    /// a megabyte.
    func shareDay() async -> SharedFile? {
        await Task.detached(priority: .userInitiated) { () -> SharedFile? in
            guard let day = AnnounceConfiguration.tillLog?.lastDay(now: Date().timeIntervalSince1970), !day.isEmpty else { return nil }
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("announce-day.jsonl")
            do {
                try Data(day.utf8).write(to: url, options: .atomic)
                return SharedFile(url: url)
            } catch {
                return nil
            }
        }.value
    }

    /// Writes `settings` for the extension's next push; says so when it
    /// cannot (the phone not unlocked since it started, a full container).
    func save(_ settings: MerchantSettings) {
        self.settings = settings
        do throws(LockedRecordFile.Failure) {
            guard let file = AnnounceConfiguration.settingsFile() else { throw LockedRecordFile.Failure(description: "no App Group") }
            try file.write(settings)
            // What the extension now reads: to the till and its log.
            TillController.shared.settings(settings)
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

/// The system's share sheet, for the day's events.
struct ShareSheet: UIViewControllerRepresentable {
    let items: [Any]

    func makeUIViewController(context: Context) -> UIActivityViewController {
        UIActivityViewController(activityItems: items, applicationActivities: nil)
    }

    func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
}

/// A file for the share sheet: `sheet(item:)` needs an `Identifiable` item,
/// and a conformance of `URL` itself would be a retroactive one that
/// Foundation may one day add too.
struct SharedFile: Identifiable, Sendable {
    let url: URL
    var id: URL { url }
}
