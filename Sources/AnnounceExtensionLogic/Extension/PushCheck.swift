import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the extension does with one push, decided by the extension's own
/// code, without an iPhone: the same reading (``PushFields``), duplicate
/// and late checks and choice (``AnnouncePolicy/choose(for:now:repeated:isInstalled:)``)
/// and rendering from the device voice pack (``PackRendering``) that
/// `AnnouncementPipeline` runs, for a phone whose `Library/Sounds` holds no
/// announcement yet. `announce check-push` prints it; a backend proves its
/// service's pushes with it before touching a device.
///
/// The only steps left out are the ones that need the phone: writing the
/// file, the download itself, and the App Group's record of recent ids
/// (given as `seen`).
public struct PushCheck: Sendable {
    /// The way the phone gets the push's sound.
    public enum Route: String, Sendable, CaseIterable {
        /// Said on the phone from the bundled pack: no network.
        case rendered
        /// The server's file, fetched from `announce-sound-url`.
        case download
        /// `aps.sound` as sent: a plain name iOS looks up itself.
        case asSent = "as-sent"
        /// The app's generic fallback sound: the push names an
        /// announcement that cannot be obtained, or it was refused.
        case fallback
        /// No sound: a held payment, a repeated id or a late push.
        case silent
    }

    /// What the phone does with a push.
    public struct Decision: Equatable, Sendable {
        /// The route.
        public let route: Route
        /// The sound file's name played (rendered, downloaded or as sent);
        /// nil for the fallback and for silence.
        public let sound: String?
        /// What the phone says: the message's text, when the route is
        /// ``Route/rendered``.
        public let says: String?
        /// The URL fetched, for ``Route/download``.
        public let url: String?
        /// Why the pack did not say it, or why the push is silent or gets
        /// the fallback: one line, without the amount.
        public let reason: String?
        /// Whether the sound is a critical alert (`aps.sound` a critical
        /// dictionary).
        public let isCritical: Bool
        /// The rendered announcement's length in seconds, for
        /// ``Route/rendered``.
        public var duration: Double? = nil
        /// Why the push is silent, when it is.
        var silence: AnnouncePolicy.Silence? = nil
    }

    let policy: AnnouncePolicy
    let rendering: PackRendering?
    let settings: MerchantSettings
    let timeZone: TimeZone
    /// What the phone makes of the merchant's settings file, when it does not
    /// use it as written: one line naming the counter the phone adds to
    /// (the phone then announces with the defaults); nil when it is used.
    public private(set) var settingsNote: String?

    /// A check with the extension's policy for `soundHosts` (the hosts it
    /// downloads from) and `maximumAge` (120 s, as `AnnounceConfiguration`
    /// sets it), rendering from `pack` (nil: a phone without one), with the
    /// merchant's switches read from `settingsFile` (the App Group's
    /// `announce-settings.json`, read as the extension reads it; nil: none,
    /// which announces everything) and quiet hours judged in `timeZone`.
    public init(
        pack: DevicePack?, soundHosts: Set<String>, maximumAge: TimeInterval = 120, settingsFile: Data? = nil,
        timeZone: TimeZone = .current
    ) {
        let reading = settingsFile.map(MerchantSettingsFile.decode)
        self.init(
            policy: AnnouncePolicy(soundHosts: soundHosts, maximumAge: maximumAge), rendering: pack.map(PackRendering.init),
            settings: reading?.settings ?? MerchantSettings(), timeZone: timeZone)
        settingsNote = reading.flatMap { Self.settingsNote($0.status) }
    }

    /// The host of `url` (`https://host/…`), lower-cased: the one host a
    /// check allows downloads from when none are given.
    public static func host(of url: String?) -> Set<String> {
        guard let url, url.hasPrefix("https://") else { return [] }
        let host = url.dropFirst("https://".count).prefix { $0 != "/" && $0 != ":" }
        return host.isEmpty ? [] : [host.lowercased()]
    }

    /// A check with the extension's `policy` as configured, the merchant's
    /// `settings`, rendering with `rendering`.
    init(policy: AnnouncePolicy, rendering: PackRendering?, settings: MerchantSettings = MerchantSettings(), timeZone: TimeZone = .current) {
        self.policy = policy
        self.rendering = rendering
        self.settings = settings
        self.timeZone = timeZone
        settingsNote = nil
    }

    /// One line naming the counter the phone adds to when it does not use
    /// the settings file as written (and announces with the defaults); nil
    /// when it uses it.
    static func settingsNote(_ status: MerchantSettingsFile.Status) -> String? {
        status.counter.map { "the settings file is not used as written (\($0.rawValue)): " + describe(status) }
    }

    private static func describe(_ status: MerchantSettingsFile.Status) -> String {
        switch status {
        case .read, .missing: "used as written"
        case .damaged: "it is not a JSON object of settings, so the phone announces with the defaults"
        case .newerVersion: "it comes from a newer app, so the phone announces with the defaults"
        case .unreadable: "it cannot be read, so the phone announces with the defaults"
        case .invalid(let keys): "the phone keeps the defaults of \(keys.joined(separator: ", "))"
        }
    }

    /// What the phone does with `push` at `now`, when the ids in `seen` were
    /// announced before: a push refused as it arrived gets the fallback (a
    /// banner without sound when its sound cannot be read, or when the
    /// merchant's switches keep it quiet); one that is due renders from the
    /// pack when it can, else takes the policy's choice, as
    /// `AnnouncementPipeline.run` does.
    /// `clockOffset`: how far the phone's clock is ahead of the server's, as
    /// its recent pushes show (``ClockCheck/baseline(among:boot:)``).
    public func decide(_ push: PushFields, now: Date, seen: Set<String> = [], clockOffset: Double = 0) -> Decision {
        // A push that asks for no sound claims no id (AnnouncePolicy.start).
        let repeated = push.asksForSound && push.id.map(seen.contains) == true
        let choice = policy.choose(
            for: push, now: now, repeated: repeated, isInstalled: { _ in false }, settings: settings, timeZone: timeZone,
            clockBaseline: clockOffset)
        if let problem = push.arrivalProblem {
            switch choice {
            case .fallback(.refusedPush):
                return Decision(route: .fallback, sound: nil, says: nil, url: nil, reason: problem.description, isCritical: push.isCritical)
            case .silent(.noSound):
                return Decision(route: .silent, sound: nil, says: nil, url: nil, reason: problem.description, isCritical: false)
            default: break
            }
        }
        var notRendered: String?
        if choice.rendersFromPackFirst {
            switch render(push) {
            case .success(let rendered):
                return Decision(route: .rendered, sound: rendered.soundName, says: rendered.message.text, url: nil, reason: nil,
                                isCritical: push.isCritical, duration: rendered.duration)
            case .failure(let reason):
                notRendered = reason.description
            }
        }
        let route: Route
        var sound: String?
        var url: String?
        var reason = notRendered
        switch choice {
        case .silent(let silence):
            route = .silent
            reason = Self.describe(silence, lateAfter: policy.maximumAge)
            return Decision(route: route, sound: nil, says: nil, url: nil, reason: reason, isCritical: push.isCritical, silence: silence)
        case .asSent(let name):
            (route, sound) = (.asSent, name)
        case .installed(let name):
            // Nothing is installed on the phone checked: never chosen.
            (route, sound) = (.download, name)
        case .download(let name, let location):
            (route, sound, url) = (.download, name, location.absoluteString)
        case .fallback(let problem):
            route = .fallback
            let why = push.sound == nil ? "the push names no sound to fetch (a service's own message)" : Self.describe(problem)
            reason = [notRendered, why].compactMap { $0 }.joined(separator: "; ")
        }
        return Decision(route: route, sound: sound, says: nil, url: url, reason: reason, isCritical: push.isCritical)
    }

    /// The push's message rendered from the pack, as ``PackRendering/announce(_:in:)``
    /// renders it before writing; else why not, without the amount.
    private func render(_ push: PushFields) -> Result<Announcement, RenderProblem> {
        guard let rendering else { return .failure(RenderProblem("the phone has no device voice pack")) }
        guard let message = push.message else {
            return .failure(RenderProblem(push.messageProblem?.description ?? "the push has no \(PushMessage.key)"))
        }
        do {
            let announcement = try rendering.renderer.render(message)
            _ = try announcement.fileBytes()
            return .success(announcement)
        } catch let error as PackError {
            return .failure(RenderProblem(PackRendering.withoutAmount(error.kind)))
        } catch {
            return .failure(RenderProblem("the pack's file cannot be written: \(error)"))
        }
    }

    private struct RenderProblem: Error {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func describe(_ silence: AnnouncePolicy.Silence, lateAfter: TimeInterval) -> String {
        switch silence {
        case .noSound: "the push has no aps.sound and no announce-message (a held payment of a burst: its banner only)"
        case .repeated: "its announce-id was announced before (a redelivery)"
        case .late: "its announce-at is more than \(Int(lateAfter)) s older than a fresh push on this phone (a late push: its banner only)"
        case .merchant(.switchedOff): "the merchant turned announcements off (its banner only)"
        case .merchant(.otherPhone): "another phone of the shop announces (its banner only)"
        case .merchant(.quietHours): "inside the merchant's quiet hours (its banner only)"
        case .merchant(.belowMinimum): "below the merchant's minimum amount (its banner only)"
        }
    }

    private static func describe(_ problem: AnnouncePolicy.Problem) -> String {
        switch problem {
        case .refusedName: "aps.sound is neither announce's name nor a plain sound name"
        case .noFolder: "the App Group's Library/Sounds is not available"
        case .refusedURL: "announce-sound-url is missing or not one the extension may fetch this sound from"
        case .refusedPush: "the push's announce fields could not be read as they arrived"
        }
    }
}
