import AnnounceCommon
import AnnounceWire
import Foundation
import UserNotifications

/// The Notification Service Extension: puts the announcement a push names
/// into the App Group's `Library/Sounds` and hands the notification back
/// with that file as its sound (and a copy as an attachment, to play again),
/// so iOS says 支付宝到账一百二十三点四五元 as the banner appears.
///
/// It forwards and carries out; it decides nothing. What sound a push gets
/// is worked out by ``AnnouncementPipeline`` (shared with the app), whose
/// decisions are the tested Foundation-only files of
/// `Sources/AnnounceExtensionLogic`: lateness against the phone's own recent
/// pushes (`AnnouncePolicy.lateness`), the choice under the merchant's
/// switches (`AnnouncePolicy.start`), the outcome's sound and interruption
/// level (`DeliveryOutcome`), the open deliveries of this instance
/// (`DeliveryQueue`: iOS may hand a reused instance a second push while the
/// first is in flight, and each keeps its own work), and the hand-back
/// inside the push service's receipt (`HandbackGates`: once, within a few
/// seconds, before the system's time runs out, and before any counting).
///
/// The answer is also written into the notification's `userInfo`
/// (`InAppPlayback.Delivered`, with the payment's age), so that the app,
/// when it is open, says the same file itself (`TillModel`).
final class NotificationService: UNNotificationServiceExtension {
    private let deliveries = DeliveryQueue<DeliveryOutcome>()
    private let gates = HandbackGates()

    override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        PushServiceReceipts.setUp()
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        let push = PushFields(userInfo: request.content.userInfo)
        // The day's log (`TillLog`) has every push the extension receives.
        let clock = TillLog.now()
        let line = TillLog.push(
            at: clock.at, boot: clock.boot, service: AnnounceConfiguration.pushService, channel: .apns, userInfo: request.content.userInfo)
        let handback = Handback(request: request, content: content, push: push, handler: contentHandler, gates: gates, logLine: line)
        // Any push still in flight keeps its own work: a new one never ends it.
        let ticket = deliveries.begin(interim: .interim) { outcome, ending in
            handback.deliver(outcome.ended(ending))
        }
        let deliveries = self.deliveries
        // File locks, copies and the download stay off the thread iOS calls on.
        DispatchQueue.global(qos: .userInitiated).async {
            let now = Date()
            let settings = AnnounceConfiguration.merchantSettings()
            let lateness = AnnounceConfiguration.policy.lateness(
                of: push, now: now, clock: AnnounceConfiguration.clockCheck, boot: AnnounceConfiguration.bootTime())
            handback.age = lateness.age
            AnnouncementPipeline.run(
                push, now: now, recent: AnnounceConfiguration.recentPayments(), settings: settings.settings,
                clockBaseline: lateness.baseline,
                attach: { cancel in deliveries.onCancel(ticket, cancel) },
                done: { outcome in deliveries.finish(ticket, with: outcome) })
        }
    }

    /// Called shortly before the system's limit (about 30 s): every push
    /// still in flight is handed back at once, with the fallback sound, and
    /// every receipt still awaited lets its content go.
    override func serviceExtensionTimeWillExpire() {
        deliveries.expire()
        gates.expireAll()
        PushServiceReceipts.expire()
    }
}

/// One push's content and content handler. Only the delivery queue calls
/// ``deliver(_:)``, once, and never two at a time; the hand-back itself is
/// the gate's, once: that is what makes the unchecked `Sendable` safe.
private final class Handback: @unchecked Sendable {
    private let request: UNNotificationRequest
    private let content: UNMutableNotificationContent
    private let push: PushFields
    private let handler: (UNNotificationContent) -> Void
    private let gates: HandbackGates
    private let lateness = LockedState<Double?>(nil)
    /// The push's line of the day's log, added after the hand-back.
    let logLine: String

    init(
        request: UNNotificationRequest, content: UNMutableNotificationContent, push: PushFields,
        handler: @escaping (UNNotificationContent) -> Void, gates: HandbackGates, logLine: String
    ) {
        self.request = request
        self.content = content
        self.push = push
        self.handler = handler
        self.gates = gates
        self.logLine = logLine
    }

    /// How much older than a fresh push this one is (the app's deadline).
    var age: Double? {
        get { lateness.withLock { $0 } }
        set { lateness.withLock { $0 = newValue } }
    }

    /// Sets the sound, its level (passive for a payment kept quiet) and a
    /// replay attachment, tells the app what was chosen, then hands the
    /// notification back inside the push service's receipt; counts and logs
    /// after.
    func deliver(_ outcome: DeliveryOutcome) {
        let sound = AnnouncementPipeline.deliverySound(for: outcome)
        content.sound = AnnouncementPipeline.notificationSound(sound, critical: push.isCritical, volume: push.criticalVolume)
        if outcome.isPassive { content.interruptionLevel = .passive }
        if let attachment = AnnouncementPipeline.attachment(for: outcome) { content.attachments = [attachment] }
        var userInfo = content.userInfo
        userInfo[InAppPlayback.key] = InAppPlayback.Delivered(
            outcome: outcome, sound: sound, id: push.id, seal: AnnounceConfiguration.answerSeal, age: age
        ).userInfoValue
        content.userInfo = userInfo
        // The content and its handler are not Sendable: the gate holds this
        // object, which hands them back once (see the type's comment).
        let gate = gates.gate(handBack: { self.handOver() }, afterwards: {
            do throws(LockedRecordFile.Failure) {
                try AnnounceConfiguration.counters?.record(outcome.counter)
            } catch {
                // Kept in memory and written with the next count that can be.
                AnnounceConfiguration.log.error("counter not written yet: \(error.description, privacy: .public)")
            }
            AnnounceConfiguration.log.info("delivered: \(outcome.logDescription, privacy: .public)")
            try? AnnounceConfiguration.tillLog?.append(self.logLine, at: Date().timeIntervalSince1970)
        })
        PushServiceReceipts.report(request) { gate.open() }
        DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + HandbackGates.cap) { gate.open() }
    }

    /// The notification, to iOS: called once, by the gate.
    private func handOver() {
        handler(content)
    }
}
