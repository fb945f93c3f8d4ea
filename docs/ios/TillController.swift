import AVFoundation
import AnnounceWire
import UIKit
import UserNotifications

/// The app's side of what the merchant hears: every event the app sees goes
/// into one `TillModel` (the tested, Foundation-only decision), and this
/// class carries out what it answers: present a notification with or
/// without its sound, play a file of the App Group's `Library/Sounds` with
/// AVAudioPlayer, stop, post a payment again with its own sound, deliver a
/// payment that came through the push service's own connection, keep the
/// screen awake, count. It decides nothing itself. Each event is also kept
/// in the App Group's log of the day (`TillLog`), for the status screen to
/// share and `announce till` to replay. Main thread only.
@MainActor
final class TillController: NSObject, AVAudioPlayerDelegate {
    static let shared = TillController()

    private var model: TillModel
    private var player: AVAudioPlayer?
    private var volumeObservation: NSKeyValueObservation?
    /// The answer to the `willPresent` being decided.
    private var presentation: UNNotificationPresentationOptions = [.banner, .list, .sound]

    override init() {
        let folder = AnnounceConfiguration.soundFolder()
        model = TillModel(fallback: AnnounceConfiguration.fallbackSoundName, isInFolder: { folder?.hasFile(named: $0) ?? false })
        super.init()
    }

    /// Starts listening: the app's state, the lock, the media volume,
    /// interruptions. Called once, at launch.
    func start() {
        let center = NotificationCenter.default
        let events: [(Notification.Name, @MainActor () -> Void)] = [
            (UIApplication.didBecomeActiveNotification, { [unowned self] in appState(.active) }),
            (UIApplication.willResignActiveNotification, { [unowned self] in appState(.inactive) }),
            (UIApplication.didEnterBackgroundNotification, { [unowned self] in appState(.background) }),
            (UIApplication.willTerminateNotification, { [unowned self] in appState(.killed) }),
            // With a passcode, the App Group's protected data goes away when
            // the phone locks and comes back when it is unlocked.
            (UIApplication.protectedDataWillBecomeUnavailableNotification, { [unowned self] in locked(true) }),
            (UIApplication.protectedDataDidBecomeAvailableNotification, { [unowned self] in locked(false) }),
        ]
        for (name, action) in events {
            center.addObserver(forName: name, object: nil, queue: .main) { _ in MainActor.assumeIsolated { action() } }
        }
        center.addObserver(forName: AVAudioSession.interruptionNotification, object: AVAudioSession.sharedInstance(), queue: .main) { note in
            guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
                  let type = AVAudioSession.InterruptionType(rawValue: raw)
            else { return }
            let resume = (note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt).map {
                AVAudioSession.InterruptionOptions(rawValue: $0).contains(.shouldResume)
            } ?? false
            MainActor.assumeIsolated { TillController.shared.interruption(began: type == .began, shouldResume: resume) }
        }
        volumeObservation = AVAudioSession.sharedInstance().observe(\.outputVolume, options: [.initial, .new]) { session, _ in
            let volume = Double(session.outputVolume)
            Task { @MainActor in TillController.shared.handle(.mediaVolume(volume), log: ("volume", [("media", volume)])) }
        }
        settings(AnnounceConfiguration.settingsFile()?.read().settings ?? MerchantSettings())
        readTimeSensitive()
    }

    /// The model's clock: seconds since boot, counting sleep, so a
    /// payment's wait runs down on a locked, sleeping phone (``BootClock``).
    private var uptime: TimeInterval { BootClock.seconds() }

    /// The App Group's files (the day's log, the counters, the record of
    /// recent payments), one at a time and in order: their locks are shared
    /// with the extension and never waited on by the main thread, and the
    /// log's lines stay in the order of their events (`announce till`
    /// refuses a line earlier than the one above it).
    private static let files = DispatchQueue(label: "announce.till.files", qos: .userInitiated)

    // MARK: - Events in

    /// What the app reads of a notification or a message where it arrives,
    /// so that nothing that is not `Sendable` (`UNNotification`, its
    /// `userInfo`) crosses to the main actor.
    struct Arrival: Sendable {
        /// The extension's sealed answer (``InAppPlayback/Delivered``).
        let answer: InAppPlayback.Delivered?
        /// The push's fields, read as the extension reads them.
        let push: PushFields
        /// The line of the day's log.
        let line: String

        nonisolated init(_ userInfo: [AnyHashable: Any], channel: TillEvent.Channel) {
            answer = InAppPlayback.Delivered(userInfo: userInfo, seal: AnnounceConfiguration.answerSeal)
            push = PushFields(userInfo: userInfo)
            let clock = TillLog.now()
            line = TillLog.push(at: clock.at, boot: clock.boot, service: AnnounceConfiguration.pushService, channel: channel, userInfo: userInfo)
        }
    }

    /// `willPresent`, from the notification centre's delegate or the push
    /// SDK's (JPush, Tencent Push): how to present it.
    /// The push itself is in the day's log already: the extension adds
    /// every push it receives.
    func present(_ arrival: Arrival) -> UNNotificationPresentationOptions {
        presentation = [.banner, .list, .sound]
        carryOut(model.handle(.willPresent(arrival.answer, uptime: uptime)))
        return presentation
    }

    /// A payment through the push service's own connection to the running
    /// app (Getui's transmission message, Tencent Push's in-app channel): no
    /// extension ran for it.
    func vendorMessage(_ arrival: Arrival) {
        log(arrival.line)
        let push = arrival.push
        let arrived = uptime
        Self.files.async {
            // The record the extension claims ids in: the APNs copy of this
            // payment, or this one after it, is silent.
            // Claimed as the extension claims (`TillModel.claims`): only a
            // payment that asks for a sound.
            let firstTime = !TillModel.claims(push)
                || push.id.flatMap { id in try? AnnounceConfiguration.recentPayments()?.claim(id, at: Date()) } != .repeated
            Task { @MainActor in
                let controller = TillController.shared
                controller.carryOut(controller.model.handle(.vendorMessage(push, firstTime: firstTime, uptime: arrived)))
            }
        }
    }

    /// The merchant's switches, at the start and at each change: the day's
    /// log has them whole, with whether time-sensitive notifications are
    /// allowed, so that a replay decides by them.
    func settings(_ settings: MerchantSettings) {
        merchantSettings = settings
        logSettings()
        carryOut(model.handle(.tillMode(settings.tillMode, uptime: uptime)))
    }

    private var merchantSettings = MerchantSettings()
    /// Whether the app's time-sensitive notifications are allowed, as last
    /// read; nil before the first reading.
    private var timeSensitive: Bool?
    private var timeSensitiveReading: Task<Void, Never>?

    private func logSettings() {
        let clock = TillLog.now()
        log(TillLog.settings(
            at: clock.at, boot: clock.boot, file: MerchantSettingsFile.encode(merchantSettings), timeSensitive: timeSensitive))
    }

    /// Time-sensitive notifications, read again on becoming active (the
    /// merchant may turn them off in Settings): a change goes in the log.
    private func readTimeSensitive() {
        timeSensitiveReading?.cancel()
        timeSensitiveReading = Task { @MainActor in
            let allowed = await NotificationHealth.Settings.current().timeSensitive != .disabled
            guard !Task.isCancelled, allowed != timeSensitive else { return }
            timeSensitive = allowed
            logSettings()
        }
    }

    private func appState(_ state: TillEvent.AppState) {
        if state == .active {
            // What may have changed unseen while the app was suspended (a
            // lock's notification, a KVO change are not promised then):
            // read again, before the model hears the app is active.
            let lockedNow = !UIApplication.shared.isProtectedDataAvailable
            if lockedNow != model.isLocked { locked(lockedNow) }
            let volume = Double(AVAudioSession.sharedInstance().outputVolume)
            if volume != model.mediaVolume { handle(.mediaVolume(volume), log: ("volume", [("media", volume)])) }
            readTimeSensitive()
        }
        handle(.app(state, uptime: uptime), log: ("app", [("state", state.rawValue)]))
    }

    private func locked(_ locked: Bool) {
        handle(.locked(locked, uptime: uptime), log: (locked ? "lock" : "unlock", []))
    }

    /// An interruption of the app's audio session. Since iOS 16 none
    /// carries the reason `appWasSuspended` (deprecated; AVAudioSessionTypes.h:
    /// "Interruption notifications with reason 'wasSuspended' not present
    /// from iOS 16 onwards"), so on the app's iOS 17 every one the app hears
    /// is another session's: the model and the log get `default`.
    private func interruption(began: Bool, shouldResume: Bool) {
        let event: TillModel.Event = began
            ? .interruptionBegan(appWasSuspended: false, uptime: uptime) : .interruptionEnded(shouldResume: shouldResume, uptime: uptime)
        handle(event, log: ("interruption", [
            ("phase", began ? "began" : "ended"), ("shouldResume", shouldResume), ("reason", "default"),
        ]))
    }

    private func handle(_ event: TillModel.Event, log line: (String, [(String, Any)])) {
        let clock = TillLog.now()
        log(TillLog.line(at: clock.at, boot: clock.boot, event: line.0, line.1))
        carryOut(model.handle(event))
    }

    private func log(_ line: String) {
        let now = Date().timeIntervalSince1970
        Self.files.async { try? AnnounceConfiguration.tillLog?.append(line, at: now) }
    }

    // MARK: - Answers out

    private func carryOut(_ actions: [TillModel.Action]) {
        for action in actions {
            switch action {
            case .present(let withSound):
                presentation = withSound ? [.banner, .list, .sound] : [.banner, .list]
            case .play(let entry):
                switch start(entry.sound) {
                case .playing: break
                case .sessionRefused: carryOut(model.handle(.sessionRefused(uptime: uptime)))
                case .failed: carryOut(model.handle(.playbackFailed(uptime: uptime)))
                }
            case .stop:
                player?.delegate = nil
                player?.stop()
                player = nil
            case .skip(let entry):
                AnnounceConfiguration.log.info("not said in the app: waited past its time (\(entry.sound.count) bytes of name)")
            case .notify(let id, let sound, let after):
                notify(id: id, sound: sound, after: after)
            case .deliver(let push):
                deliver(push)
            case .keepScreenAwake(let awake):
                UIApplication.shared.isIdleTimerDisabled = awake
            case .releaseAudio:
                try? AVAudioSession.sharedInstance().setActive(false, options: [.notifyOthersOnDeactivation])
            case .count(let counter):
                Self.files.async { try? AnnounceConfiguration.counters?.record(counter) }
            case .schedule(let id, let sound, let after, let inTime):
                // The fail-safe: iOS posts it even if this process dies.
                notify(id: id, sound: sound, after: after, inTime: inTime)
            case .unschedule(let id):
                UNUserNotificationCenter.current().removePendingNotificationRequests(withIdentifiers: [Self.identifier(id)])
            case .wake(let after):
                // The app's own timer: what ends a state no iOS event may end
                // (an interruption without its end).
                Timer.scheduledTimer(withTimeInterval: after, repeats: false) { _ in
                    MainActor.assumeIsolated { TillController.shared.tick() }
                }
            }
        }
    }

    private func tick() {
        carryOut(model.handle(.tick(uptime: uptime)))
    }

    /// How a file's start went.
    private enum Start {
        case playing
        /// The session could not be activated: a call still holds the audio.
        case sessionRefused
        case failed
    }

    /// Plays `name` from `Library/Sounds`.
    private func start(_ name: String) -> Start {
        guard let url = AnnounceConfiguration.soundFolder()?.url(of: name) else { return .failed }
        let session = AVAudioSession.sharedInstance()
        do {
            // .playback: not muted by the ring switch. .voicePrompt is
            // Apple's mode for short spoken prompts, with duckOthers and
            // interruptSpokenAudioAndMixWithOthers.
            try session.setCategory(.playback, mode: .voicePrompt, options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers])
            try session.setActive(true)
        } catch {
            // A call, Siri or audio that may not be mixed keeps the session
            // from activating: the model tries again shortly. Any other
            // error is a failure: the payment's notification says it now.
            let held: [AVAudioSession.ErrorCode] = [.cannotInterruptOthers, .insufficientPriority, .siriIsRecording]
            if let code = AVAudioSession.ErrorCode(rawValue: (error as NSError).code), held.contains(code) {
                AnnounceConfiguration.log.info("audio session not activated: \(String(describing: error), privacy: .public)")
                return .sessionRefused
            }
            AnnounceConfiguration.log.error("audio session failed: \(String(describing: error), privacy: .public)")
            return .failed
        }
        do {
            let player = try AVAudioPlayer(contentsOf: url)
            player.delegate = self
            self.player = player
            guard player.play() else {
                player.delegate = nil
                self.player = nil
                return .failed
            }
            // Should the player never report its end, the model hears of
            // one shortly after the file's length.
            DispatchQueue.main.asyncAfter(deadline: .now() + player.duration + 2) { [weak player] in
                MainActor.assumeIsolated {
                    guard let player, TillController.shared.player === player else { return }
                    TillController.shared.ended(successfully: false)
                }
            }
            return .playing
        } catch {
            AnnounceConfiguration.log.error("in-app playback failed: \(String(describing: error), privacy: .public)")
            return .failed
        }
    }

    // The player is not Sendable: only its identity crosses to the main
    // actor, so that the end of a player already stopped ends nothing.
    nonisolated func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
        let finished = ObjectIdentifier(player)
        Task { @MainActor in self.ended(finished, successfully: flag) }
    }

    nonisolated func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: Error?) {
        let failed = ObjectIdentifier(player)
        Task { @MainActor in self.ended(failed, successfully: false) }
    }

    private func ended(_ finished: ObjectIdentifier, successfully: Bool) {
        guard let player, ObjectIdentifier(player) == finished else { return }
        ended(successfully: successfully)
    }

    private func ended(successfully: Bool) {
        player?.delegate = nil
        // Silent if it already ended; stopped if it never said so.
        player?.stop()
        player = nil
        carryOut(model.handle(successfully ? .playbackEnded(uptime: uptime) : .playbackFailed(uptime: uptime)))
    }

    /// The request identifier of a payment's fail-safe notification.
    /// The one identifier of a payment's notifications, its fail-safe and
    /// its hand-off alike: adding one replaces the other, pending, in one
    /// step, so a payment handed on is never left with neither nor posted
    /// twice.
    private static func identifier(_ id: String) -> String { "announce-\(id)-again" }

    /// Posts the payment again as a local notification with `sound`, now
    /// (a nil trigger) or `after` seconds from now.
    private func notify(id: String?, sound: DeliverySound, after: TimeInterval, inTime: TimeInterval? = nil) {
        let content = UNMutableNotificationContent()
        content.title = "收款通知"
        content.body = "收到一笔付款，请查看收款记录"
        content.sound = AnnouncementPipeline.notificationSound(sound, critical: false, volume: nil)
        content.userInfo = [
            InAppPlayback.key: InAppPlayback.Delivered(handOff: sound, id: id, seal: AnnounceConfiguration.answerSeal, inTime: inTime).userInfoValue,
        ]
        if AnnounceConfiguration.expectsTimeSensitive { content.interruptionLevel = .timeSensitive }
        // A time-interval trigger must be above 0.
        let trigger = after > 0 ? UNTimeIntervalNotificationTrigger(timeInterval: after, repeats: false) : nil
        let request = UNNotificationRequest(
            identifier: Self.identifier(id ?? UUID().uuidString), content: content, trigger: trigger)
        UNUserNotificationCenter.current().add(request) { error in
            if let error { AnnounceConfiguration.log.error("payment not posted again: \(String(describing: error), privacy: .public)") }
        }
    }

    /// A payment from the service's own connection: decided and rendered as
    /// the extension does, in the app, then back to the model.
    private func deliver(_ push: PushFields) {
        DispatchQueue.global(qos: .userInitiated).async {
            // File locks off the main thread.
            let settings = AnnounceConfiguration.merchantSettings().settings
            let lateness = AnnounceConfiguration.policy.lateness(
                of: push, now: Date(), clock: AnnounceConfiguration.clockCheck, boot: AnnounceConfiguration.bootTime())
            AnnouncementPipeline.run(
                push, now: Date(), recent: nil, settings: settings, clockBaseline: lateness.baseline, attach: { _ in }
            ) { outcome in
                let sound = AnnouncementPipeline.deliverySound(for: outcome)
                Task { @MainActor in
                    let uptime = BootClock.seconds()
                    TillController.shared.carryOut(
                        TillController.shared.model.handle(.rendered(push, sound: sound, age: lateness.age, uptime: uptime)))
                }
            }
        }
    }
}
