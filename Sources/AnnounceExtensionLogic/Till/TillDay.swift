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

/// A merchant's day, played: the events of a day (``TillEvent``) run through
/// the phone's own decisions, the extension's (``PushCheck``, the policy
/// and the pack) and the app's (``TillModel``), with what iOS does between
/// them (a notification's sound muted by the ring switch or held by a
/// Focus, the app in the foreground asked how to present, a file said to
/// its end unless something cuts it), to say what the merchant hears of
/// each payment. `announce till` prints it.
///
/// What iOS does here is what Apple documents (docs/IOS.md, "A merchant's
/// day"): a notification sound plays at the ringer's volume unless the ring
/// switch is on silent (a critical alert passes), a Focus holds it unless it
/// is time-sensitive and the app's time-sensitive notifications are on; the
/// app plays only while it is in the foreground, at the media volume; a
/// file the phone did not render (a download) is taken to last
/// ``assumedSeconds``.
public struct TillDay: Sendable {
    /// What the merchant heard of a payment.
    public enum Heard: String, Sendable, CaseIterable {
        /// The app said it itself.
        case inApp = "in-app"
        /// Its notification's sound said it.
        case notification
        /// The fallback sound (or the system's), which does not say the amount.
        case fallback
        /// Nothing.
        case none
    }

    /// One payment of the day.
    public struct Payment: Equatable, Sendable {
        /// Its `announce-id`, or `line N` for a push without one.
        public let id: String
        /// Its amount in yuan as the push's message gives it; nil without one.
        public let amount: String?
        /// When it first arrived (true time).
        public let arrived: Double
        /// What was heard first.
        public internal(set) var heard: Heard = .none
        /// When it was heard (true time); when it arrived, if never.
        public internal(set) var at: Double
        /// Why: how it was heard, or why not.
        public internal(set) var reason: String
        /// How many times a sound of it was heard.
        public internal(set) var times = 0
        /// Whether a push of it came without `mutable-content`: iOS played
        /// its sound as sent, and no decision of the phone's could keep a
        /// repeat quiet (announce's routes always ask for the extension).
        public internal(set) var bypassedExtension = false
    }

    /// How long a file the pack did not render is taken to last: the budget.
    public static let assumedSeconds = 6.0
    /// How long APNs and the services keep a push: the expiry announce's
    /// routes send (`--max-age`), the policy's maximum age.
    static let expiry = 120.0
    /// The fallback's name in `Library/Sounds`.
    static let fallbackName = "payment-fallback.wav"

    private let pack: DevicePack?
    private let soundHosts: Set<String>?
    private let timeZone: TimeZone
    private var settingsFile: Data?
    private var timeSensitive = true
    private var check: PushCheck?
    private var model = TillModel(fallback: fallbackName)

    /// The payments, in the order they first arrived.
    public private(set) var payments: [Payment] = []
    private var index: [String: Int] = [:]

    // The phone, as iOS and the world see it.
    private var now: Double?
    private var start: Double?
    private var offset = 0.0
    private var ringerSilent = false
    private var focusOn = false
    private var mediaVolume = 1.0
    /// An interruption begun and not ended, and the app not active since.
    private var interruptionOngoing = false
    /// A call holds the audio: an interruption going on with the app not
    /// active (the call's screen over it). With the app active nothing is
    /// over it, whatever iOS has not said.
    private var callOngoing: Bool { interruptionOngoing && app != .active }
    private var app: TillEvent.AppState = .killed
    private var locked = false
    private var activeBeforeLock = false
    private var claims: Set<String> = []
    private var samples: [ClockCheck.Sample] = []
    private var durations: [String: Double] = [:]
    private var playing: (entry: TillModel.Entry, started: Double, ends: Double)?
    private var pendingVendor: [(push: PushFields, payment: String, at: Double, service: PushService, payload: TillEvent.Payload)] = []
    /// The local notifications the app posted for later, earliest first:
    /// hand-offs and fail-safes (``TillModel/Action/schedule(id:sound:after:)``),
    /// which iOS posts whatever becomes of the app.
    private var scheduled: [(at: Double, id: String, sound: DeliverySound, failSafe: Bool, inTime: Double?)] = []
    /// When the model asked to be woken (``TillModel/Action/wake(after:)``).
    private var wakes: [Double] = []
    /// Why a payment's sound was the fallback, for its line.
    private var fallbackReasons: [String: String] = [:]
    /// The payment being presented, and its sound, for `.present`.
    private var presenting: (payment: String, sound: DeliverySound, passive: Bool, critical: Bool)?
    private var lines = 0

    /// The payments whose notification sound was let play while the app
    /// was on screen and could have said them in time
    /// (``TillModel/couldSay(arrived:age:uptime:)``): in the foreground the
    /// app says a payment itself, so this stays empty.
    public private(set) var soundedInFrontThoughSayable: [String] = []

    /// Whether the day keeps ``phoneLog``.
    public var keepsPhoneLog = false
    /// Whether ``phoneLog`` also has the ring switch and Focus as the
    /// merchant would add them to the shared day (the phone cannot read
    /// them).
    public var keepsMerchantsWord = false
    /// The lines the phone's app and extension write to their log of the
    /// day (``TillLog``) as this day goes, in the order they write them:
    /// each at the phone's clock with its `boot`, and only what they can see
    /// (a push the extension or the running app receives, the app's states
    /// while it runs, the lock, the media volume, interruptions, the
    /// settings at each start and change), never true time.
    public private(set) var phoneLog: [String] = []

    /// A day on a phone with `pack` (nil: none, so every announcement is the
    /// server's download), fetching from `soundHosts` (nil: the host of each
    /// push's own `announce-sound-url`), with quiet hours in `timeZone`. The
    /// app starts killed, the ring switch on, no Focus, media volume 1, the
    /// clock right, the merchant's defaults and till mode on; events change
    /// each.
    public init(pack: DevicePack?, soundHosts: Set<String>? = nil, timeZone: TimeZone) {
        self.pack = pack
        self.soundHosts = soundHosts
        self.timeZone = timeZone
        if let soundHosts { check = PushCheck(pack: pack, soundHosts: soundHosts, timeZone: timeZone) }
    }

    /// The longest day: a line more than this after the first is refused.
    public static let longestDay: Double = 31 * 86_400

    /// Starts the day with the merchant's settings file (`announce-settings.json`),
    /// read as the phone reads it; returns one line when the phone would not
    /// use it as written (it then announces with the defaults).
    @discardableResult
    public mutating func start(settingsFile: Data) -> String? {
        defer { startSettings(settingsFile) }
        return PushCheck.settingsNote(MerchantSettingsFile.decode(settingsFile).status)
    }

    private mutating func startSettings(_ settingsFile: Data) {
        self.settingsFile = settingsFile
        logSettings()
        perform(model.handle(.tillMode(MerchantSettingsFile.decode(settingsFile).settings.tillMode, uptime: uptime)))
        if let soundHosts { check = PushCheck(pack: pack, soundHosts: soundHosts, settingsFile: settingsFile, timeZone: timeZone) }
    }

    /// Plays one event. Events come in order of time.
    /// - Throws: ``TillEventError`` when `event` is before the one above it.
    public mutating func play(_ event: TillEvent) throws(TillEventError) {
        lines += 1
        if let now, event.at < now {
            throw TillEventError("at \(Self.seconds(event.at)) is before the line above it (\(Self.seconds(now)))")
        }
        if let start, event.at > start + Self.longestDay {
            throw TillEventError("at \(Self.seconds(event.at)) is more than 31 days after the day's first line (\(Self.seconds(start)))")
        }
        if start == nil { start = event.at }
        advance(to: event.at)
        switch event.kind {
        case .push(let service, .apns, let payload): arrive(payload.userInfo, service: service)
        case .push(let service, .vendor, let payload): vendor(payload.userInfo, service: service)
        case .app(let state):
            // A crash writes nothing; a start writes the settings it reads.
            if state != .killed {
                if app == .killed { logSettings() }
                logEvent("app", [("state", state.rawValue)])
            }
            app = state
            // Active again: a call's screen has gone, whether or not iOS said it ended.
            if state == .active { interruptionOngoing = false }
            if state == .killed {
                // A crash, a kill from memory or a force-quit: the process is
                // gone and nothing of it runs (no willTerminate to hand its
                // queue on). What it scheduled, iOS posts; it starts again
                // with nothing in memory.
                if let cut = playing?.entry.id { note(cut, reason: "cut when the app was killed") }
                playing = nil
                wakes = []
                let tillMode = model.tillMode
                model = TillModel(fallback: Self.fallbackName, isInFolder: model.isInFolder)
                // What the glue reads again when it starts.
                _ = model.handle(.tillMode(tillMode, uptime: uptime))
                _ = model.handle(.mediaVolume(mediaVolume))
                _ = model.handle(.locked(locked, uptime: uptime))
                break
            }
            perform(model.handle(.app(state, uptime: uptime)))
            if state == .active { deliverPendingVendor() }
        case .lock:
            lock()
        case .unlock:
            guard locked else { break }
            locked = false
            logEvent("unlock")
            perform(model.handle(.locked(false, uptime: uptime)))
            if activeBeforeLock, app != .killed {
                app = .active
                logEvent("app", [("state", "active")])
                perform(model.handle(.app(.active, uptime: uptime)))
                deliverPendingVendor()
            }
        case .idle:
            // Auto-Lock, unless the app keeps the screen awake.
            if !model.screenKeptAwake { lock() }
        case .ringer(let silent):
            // The app cannot read the switch (it believes it on): only iOS
            // acts on it, muting notification sounds.
            ringerSilent = silent
            if keepsMerchantsWord { logEvent("ringer", [("silent", silent)]) }
        case .focus(let on):
            focusOn = on
            if keepsMerchantsWord { logEvent("focus", [("on", on)]) }
        case .volume(let media):
            mediaVolume = media
            logEvent("volume", [("media", media)])
            perform(model.handle(.mediaVolume(media)))
        case .interruption(let interruption):
            // Reported late (appWasSuspended): not a call going on now.
            if !interruption.appWasSuspended { interruptionOngoing = interruption.began }
            // An app that is not running hears of no interruption (the
            // merchant may say there was a call).
            guard app != .killed else {
                if keepsMerchantsWord { logInterruption(interruption) }
                break
            }
            logInterruption(interruption)
            if interruption.began {
                perform(model.handle(.interruptionBegan(appWasSuspended: interruption.appWasSuspended, uptime: uptime)))
            } else {
                perform(model.handle(.interruptionEnded(shouldResume: interruption.shouldResume, uptime: uptime)))
            }
        case .clock(let offset):
            self.offset = offset
        case .settings(let settings):
            settingsFile = settings.file
            timeSensitive = settings.timeSensitive
            logSettings()
            if let soundHosts { check = PushCheck(pack: pack, soundHosts: soundHosts, settingsFile: settings.file, timeZone: timeZone) }
            perform(model.handle(.tillMode(MerchantSettingsFile.decode(settings.file).settings.tillMode, uptime: uptime)))
        }
    }

    /// Ends the day: the file playing is said to its end, and what the app
    /// posted for later arrives.
    public mutating func finish() {
        while playing != nil || !scheduled.isEmpty || !wakes.isEmpty {
            advance(to: max(playing?.ends ?? 0, scheduled.last?.at ?? 0, wakes.last ?? 0))
        }
        for entry in model.waiting {
            if let id = entry.id { note(id, reason: "still waiting in the app at the end of the day") }
        }
    }

    // MARK: - Time

    /// The phone's time since boot.
    private var uptime: TimeInterval { (now ?? 0) - (start ?? 0) }
    /// The phone's clock.
    private var phoneClock: Date { Date(timeIntervalSince1970: (now ?? 0) + offset) }

    /// Lets files playing before `time` end, notifications the app posted
    /// for later arrive and the app's timers fire, in the order they happen.
    private mutating func advance(to time: Double) {
        while true {
            let ends = playing.map(\.ends) ?? .infinity
            let posted = scheduled.first?.at ?? .infinity
            let wake = wakes.first ?? .infinity
            guard min(ends, posted, wake) <= time else { break }
            if wake < min(ends, posted) {
                wakes.removeFirst()
                now = wake
                // A killed app's timers die with it.
                if app != .killed { perform(model.handle(.tick(uptime: uptime))) }
            } else if let current = playing, ends <= posted {
                now = current.ends
                playing = nil
                hearInApp(current.entry, at: current.started)
                perform(model.handle(.playbackEnded(uptime: uptime)))
            } else {
                let notification = scheduled.removeFirst()
                now = notification.at
                postNow(id: notification.id, sound: notification.sound, inTime: notification.inTime)
            }
        }
        now = time
    }

    private mutating func lock() {
        guard !locked else { return }
        locked = true
        logEvent("lock")
        activeBeforeLock = app == .active || app == .inactive
        if activeBeforeLock {
            app = .background
            logEvent("app", [("state", "background")])
        }
        perform(model.handle(.locked(true, uptime: uptime)))
        if activeBeforeLock { perform(model.handle(.app(.background, uptime: uptime))) }
    }

    // MARK: - Pushes

    private mutating func payment(for push: PushFields) -> String {
        let key = push.id ?? "line \(lines)"
        if index[key] == nil {
            index[key] = payments.count
            let amount = push.message?.message.amount.map { MerchantSettings.yuanText(fen: $0.fen) }
            payments.append(Payment(id: key, amount: amount, arrived: now ?? 0, at: now ?? 0, reason: "not heard"))
        }
        return key
    }

    /// The push in `userInfo` and its payment, when `carrier` delivers it:
    /// APNs and the services keep a push no longer than the expiry
    /// announce's routes send, the policy's maximum age, by their own clock.
    private mutating func delivered(_ userInfo: [AnyHashable: Any], by carrier: String) -> (push: PushFields, key: String)? {
        let push = PushFields(userInfo: userInfo)
        let key = payment(for: push)
        if push.arrivalProblem?.kind == .tooLarge {
            note(key, reason: "\(carrier) did not deliver it: over the 4096 bytes a push may have")
            return nil
        }
        if let at = push.at, at.isFinite, (now ?? 0) > at + Self.expiry {
            note(key, reason: "\(carrier) did not deliver it: past its expiry (\(Int(Self.expiry)) s after announce-at)")
            return nil
        }
        return (push, key)
    }

    /// A push through APNs: the extension, then iOS.
    private mutating func arrive(_ userInfo: [AnyHashable: Any], service: PushService) {
        guard let (push, key) = delivered(userInfo, by: "APNs") else { return }
        let aps = userInfo["aps"] as? [AnyHashable: Any]
        let mutable = aps?["mutable-content"]
        let runsExtension = ((mutable as? Int) == 1 || (mutable as? Bool) == true) && aps?["alert"] != nil
        if runsExtension { logPush(userInfo, service: service, channel: .apns) }
        guard runsExtension else {
            // iOS plays what the push names; announce's files are not installed.
            let sound: DeliverySound = push.sound == nil ? .none : .systemDefault
            if sound != .none, let position = index[key] { payments[position].bypassedExtension = true }
            present(key, sound: sound, delivered: nil, passive: false, critical: push.isCritical,
                    silentReason: "the push has no sound and no mutable-content: its banner only")
            return
        }
        let (sound, delivered, passive, reason) = runExtension(push, key: key, claiming: true)
        present(key, sound: sound, delivered: delivered, passive: passive, critical: push.isCritical, silentReason: reason)
    }

    /// The extension's decision for `push`: the sound it hands back, its
    /// answer, whether it is passive, and why it is silent.
    private mutating func runExtension(
        _ push: PushFields, key: String, claiming: Bool
    ) -> (DeliverySound, InAppPlayback.Delivered, Bool, String?) {
        var repeated = false
        if claiming, push.asksForSound {
            repeated = !claims.insert(key).inserted
        }
        var baseline = 0.0
        var age: Double?
        let boot = phoneClock.timeIntervalSince1970 - uptime
        let check = self.check ?? PushCheck(pack: pack, soundHosts: PushCheck.host(of: push.url), settingsFile: settingsFile, timeZone: timeZone)
        if let at = push.at, at.isFinite {
            let offset = phoneClock.timeIntervalSince1970 - at
            let lateness = check.policy.lateness(offset: offset, among: samples, boot: boot)
            samples = ClockCheck.noting(ClockCheck.Sample(offset: offset, boot: boot), in: samples)
            (baseline, age) = (lateness.baseline, lateness.age)
        }
        var pushForCheck = push
        pushForCheck.id = key
        let decision = check.decide(pushForCheck, now: phoneClock, seen: repeated ? [key] : [], clockOffset: baseline)
        let sound: DeliverySound
        let counter: DeliveryCounters.Counter
        switch decision.route {
        case .rendered:
            sound = decision.sound.map(DeliverySound.named) ?? .systemDefault
            counter = .rendered
        case .download:
            sound = decision.sound.map(DeliverySound.named) ?? .systemDefault
            counter = .downloaded
        case .asSent:
            sound = decision.sound.map(DeliverySound.named) ?? .systemDefault
            counter = .asSent
        case .fallback:
            sound = .named(Self.fallbackName)
            counter = .fallbackRefusedPush
        case .silent:
            sound = .none
            counter = .held
        }
        if case .named(let name) = sound { durations[name] = decision.duration ?? durations[name] ?? Self.assumedSeconds }
        let passive = decision.silence.map { DeliveryOutcome.silent($0).isPassive } ?? false
        let delivered = InAppPlayback.Delivered(
            sound: { if case .named(let name) = sound { name } else { nil } }(), counter: counter.rawValue, id: key, seal: nil,
            isSystemSound: sound == .systemDefault, age: age, duration: decision.route == .rendered ? decision.duration : nil)
        if decision.route == .fallback, let reason = decision.reason { fallbackReasons[key] = reason }
        return (sound, delivered, passive, decision.route == .silent ? decision.reason : nil)
    }

    /// iOS presents a notification: the app decides while it is in the
    /// foreground; otherwise its sound plays as the phone allows.
    private mutating func present(
        _ key: String, sound: DeliverySound, delivered: InAppPlayback.Delivered?, passive: Bool, critical: Bool, silentReason: String?
    ) {
        if let silentReason, sound == .none { note(key, reason: silentReason) }
        guard model.isInForeground else {
            hearNotification(key, sound: sound, passive: passive, critical: critical)
            return
        }
        let sayable = delivered?.sound != nil && model.couldSay(arrived: uptime, age: delivered?.age ?? 0, uptime: uptime)
        askApp(delivered, key: key, sound: sound, passive: passive, critical: critical, sayable: sayable)
    }

    /// The app in front asked how to present payment `key`'s notification
    /// (its answer `delivered`, its `sound`); one whose sound it lets play
    /// though it could have said it in time (`sayable`) is noted.
    private mutating func askApp(
        _ delivered: InAppPlayback.Delivered?, key: String, sound: DeliverySound, passive: Bool, critical: Bool, sayable: Bool
    ) {
        presenting = (key, sound, passive, critical)
        let actions = model.handle(.willPresent(delivered, uptime: uptime))
        perform(actions)
        if sayable, actions.contains(.present(withSound: true)) { soundedInFrontThoughSayable.append(key) }
        presenting = nil
    }

    /// A push through the service's own connection: only a running app on
    /// screen has it; otherwise the service keeps it for the app's next
    /// start within its time to live.
    private mutating func vendor(_ userInfo: [AnyHashable: Any], service: PushService) {
        guard let (push, key) = delivered(userInfo, by: "the service") else { return }
        guard model.isInForeground else {
            pendingVendor.append((push, key, now ?? 0, service, TillEvent.Payload(userInfo: userInfo)))
            note(key, reason: "sent on the service's own channel while the app was not open: the service keeps it for the app's next start")
            return
        }
        receiveVendor(push, key: key, service: service, userInfo: userInfo)
    }

    private mutating func receiveVendor(_ push: PushFields, key: String, service: PushService, userInfo: [AnyHashable: Any]) {
        logPush(userInfo, service: service, channel: .vendor)
        var keyed = push
        keyed.id = key
        let firstTime = TillModel.claims(keyed) ? claims.insert(key).inserted : true
        perform(model.handle(.vendorMessage(keyed, firstTime: firstTime, uptime: uptime)))
        if !firstTime { note(key, reason: "its announce-id was announced before (another channel, or delivered again)") }
    }

    /// What the service kept, delivered when the app is open again, within
    /// its time to live (the policy's maximum age, as the routes send it).
    private mutating func deliverPendingVendor() {
        guard model.isInForeground else { return }
        let pending = pendingVendor
        pendingVendor = []
        for (push, key, sent, service, payload) in pending {
            // Its time to live runs from when it was sent: its announce-at.
            let from = min(sent, push.at.flatMap { $0.isFinite ? $0 : nil } ?? sent)
            if (now ?? 0) - from > Self.expiry {
                note(key, reason: "the service's own channel kept it past its time to live (\(Int(Self.expiry)) s)")
                continue
            }
            receiveVendor(push, key: key, service: service, userInfo: payload.userInfo)
        }
    }

    // MARK: - Carrying out the app's actions

    private mutating func perform(_ actions: [TillModel.Action]) {
        for action in actions {
            switch action {
            case .present(let withSound):
                guard let presenting else { continue }
                if withSound {
                    hearNotification(presenting.payment, sound: presenting.sound, passive: presenting.passive, critical: presenting.critical)
                }
            case .play(let entry):
                // A call still on holds the audio: the session is refused.
                if callOngoing {
                    playing = nil
                    perform(model.handle(.sessionRefused(uptime: uptime)))
                    continue
                }
                let seconds = durations[entry.sound] ?? Self.assumedSeconds
                playing = (entry, now ?? 0, (now ?? 0) + seconds)
            case .stop:
                if let cut = playing, let id = cut.entry.id {
                    note(id, reason: "cut while the app said it")
                }
                playing = nil
            case .notify(let id, let sound, let after):
                guard let id else { continue }
                // One identifier per payment: it replaces the payment's pending one.
                scheduled.removeAll { $0.id == id }
                if after > 0 {
                    scheduled.append(((now ?? 0) + after, id, sound, false, nil))
                    scheduled.sort { $0.at < $1.at }
                } else {
                    postNow(id: id, sound: sound)
                }
            case .deliver(let push):
                guard let key = push.id else { continue }
                let (sound, delivered, _, reason) = runExtension(push, key: key, claiming: false)
                if let reason, sound == .none { note(key, reason: reason) }
                perform(model.handle(.rendered(push, sound: sound, age: delivered.age, uptime: uptime)))
            case .skip(let entry):
                if let id = entry.id {
                    note(id, reason: "waited past its time in the app (a call, a lock): skipped, not said late")
                }
            case .wake(let after):
                wakes.append((now ?? 0) + max(0, after))
                wakes.sort()
            case .schedule(let id, let sound, let after, let inTime):
                scheduled.removeAll { $0.id == id }
                scheduled.append(((now ?? 0) + max(0, after), id, sound, true, inTime))
                scheduled.sort { $0.at < $1.at }
            case .unschedule(let id):
                scheduled.removeAll { $0.failSafe && $0.id == id }
            case .count, .keepScreenAwake, .releaseAudio:
                continue
            }
        }
    }

    /// A local notification the app posted arrives now.
    private mutating func postNow(id: String, sound: DeliverySound, inTime: Double? = nil) {
        if model.isInForeground {
            let answer = InAppPlayback.Delivered(handOff: sound, id: id, seal: nil, inTime: inTime)
            // In time while it is within its wait of when it first arrived.
            let arrived = index[id].map { payments[$0].arrived - (start ?? 0) } ?? uptime
            let sayable = sound != .none && sound != .systemDefault && model.couldSay(arrived: arrived, age: 0, uptime: uptime)
            askApp(answer, key: id, sound: sound, passive: false, critical: false, sayable: sayable)
        } else {
            hearNotification(id, sound: sound, passive: false, critical: false)
        }
    }

    // MARK: - The phone's log

    /// Writes a line of the phone's log now, at the phone's clock.
    private mutating func logEvent(_ name: String, _ fields: [(String, Any)] = []) {
        guard keepsPhoneLog else { return }
        phoneLog.append(TillLog.line(at: phoneClock.timeIntervalSince1970, boot: phoneBoot, event: name, fields))
    }

    private mutating func logPush(_ userInfo: [AnyHashable: Any], service: PushService, channel: TillEvent.Channel) {
        guard keepsPhoneLog else { return }
        phoneLog.append(TillLog.push(at: phoneClock.timeIntervalSince1970, boot: phoneBoot, service: service, channel: channel, userInfo: userInfo))
    }

    private mutating func logInterruption(_ interruption: TillEvent.Interruption) {
        logEvent("interruption", [
            ("phase", interruption.began ? "began" : "ended"), ("shouldResume", interruption.shouldResume),
            ("reason", interruption.appWasSuspended ? "appWasSuspended" : "default"),
        ])
    }

    private mutating func logSettings() {
        guard keepsPhoneLog else { return }
        phoneLog.append(TillLog.settings(at: phoneClock.timeIntervalSince1970, boot: phoneBoot, file: settingsFile, timeSensitive: timeSensitive))
    }

    /// When the phone's clock says the phone started.
    private var phoneBoot: Double { phoneClock.timeIntervalSince1970 - uptime }

    // MARK: - Hearing

    private mutating func hearInApp(_ entry: TillModel.Entry, at started: Double) {
        guard let id = entry.id else { return }
        guard mediaVolume > 0 else {
            note(id, reason: "said by the app at media volume 0")
            return
        }
        heard(id, entry.isFallback ? .fallback : .inApp, at: started,
              reason: entry.isFallback ? "the app played the fallback (its file had gone)" : "said by the app")
    }

    private mutating func hearNotification(_ key: String, sound: DeliverySound, passive: Bool, critical: Bool) {
        switch sound {
        case .none:
            return
        case .named, .systemDefault:
            break
        }
        let isFallback: Bool = switch sound {
        case .named(let name): name == Self.fallbackName
        default: true
        }
        if callOngoing {
            note(key, reason: "its notification came during a call")
            return
        }
        if !critical {
            if ringerSilent {
                note(key, reason: "its notification sound was muted by the ring switch (\(model.isInForeground ? "the app did not say it" : "the app was not open"))")
                return
            }
            if focusOn, passive || !timeSensitive {
                note(key, reason: "a Focus held its notification")
                return
            }
        }
        heard(key, isFallback ? .fallback : .notification, at: now ?? 0,
              reason: isFallback ? "its notification played the fallback sound" : "its notification's sound")
    }

    private mutating func heard(_ key: String, _ kind: Heard, at time: Double, reason: String) {
        guard let position = index[key] else { return }
        payments[position].times += 1
        if payments[position].times == 1 {
            payments[position].heard = kind
            payments[position].at = time
            payments[position].reason = reason
            if kind == .fallback, let why = fallbackReasons[key] { payments[position].reason += " (\(why))" }
        } else {
            payments[position].reason += "; heard \(payments[position].times) times"
        }
    }

    private mutating func note(_ key: String, reason: String) {
        guard let position = index[key], payments[position].times == 0 else { return }
        payments[position].reason = reason
    }

    // MARK: - Text

    /// `value` to the millisecond, as the output shows times (rounding
    /// keeps their order).
    public static func milliseconds(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }

    /// `value` to the millisecond, whole seconds without a fraction.
    public static func seconds(_ value: Double) -> String {
        let rounded = milliseconds(value)
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }
}
