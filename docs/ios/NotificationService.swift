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
/// Foundation-only files of `Logic/`, under the merchant's switches
/// (``MerchantSettings``, read from the App Group with every push). This
/// class keeps the open deliveries of one extension instance
/// (``DeliveryQueue``): iOS may hand a reused instance a second push while
/// the first is in flight, and each keeps its own work until it ends or the
/// time runs out, so each content handler is called exactly once, with its
/// own push's sound.
///
/// - No `aps.sound` (a held payment of a burst), an `announce-id` announced
///   before, an `announce-at` more than 12 minutes (120 s and the clock
///   tolerance) before the phone's clock, or a merchant's switch: the
///   banner, no sound.
/// - A plain name (`pay.caf`): left as sent, for iOS to find.
/// - announce's name: rendered from the pack, else the file in
///   `Library/Sounds` if there (touched), else downloaded from
///   `announce-sound-url`; the fallback sound when that fails or the time
///   runs out.
///
/// The answer is also written into the notification's `userInfo`
/// (``InAppPlayback/Delivered``), so that the app, when it is open, plays
/// the same file itself. Each delivery is counted in the App Group
/// (``DeliveryCounters``) and logged (`AnnounceConfiguration.log`), for the
/// app to show.
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
        let push = PushFields(userInfo: request.content.userInfo)
        let handback = Handback(content: content, push: push, handler: contentHandler)
        // Any push still in flight keeps its own work: a new one never ends it.
        let ticket = deliveries.begin(interim: .interim) { outcome, ending in
            handback.deliver(outcome.ended(ending))
        }
        let deliveries = self.deliveries
        // File locks, copies and the download stay off the thread iOS calls on.
        DispatchQueue.global(qos: .userInitiated).async {
            let now = Date()
            let settings = AnnounceConfiguration.merchantSettings()
            if let at = push.at { try? AnnounceConfiguration.clockCheck?.note(at: at, now: now) }
            AnnouncementPipeline.run(
                push, now: now, recent: AnnounceConfiguration.recentPayments(), settings: settings.settings,
                attach: { cancel in deliveries.onCancel(ticket, cancel) },
                done: { outcome in deliveries.finish(ticket, with: outcome) })
        }
    }

    /// Called shortly before the system's limit (about 30 s): every push
    /// still in flight is handed back at once, with the fallback sound.
    override func serviceExtensionTimeWillExpire() {
        deliveries.expire()
    }
}

/// One push's content and content handler. Only the delivery queue calls
/// ``deliver(_:)``, once, and never two at a time: that is what makes
/// the unchecked `Sendable` safe.
private final class Handback: @unchecked Sendable {
    private let content: UNMutableNotificationContent
    private let push: PushFields
    private let handler: (UNNotificationContent) -> Void

    init(content: UNMutableNotificationContent, push: PushFields, handler: @escaping (UNNotificationContent) -> Void) {
        self.content = content
        self.push = push
        self.handler = handler
    }

    /// Sets the sound (and a replay attachment), tells the app what was
    /// chosen, counts and logs the outcome, and hands the notification back.
    func deliver(_ outcome: DeliveryOutcome) {
        let sound = AnnouncementPipeline.deliverySound(for: outcome)
        content.sound = AnnouncementPipeline.notificationSound(sound, critical: push.isCritical, volume: push.criticalVolume)
        if let attachment = AnnouncementPipeline.attachment(for: outcome) { content.attachments = [attachment] }
        var userInfo = content.userInfo
        userInfo[InAppPlayback.key] = InAppPlayback.Delivered(outcome: outcome, sound: sound, id: push.id, seal: AnnounceConfiguration.answerSeal).userInfoValue
        content.userInfo = userInfo
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
