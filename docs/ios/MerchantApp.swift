import SwiftUI

/// The merchant app: one screen (``AnnouncementStatusView``) that says
/// whether announcements can be heard, how they fared, and plays a test
/// announcement on request. Permission, APNs registration, the fallback
/// sound and cleanup are in ``AppDelegate``.
@main
struct MerchantApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate

    var body: some Scene {
        WindowGroup {
            AnnouncementStatusView()
        }
    }
}
