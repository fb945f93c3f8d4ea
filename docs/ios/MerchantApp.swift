import SwiftUI

/// The merchant app. Announcements need nothing from its user interface:
/// the app's part is to ask for permission, register for pushes (in
/// ``AppDelegate``) and delete old announcements.
@main
struct MerchantApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate

    var body: some Scene {
        WindowGroup {
            Text("收款播报")
        }
    }
}
