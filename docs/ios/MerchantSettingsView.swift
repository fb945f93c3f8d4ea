import SwiftUI

/// The merchant's own switches on the status screen (``MerchantSettings``):
/// announcements on or off, "this phone announces" for a shop with several
/// phones, quiet hours, and the smallest amount announced. Each change is
/// written at once to the App Group file the extension reads with every
/// push (``AnnouncementStatus/save(_:)``); the lines below them say what is
/// in force.
struct MerchantSettingsView: View {
    @ObservedObject var status: AnnouncementStatus
    @State private var minimum = ""
    @State private var minimumRefused = false

    var body: some View {
        Section {
            Toggle("到账播报", isOn: binding(\.announcements))
            Toggle("收银模式（本应用在前台时屏幕常亮，静音也能听到播报）", isOn: binding(\.tillMode))
            Toggle("本机播报（店里多台手机时，只让收银台这台播报）", isOn: binding(\.thisPhoneAnnounces))
            Toggle("免打扰时段", isOn: quietHoursOn)
            if let hours = status.settings.quietHours {
                DatePicker("开始", selection: time(of: hours.from) { MerchantSettings.QuietHours(from: $0, to: hours.to) },
                           displayedComponents: .hourAndMinute)
                DatePicker("结束", selection: time(of: hours.to) { MerchantSettings.QuietHours(from: hours.from, to: $0) },
                           displayedComponents: .hourAndMinute)
            }
            TextField("起播金额（元，留空为不限）", text: $minimum)
                .keyboardType(.decimalPad)
                .onSubmit(saveMinimum)
            Button("保存起播金额", action: saveMinimum).disabled(!status.settingsRead)
            if minimumRefused { Text("起播金额无效：请输入不小于 0 的金额，最多两位小数。") }
            if let problem = status.settingsProblem { Text(problem) }
        } header: {
            Text("播报设置")
        } footer: {
            Text(status.settings.summary.joined(separator: "\n"))
        }
        // Filled once the settings are read (never before: a blank field
        // saved would clear the minimum), and again whenever they change.
        .onReceive(status.$settingsRead) { read in if read { minimum = status.settings.minimumFieldText } }
    }

    // Binding's get and set are `@Sendable`, so not isolated to the main
    // actor, though SwiftUI calls them there: each captures the status (a
    // main-actor object, so `Sendable`) rather than this view, and reads and
    // writes it inside `MainActor.assumeIsolated`, which traps should a
    // call ever come from elsewhere.
    private func binding(_ key: WritableKeyPath<MerchantSettings, Bool> & Sendable) -> Binding<Bool> {
        let status = self.status
        return Binding(get: { MainActor.assumeIsolated { status.settings[keyPath: key] } }, set: { value in
            MainActor.assumeIsolated {
                var settings = status.settings
                settings[keyPath: key] = value
                status.save(settings)
            }
        })
    }

    /// On: 22:00 to 07:00 until the merchant picks other times.
    private var quietHoursOn: Binding<Bool> {
        let status = self.status
        return Binding(get: { MainActor.assumeIsolated { status.settings.quietHours != nil } }, set: { on in
            MainActor.assumeIsolated {
                var settings = status.settings
                settings.quietHours = on ? MerchantSettings.QuietHours(from: 22 * 60, to: 7 * 60) : nil
                status.save(settings)
            }
        })
    }

    /// A time of day for the picker, as a date today in the phone's time zone.
    private func time(of minute: Int, _ make: @escaping @Sendable (Int) -> MerchantSettings.QuietHours?) -> Binding<Date> {
        let status = self.status
        return Binding(get: {
            Calendar.current.date(bySettingHour: minute / 60, minute: minute % 60, second: 0, of: Date()) ?? Date()
        }, set: { date in
            MainActor.assumeIsolated {
                var settings = status.settings
                settings.quietHours = make(MerchantSettings.minuteOfDay(date, in: .current)) ?? settings.quietHours
                status.save(settings)
            }
        })
    }

    /// Kept in whole fen: `MerchantSettings.applyingMinimum(typed:)` parses
    /// the yuan exactly; a negative amount or text is refused, never rounded.
    private func saveMinimum() {
        guard status.settingsRead else { return }
        guard let settings = status.settings.applyingMinimum(typed: minimum) else {
            minimumRefused = true
            return
        }
        minimumRefused = false
        status.save(settings)
        minimum = settings.minimumFieldText
    }
}
