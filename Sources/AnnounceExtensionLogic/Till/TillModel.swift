import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceEngine
import AnnounceWire
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The app's one decision about what the merchant hears, for every event the
/// app sees: a notification about to be presented in the foreground, a
/// payment through a push service's own connection, the app's state, the
/// screen's lock, the media volume, an audio interruption, the merchant's
/// switches and the player's own ends. The ring switch and Focus are not
/// among them: iOS gives an app no way to read the switch, and Focus only to
/// communication apps; the model believes the switch on.
///
/// A value changed on the main thread. Each event goes in through
/// ``handle(_:)`` and comes back as ``Action``s that the glue (`AppDelegate`,
/// `TillController`, each push SDK's callbacks) carries out and nothing else:
/// present a notification with or without its sound, play a file, stop,
/// post a payment again with its own sound, render a payment from the pack,
/// keep the screen awake, count. The extension's side of the same decision
/// is ``AnnouncePolicy``; `announce till` replays a day of events through both.
///
/// - **Each payment once.** A payment is played once by its `announce-id`,
///   whatever the channel: a notification presented twice, the push
///   service's own message and the APNs push of the same payment, a message
///   delivered again when the app opens.
/// - **In time or not at all.** Every payment waiting to be said carries when
///   it arrived; one waiting longer than ``Limits/waiting`` when its turn
///   comes (a call, a lock) is skipped and counted, never said late.
/// - **Heard where iOS lets a sound play.** The app says a payment itself
///   while it is in the foreground (heard on silent and in a Focus), unless
///   the media volume is down (then the notification's
///   own sound is louder). Leaving the foreground, being locked, or a file
///   that cannot start hands each waiting payment to a notification with its
///   own sound. An interruption pauses the queue; its end resumes it,
///   replaying the payment it cut if that is still in time. In the
///   foreground the app says a waiting payment whatever ended the wait: an
///   interruption's end without `shouldResume` (the session mixes with and
///   ducks the other audio), or its own hand-off notification arriving after
///   the app came back.
/// - **Nothing waits on an event iOS does not promise.** Each state has a way
///   out that needs no later event from iOS:
///   - an interruption's end (Apple: "no guarantee that a begin interruption
///     will have a corresponding end interruption"): the interruption is
///     over when the app becomes active again, and at the latest
///     ``Limits/interruption`` after it began, when the ``Action/wake(after:)``
///     the model asked for comes back as ``Event/tick(uptime:)``;
///     a call still on then refuses the audio session
///     (``Event/sessionRefused(uptime:)``), and the payment waits
///     ``Limits/sessionRetry`` more, within its deadline;
///   - the lock and the media volume (a notification or a KVO change that
///     may be missed while suspended): the glue reads them again when the
///     app becomes active and sends them before ``Event/app(_:uptime:)``;
///   - a file's end: ``Event/playbackEnded(uptime:)`` or
///     ``Event/playbackFailed(uptime:)`` come from the player itself, and a
///     payment that waits longer than its deadline is skipped at the next
///     event, never said late;
///   - the willTerminate that a crash, a kill or a force-quit never sends:
///     nothing waits on it. Each payment the app takes on to say is also
///     scheduled at once as a local notification with its own sound
///     (``Action/schedule(id:sound:after:)``, the fail-safe), due when the
///     app should long have said it and never after its deadline, and
///     removed (``Action/unschedule(id:)``) when the app has said it or
///     handed it on. A process that dies leaves the fail-safes to iOS, which
///     plays them.
/// - **Till mode** keeps the screen awake while the app is in the foreground,
///   so Auto-Lock does not end "heard on silent".
///
/// Foundation only: the package compiles this file on Linux and tests it.
struct TillModel: Sendable {
    /// The app's state, as UIKit reports it.
    typealias AppState = TillEvent.AppState

    /// How long things may take.
    struct Limits: Equatable, Sendable {
        /// How long a payment may wait for its turn in the app (seconds by
        /// the phone's time since boot): past this it is skipped, not said
        /// late. A burst of 15 payments of 5 s each is said within it.
        var waiting: TimeInterval = 90
        /// The most payments waiting; a notification beyond that keeps its
        /// own sound.
        var maximumWaiting = 32
        /// How many payment ids are remembered as played.
        var remembered = 256
        /// A media volume below this is too low to be heard: the app lets
        /// the notification's own sound play (at the ringer's volume; the app
        /// cannot read the ring switch, and believes it on).
        var audibleMediaVolume = 0.1
        /// A payment's expiry: the policy's maximum age. One whose age (when
        /// the extension decided) and wait together pass it is not said.
        var maximumAge: TimeInterval = 120
        /// How far apart payments handed on together to notifications are
        /// posted: an announcement fits the 6 s budget, and iOS cuts a
        /// notification's sound when the next one comes.
        var handOffSpacing: TimeInterval = 6.5
        /// How long an announcement of unknown length is taken to last: the
        /// 6 s budget.
        var assumedSeconds: TimeInterval = 6
        /// How long after the app expects to have said a payment its
        /// fail-safe notification is due (never after the payment's
        /// deadline): the app's lengths are estimates.
        var failSafeGrace: TimeInterval = 20
        /// How long an audio interruption holds the queue when no end comes:
        /// iOS promises none. Past this it is taken as over (a call still
        /// going makes the file fail to start, which hands the payment to
        /// its notification).
        var interruption: TimeInterval = 60
        /// How long the queue waits again when the audio session could not
        /// be activated (``Event/sessionRefused(uptime:)``: a call still
        /// holds the audio) before the app tries once more.
        var sessionRetry: TimeInterval = 10
    }

    /// One payment waiting to be said in the app.
    struct Entry: Equatable, Sendable {
        /// The payment's `announce-id`, when it has one.
        var id: String?
        /// The file of the App Group's `Library/Sounds` to say.
        var sound: String
        /// When it arrived: seconds since the phone started.
        var arrived: TimeInterval
        /// Whether it was announced as the fallback sound.
        var isFallback = false
        /// How old it was when it arrived (``InAppPlayback/Delivered/age``).
        var age: Double = 0
        /// Its length in seconds, when the extension knew it.
        var duration: Double?

        init(id: String?, sound: String, arrived: TimeInterval, isFallback: Bool = false, age: Double? = nil, duration: Double? = nil) {
            self.id = id
            self.sound = sound
            self.arrived = arrived
            self.isFallback = isFallback
            self.age = max(0, age ?? 0)
            self.duration = duration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }

        /// Past this (seconds since the phone started) it is not said: its
        /// wait, or its expiry, whichever comes first.
        func deadline(_ limits: Limits) -> TimeInterval {
            arrived + min(limits.waiting, limits.maximumAge - age)
        }
    }

    /// What the glue does.
    enum Action: Equatable, Sendable {
        /// The answer to `willPresent`: the banner and list, with the
        /// notification's own sound or without it.
        case present(withSound: Bool)
        /// Play this file of `Library/Sounds` in the app now.
        case play(Entry)
        /// Stop the file playing (it is not heard to its end).
        case stop
        /// This payment is not said: it waited past its deadline
        /// (``Entry/deadline(_:)``). For the log.
        case skip(Entry)
        /// Post the payment again as a local notification with this sound,
        /// `after` seconds from now (`hand-off` in its answer, so the app
        /// presents it as it is), under the one identifier of the payment's
        /// notifications, so that it replaces its pending fail-safe. Several handed on together are spaced by
        /// ``Limits/handOffSpacing`` so that their sounds do not cut each other.
        case notify(id: String?, sound: DeliverySound, after: TimeInterval = 0)
        /// Decide and render this payment as the extension does
        /// (`AnnouncementPipeline.run`, in the app, without claiming its id
        /// again), then send ``Event/rendered(_:sound:age:uptime:)``.
        case deliver(PushFields)
        /// `UIApplication.isIdleTimerDisabled`: true keeps the screen awake.
        case keepScreenAwake(Bool)
        /// Deactivate the audio session, letting other audio return.
        case releaseAudio
        /// Add one to this counter.
        case count(DeliveryCounters.Counter)
        /// Send ``Event/tick(uptime:)`` this many seconds from now (a timer
        /// of the app's own): how a state ends that no iOS event may end.
        case wake(after: TimeInterval)
        /// The fail-safe: schedule now a local notification of the payment
        /// `id` with its own sound, due `after` seconds from now (`hand-off`
        /// in its answer), that iOS posts even if the app has died; the
        /// payment stays in time `inTime` seconds after it is due (in its
        /// answer too, for an app started again meanwhile).
        case schedule(id: String, sound: DeliverySound, after: TimeInterval, inTime: TimeInterval)
        /// Remove the payment's fail-safe notification, not yet posted: the
        /// app said it or handed it on.
        case unschedule(id: String)
    }

    /// What the app sees.
    enum Event: Sendable {
        /// `willPresent` of a notification, with the extension's answer read
        /// from it (nil: none, or not sealed by this install).
        case willPresent(InAppPlayback.Delivered?, uptime: TimeInterval)
        /// A payment through the push service's own connection to the
        /// running app (no extension ran), read as the extension reads a
        /// push; `firstTime`: its id was not in the App Group's record of
        /// recent payments (``RecentPayments/claim(_:at:)``, which the glue
        /// asks first, so the APNs push of the same payment is silent).
        case vendorMessage(PushFields, firstTime: Bool, uptime: TimeInterval)
        /// The sound a ``Action/deliver(_:)`` chose: the pack's file, the
        /// fallback, the system's sound or none (a switch, a late payment).
        case rendered(PushFields, sound: DeliverySound, age: Double?, uptime: TimeInterval)
        /// The app's state changed.
        case app(AppState, uptime: TimeInterval)
        /// The screen was locked (true) or unlocked.
        case locked(Bool, uptime: TimeInterval)
        /// `AVAudioSession.outputVolume`, 0 to 1.
        case mediaVolume(Double)
        /// An audio interruption began; `appWasSuspended`: the reason Apple
        /// gives for one reported late, after the app was suspended.
        case interruptionBegan(appWasSuspended: Bool, uptime: TimeInterval)
        /// An audio interruption ended; `shouldResume`: the system's hint
        /// that the app may play again (`AVAudioSession.InterruptionOptions.shouldResume`).
        case interruptionEnded(shouldResume: Bool, uptime: TimeInterval)
        /// The file playing reached its end.
        case playbackEnded(uptime: TimeInterval)
        /// The file could not start, or stopped on a decoding error.
        case playbackFailed(uptime: TimeInterval)
        /// The audio session could not be activated to play: a call (or
        /// another app's audio that may not be mixed) still holds it, though
        /// its interruption was taken as over.
        case sessionRefused(uptime: TimeInterval)
        /// The merchant's till mode.
        case tillMode(Bool, uptime: TimeInterval)
        /// The time asked for by ``Action/wake(after:)`` has come.
        case tick(uptime: TimeInterval)
    }

    var limits = Limits()
    /// The fallback's installed name, played when a file has gone.
    var fallback: String?
    /// Whether a file of `Library/Sounds` is there when its turn comes.
    var isInFolder: @Sendable (String) -> Bool = { _ in true }

    private(set) var app: AppState = .killed
    private(set) var isLocked = false
    private(set) var mediaVolume = 1.0
    /// When the audio interruption holding the queue began; nil when none.
    private(set) var interruptedSince: TimeInterval?
    var interrupted: Bool { interruptedSince != nil }
    private(set) var tillMode = true
    /// What the screen was last told.
    private(set) var screenKeptAwake = false
    private(set) var playing: Entry?
    private(set) var waiting: [Entry] = []
    private var played: [String] = []
    /// The payments handed to notifications when the app left the
    /// foreground, by id: one whose notification arrives after the app came
    /// back is said in the app, while in time.
    private var handedOff: [String: Entry] = [:]
    /// The fail-safes scheduled and not removed: payment id → when due
    /// (seconds since boot).
    private(set) var failSafes: [String: TimeInterval] = [:]

    init(limits: Limits = Limits(), fallback: String? = nil, isInFolder: @escaping @Sendable (String) -> Bool = { _ in true }) {
        self.limits = limits
        self.fallback = fallback
        self.isInFolder = isInFolder
    }

    /// Whether the app is on screen: the only state in which it may say a
    /// payment itself.
    var isInForeground: Bool { (app == .active || app == .inactive) && !isLocked }

    /// Whether the app would say a payment itself now.
    var playsInApp: Bool {
        isInForeground && mediaVolume >= limits.audibleMediaVolume
    }

    /// What to do for `event`.
    mutating func handle(_ event: Event) -> [Action] {
        // An interruption past its time is over, whatever the event: the
        // event is handled as after it, then what waits may start.
        if let uptime = event.uptime, let since = interruptedSince, uptime + Self.timerSlack >= since + limits.interruption {
            interruptedSince = nil
            return handleEvent(event) + startNext(uptime: uptime)
        }
        return handleEvent(event)
    }

    /// How early a timer may fire and still count (1 ms): a wake due at a
    /// time is not missed by a rounding.
    static let timerSlack: TimeInterval = 0.001

    private mutating func handleEvent(_ event: Event) -> [Action] {
        switch event {
        case .willPresent(let delivered, let uptime):
            return present(delivered, uptime: uptime)
        case .vendorMessage(let push, let firstTime, _):
            return vendor(push, firstTime: firstTime)
        case .rendered(let push, let sound, let age, let uptime):
            // No extension ran: the app posts the payment's banner itself.
            guard case .named(let name) = sound, playsInApp, waiting.count < limits.maximumWaiting else {
                return [.notify(id: push.id, sound: sound)]
            }
            // A banner for the merchant to read, said by the app; in a rush
            // longer than its wait, the banner's own sound says it.
            let entry = Entry(id: push.id, sound: name, arrived: uptime, isFallback: name == fallback, age: age)
            if waitsPastItsTime(entry, uptime: uptime) {
                return [.count(.handedToNotification), .notify(id: push.id, sound: sound)]
            }
            return [.notify(id: push.id, sound: .none)] + enqueue(entry, uptime: uptime)
        case .app(let state, let uptime):
            let wasForeground = isInForeground
            let becameActive = state == .active && app != .active
            app = state
            // Active again: any interruption is over, ended or not.
            if becameActive, interrupted {
                interruptedSince = nil
                return foregroundChanged(from: wasForeground, uptime: uptime) + startNext(uptime: uptime)
            }
            return foregroundChanged(from: wasForeground, uptime: uptime)
        case .locked(let locked, let uptime):
            let wasForeground = isInForeground
            isLocked = locked
            return foregroundChanged(from: wasForeground, uptime: uptime)
        case .mediaVolume(let volume):
            mediaVolume = volume.isFinite ? min(max(volume, 0), 1) : mediaVolume
            return []
        case .interruptionBegan(let appWasSuspended, let uptime):
            // Reported late, when the app runs again: nothing is interrupted now.
            if appWasSuspended { return [] }
            let wake: [Action] = interrupted ? [] : [.wake(after: limits.interruption)]
            interruptedSince = interruptedSince ?? uptime
            guard let cut = playing else { return wake }
            playing = nil
            // Said again from its start when the interruption ends, if still in time.
            waiting.insert(cut, at: 0)
            return [.stop, .releaseAudio] + wake
        case .interruptionEnded(_, let uptime):
            guard interrupted else { return [] }
            interruptedSince = nil
            // In the foreground the app says what waits, with or without the
            // hint: its session mixes with the other audio and ducks it. Out
            // of it, the payments go to their notifications.
            return isInForeground ? startNext(uptime: uptime) : handOff(uptime: uptime)
        case .playbackEnded(let uptime):
            guard let entry = playing else { return [] }
            playing = nil
            return [.count(entry.isFallback ? .inAppFallback : .playedInApp)] + unschedule(entry) + afterPlayback(uptime: uptime)
        case .playbackFailed(let uptime):
            guard let entry = playing else { return [] }
            playing = nil
            forgetFailSafe(entry)
            return [.count(.inAppFailed), .notify(id: entry.id, sound: .named(entry.sound))]
                + afterPlayback(uptime: uptime)
        case .sessionRefused(let uptime):
            // The call is still on: the payment waits at the front of the
            // queue, held as by an interruption that ends ``Limits/sessionRetry``
            // from now; its fail-safe stays, and its deadline still holds.
            guard let entry = playing else { return [] }
            playing = nil
            waiting.insert(entry, at: 0)
            interruptedSince = uptime - limits.interruption + limits.sessionRetry
            return [.releaseAudio, .wake(after: limits.sessionRetry)]
        case .tillMode(let on, _):
            tillMode = on
            return screen()
        case .tick(let uptime):
            // Early, with the interruption still holding: asked again for the rest.
            if let since = interruptedSince { return [.wake(after: max(since + limits.interruption - uptime, Self.timerSlack))] }
            return startNext(uptime: uptime)
        }
    }

    /// Whether a payment with an answer, arrived at `arrived` (seconds since
    /// boot) and `age` old then, would be said by the app in time if it were
    /// queued at `uptime`: the app on screen and heard, no interruption, room
    /// in the queue, and its turn before its deadline.
    func couldSay(arrived: TimeInterval, age: Double, uptime: TimeInterval) -> Bool {
        let entry = Entry(id: nil, sound: "", arrived: arrived, age: age)
        return playsInApp && !interrupted && waiting.count < limits.maximumWaiting && uptime + queuedSeconds <= entry.deadline(limits)
    }

    /// Whether the payment `id` was played (or handed on) by the app.
    func hasPlayed(_ id: String) -> Bool { played.contains(id) }

    // MARK: - Presenting

    private mutating func present(_ delivered: InAppPlayback.Delivered?, uptime: TimeInterval) -> [Action] {
        // The extension did not run: iOS plays what the push names.
        guard let delivered else { return [.present(withSound: true)] }
        // The app's own notification, posted again with its sound; one handed
        // on when the app left the foreground and arriving now that it is
        // back is said in the app, while in time.
        if delivered.isHandOff {
            // A fail-safe due while the app still runs (the one notification
            // of the app's with a sound while its fail-safe is pending: the
            // others remove it first, and the banner of a payment from the
            // service's own channel has none): the app is saying it or will
            // while in time (the banner silent); else the notification says
            // it now.
            if let id = delivered.id, delivered.sound != nil, failSafes.removeValue(forKey: id) != nil {
                // Being said, or said in time (once any interruption is over,
                // at the latest its limit): the banner silent, and the
                // fail-safe again, due at its deadline, should the app die.
                if let playing, playing.id == id { return [.present(withSound: false)] + failSafe(playing, at: uptime) }
                if let position = waiting.firstIndex(where: { $0.id == id }), playsInApp {
                    let entry = waiting[position]
                    let free = interruptedSince.map { max($0 + limits.interruption, uptime) } ?? uptime
                    if free + secondsUntilTurn(of: position) <= entry.deadline(limits) {
                        return [.present(withSound: false)] + failSafe(entry, at: uptime)
                    }
                }
                waiting.removeAll { $0.id == id }
                return [.count(.handedToNotification), .present(withSound: true)]
            }
            if let id = delivered.id, let entry = handedOff.removeValue(forKey: id), playsInApp,
                waiting.count < limits.maximumWaiting, uptime <= entry.deadline(limits), isInFolder(entry.sound)
            {
                return [.present(withSound: false)] + enqueue(entry, uptime: uptime)
            }
            // A fail-safe of a process before this one (killed before it said
            // the payment), arriving now that the app is in front again: said
            // here when its turn comes while it is still in time (its answer
            // says for how long; without that, only if it can start now).
            if let id = delivered.id, let sound = delivered.sound, !hasPlayed(id), handedOff[id] == nil, playsInApp, !interrupted,
                waiting.count < limits.maximumWaiting, isInFolder(sound)
            {
                let inTime = min(max(delivered.inTime ?? 0, 0), limits.maximumAge)
                // Its deadline `inTime` from now: the age that leaves it that.
                let entry = Entry(id: id, sound: sound, arrived: uptime, isFallback: sound == fallback, age: limits.maximumAge - inTime)
                if uptime + queuedSeconds <= entry.deadline(limits) {
                    return [.present(withSound: false)] + enqueue(entry, uptime: uptime)
                }
            }
            return [.present(withSound: delivered.sound != nil || delivered.isSystemSound)]
        }
        guard let sound = delivered.sound else {
            // The system's sound (no fallback installed) is still a sound.
            return [.present(withSound: delivered.isSystemSound)]
        }
        if let id = delivered.id, hasPlayed(id) { return [.present(withSound: false)] }
        var entry = Entry(
            id: delivered.id, sound: sound, arrived: uptime, isFallback: sound == fallback, age: delivered.age,
            duration: delivered.duration)
        if !isInFolder(sound) {
            // Gone since the extension chose it: the fallback, else iOS.
            guard SoundName.delivery(of: sound) == .announcement, let fallback, isInFolder(fallback) else {
                return [.count(.inAppNoFile), .present(withSound: true)]
            }
            entry.sound = fallback
            entry.isFallback = true
        }
        // Media volume down: the notification, at the ringer's volume, is louder.
        guard playsInApp, waiting.count < limits.maximumWaiting else { return [.present(withSound: true)] }
        if waitsPastItsTime(entry, uptime: uptime) {
            if let id = entry.id { remember(id) }
            return [.count(.handedToNotification), .present(withSound: true)]
        }
        return [.present(withSound: false)] + enqueue(entry, uptime: uptime)
    }

    /// Whether `entry`, queued now, would start only after its deadline: a
    /// rush longer than its wait, which goes to its own notification now
    /// rather than be skipped when its turn comes.
    private func waitsPastItsTime(_ entry: Entry, uptime: TimeInterval) -> Bool {
        uptime + queuedSeconds > entry.deadline(limits)
    }

    /// How long until a payment queued now starts: what is playing and what
    /// waits, each its length when known, else the budget.
    private var queuedSeconds: TimeInterval { secondsUntilTurn(of: waiting.count) }

    /// How long until the payment waiting at `position` starts: what plays
    /// and what waits before it, each its length when known, else the budget.
    private func secondsUntilTurn(of position: Int) -> TimeInterval {
        ((playing.map { [$0] } ?? []) + waiting.prefix(position)).reduce(0) { $0 + ($1.duration ?? limits.assumedSeconds) }
    }

    private mutating func vendor(_ push: PushFields, firstTime: Bool) -> [Action] {
        guard push.asksForSound else { return [] }
        guard firstTime, !(push.id.map(hasPlayed) ?? false) else { return [.count(.repeated)] }
        if let id = push.id { remember(id) }
        return [.count(.vendorChannel), .deliver(push)]
    }

    // MARK: - The queue

    private mutating func enqueue(_ entry: Entry, uptime: TimeInterval) -> [Action] {
        var actions: [Action] = []
        if let id = entry.id {
            remember(id)
            // Due when the app should long have said it: after what plays and
            // waits, its own length and a grace; a payment's spacing after the
            // fail-safe before it; never after its deadline.
            let expectedEnd = uptime + queuedSeconds + (entry.duration ?? limits.assumedSeconds)
            let latest = failSafes.values.max().map { $0 + limits.handOffSpacing } ?? 0
            let due = min(entry.deadline(limits), max(expectedEnd + limits.failSafeGrace, latest))
            if failSafes[id] == nil, due > uptime {
                failSafes[id] = due
                actions.append(.schedule(id: id, sound: .named(entry.sound), after: due - uptime, inTime: entry.deadline(limits) - due))
            }
        }
        waiting.append(entry)
        return actions + startNext(uptime: uptime)
    }

    /// Removes `entry`'s fail-safe, when it has one not yet due.
    private mutating func unschedule(_ entry: Entry) -> [Action] {
        guard let id = entry.id, failSafes.removeValue(forKey: id) != nil else { return [] }
        return [.unschedule(id: id)]
    }

    /// `entry`'s fail-safe scheduled again, due at its deadline, when that
    /// is still ahead.
    private mutating func failSafe(_ entry: Entry, at uptime: TimeInterval) -> [Action] {
        guard let id = entry.id, entry.deadline(limits) > uptime else { return [] }
        failSafes[id] = entry.deadline(limits)
        return [.schedule(id: id, sound: .named(entry.sound), after: entry.deadline(limits) - uptime, inTime: 0)]
    }

    /// Forgets `entry`'s fail-safe without removing it: a ``Action/notify(id:sound:after:)``
    /// of the payment replaces it (one identifier per payment).
    private mutating func forgetFailSafe(_ entry: Entry) {
        if let id = entry.id { failSafes.removeValue(forKey: id) }
    }

    private mutating func remember(_ id: String) {
        guard !played.contains(id) else { return }
        played.append(id)
        if played.count > limits.remembered { played.removeFirst(played.count - limits.remembered) }
    }

    /// Starts the next payment that is still in time, when nothing plays,
    /// the app is on screen and no interruption holds the session.
    private mutating func startNext(uptime: TimeInterval) -> [Action] {
        var actions: [Action] = []
        while playing == nil, !interrupted, isInForeground, !waiting.isEmpty {
            let entry = waiting.removeFirst()
            if uptime > entry.deadline(limits) {
                actions += [.count(.inAppStale), .skip(entry)] + unschedule(entry)
                continue
            }
            if !isInFolder(entry.sound) {
                if !entry.isFallback, let fallback, isInFolder(fallback) {
                    var substitute = entry
                    substitute.sound = fallback
                    substitute.isFallback = true
                    playing = substitute
                    actions.append(.play(substitute))
                } else {
                    forgetFailSafe(entry)
                    actions += [.count(.inAppNoFile), .notify(id: entry.id, sound: .systemDefault)]
                }
                continue
            }
            playing = entry
            actions.append(.play(entry))
        }
        return actions
    }

    /// The next payment, or the session handed back to other audio.
    private mutating func afterPlayback(uptime: TimeInterval) -> [Action] {
        let next = startNext(uptime: uptime)
        return playing == nil ? next + [.releaseAudio] : next
    }

    /// The app came on screen or left it.
    private mutating func foregroundChanged(from wasForeground: Bool, uptime: TimeInterval) -> [Action] {
        var actions = screen()
        if wasForeground, !isInForeground {
            // Payments not yet said go to notifications with their own
            // sound while the app still runs; the cut one too.
            actions += handOff(uptime: uptime)
        } else if !wasForeground, isInForeground {
            actions += startNext(uptime: uptime)
        }
        return actions
    }

    /// Every payment not yet said (the cut one first) posted to a
    /// notification with its own sound, spaced by ``Limits/handOffSpacing``,
    /// while still in time.
    private mutating func handOff(uptime: TimeInterval) -> [Action] {
        var actions: [Action] = []
        var handed = waiting
        if let cut = playing {
            actions.append(.stop)
            handed.insert(cut, at: 0)
        }
        playing = nil
        waiting = []
        var after: TimeInterval = 0
        for entry in handed {
            if uptime + after > entry.deadline(limits) {
                actions += [.count(.inAppStale), .skip(entry)] + unschedule(entry)
            } else {
                // Posted under its fail-safe's identifier, so the hand-off
                // replaces the fail-safe in one step: never both, never neither.
                forgetFailSafe(entry)
                actions += [.count(.handedToNotification), .notify(id: entry.id, sound: .named(entry.sound), after: after)]
                if let id = entry.id {
                    handedOff[id] = entry
                    if handedOff.count > limits.maximumWaiting, let oldest = handedOff.min(by: { $0.value.arrived < $1.value.arrived }) {
                        handedOff.removeValue(forKey: oldest.key)
                    }
                }
                after += limits.handOffSpacing
            }
        }
        if !handed.isEmpty { actions.append(.releaseAudio) }
        return actions
    }

    /// Whether a payment through the push service's own channel claims its
    /// `announce-id` in the App Group's record (``RecentPayments``) before
    /// ``Event/vendorMessage(_:firstTime:uptime:)``: as the extension claims
    /// it (``AnnouncePolicy/start(_:now:recent:folder:settings:timeZone:clockBaseline:)``),
    /// only when it asks for a sound (``PushFields/asksForSound``: a sound
    /// name, or a message such as Getui's transmission carries without
    /// one), so a held payment's id stays free for its summary.
    static func claims(_ push: PushFields) -> Bool {
        push.asksForSound && push.id != nil
    }

    /// The screen's idle timer: off (kept awake) only in till mode with the
    /// app on screen.
    private mutating func screen() -> [Action] {
        let awake = tillMode && app == .active && !isLocked
        guard awake != screenKeptAwake else { return [] }
        screenKeptAwake = awake
        return [.keepScreenAwake(awake)]
    }
}

extension TillModel.Event {
    /// The phone's time since boot the event came at; nil for the events
    /// that carry none (the media volume).
    var uptime: TimeInterval? {
        switch self {
        case .willPresent(_, let uptime), .vendorMessage(_, _, let uptime), .rendered(_, _, _, let uptime), .app(_, let uptime),
            .locked(_, let uptime), .interruptionBegan(_, let uptime), .interruptionEnded(_, let uptime),
            .playbackEnded(let uptime), .playbackFailed(let uptime), .sessionRefused(let uptime), .tillMode(_, let uptime),
            .tick(let uptime):
            uptime
        case .mediaVolume:
            nil
        }
    }
}
