import AnnounceWire
import Foundation
import UserNotifications

/// The Notification Service Extension: puts the announcement a push names
/// into the App Group's `Library/Sounds` and hands the notification back
/// with that file as its sound (and a copy as an attachment, to play again),
/// so iOS says 支付宝到账一百二十三点四五元 as the banner appears.
///
/// What sound a push gets is worked out by ``AnnouncementPipeline`` (shared
/// with the app's test announcement), whose decisions are the tested
/// Foundation-only files of `Logic/`. This class only keeps the deliveries
/// of one extension instance in order (``DeliveryQueue``): iOS may hand a
/// reused instance a second push while the first is in flight; the first
/// is then handed back at once with what it has (the fallback sound), so
/// each content handler is called exactly once, with its own push's sound.
///
/// - No `aps.sound` (a held payment of a burst), an `announce-id` announced
///   before, or an `announce-at` older than 120 s: the banner, no sound.
/// - A plain name (`pay.caf`): left as sent, for iOS to find.
/// - announce's name: the file in `Library/Sounds` if there (touched), else
///   downloaded from `announce-sound-url`; the fallback sound when that
///   fails or the time runs out.
///
/// Each delivery is counted in the App Group (``DeliveryCounters``) and
/// logged (`AnnounceConfiguration.log`), for the app to show.
final class NotificationService: UNNotificationServiceExtension {
    private let deliveries = DeliveryQueue<DeliveryOutcome>()

    override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        let handback = Handback(content: content, handler: contentHandler)
        // Delivers any push still in flight first, with the fallback.
        let ticket = deliveries.begin(interim: .interim) { outcome, ending in
            handback.deliver(outcome.ended(ending))
        }
        let push = PushFields(userInfo: request.content.userInfo)
        let deliveries = self.deliveries
        // File locks, copies and the download stay off the thread iOS calls on.
        DispatchQueue.global(qos: .userInitiated).async {
            AnnouncementPipeline.run(
                push, now: Date(), recent: AnnounceConfiguration.recentPayments(),
                attach: { cancel in deliveries.onCancel(ticket, cancel) },
                done: { outcome in deliveries.finish(ticket, with: outcome) })
        }
    }

    /// Called shortly before the system's limit (about 30 s): the push in
    /// flight is handed back at once, with the fallback sound.
    override func serviceExtensionTimeWillExpire() {
        deliveries.expire()
    }
}

/// One push's content and content handler. Only the delivery queue calls
/// ``deliver(_:)``, once, and never two at a time: that is what makes
/// the unchecked `Sendable` safe.
private final class Handback: @unchecked Sendable {
    private let content: UNMutableNotificationContent
    private let handler: (UNNotificationContent) -> Void

    init(content: UNMutableNotificationContent, handler: @escaping (UNNotificationContent) -> Void) {
        self.content = content
        self.handler = handler
    }

    /// Sets the sound (and a replay attachment), counts and logs the
    /// outcome, and hands the notification back.
    func deliver(_ outcome: DeliveryOutcome) {
        content.sound = AnnouncementPipeline.sound(for: outcome)
        if let attachment = AnnouncementPipeline.attachment(for: outcome) { content.attachments = [attachment] }
        do {
            try AnnounceConfiguration.counters?.record(outcome.counter)
        } catch {
            // Kept in memory and written with the next count that can be.
            AnnounceConfiguration.log.error("counter not written yet: \(error.description, privacy: .public)")
        }
        AnnounceConfiguration.log.info("delivered: \(outcome.logDescription, privacy: .public)")
        handler(content)
    }
}
