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

/// The extension's decisions, apart from the iOS calls that carry them out:
/// which sound a push gets, whether its URL may be fetched, whether it is
/// late, whether the merchant's switches keep it quiet. `NotificationService`
/// asks ``choose(for:now:repeated:isInstalled:settings:timeZone:)`` and does
/// what the answer says.
///
/// Foundation and the wire contract only: the package compiles this file on
/// Linux and tests it.
struct AnnouncePolicy: Sendable {
    /// The hosts the extension downloads announcements from.
    var soundHosts: Set<String>
    /// How old a payment may be and still be worth announcing: the age the
    /// backend gives APNs as `apns-expiration`, which APNs applies by its own
    /// clock. See docs/IOS.md, "Late pushes", for why 120 s. The phone
    /// judges it against its own recent pushes (``ClockCheck/baseline(among:boot:)``),
    /// so a clock minutes off either way silences nothing.
    var maximumAge: TimeInterval = 120

    /// The longest URL accepted: announce's longest base (512 bytes), `/`,
    /// and a sound name (at most 255 bytes).
    static let maximumURLBytes = 768

    init(soundHosts: Set<String>, maximumAge: TimeInterval = 120) {
        self.soundHosts = soundHosts
        self.maximumAge = maximumAge
    }

    /// What the push gets.
    enum Choice: Equatable, Sendable {
        /// No sound at all; the banner shows as sent.
        case silent(Silence)
        /// `aps.sound` stays as sent: a plain name that iOS looks up itself
        /// (the app's and the group's `Library/Sounds`, then the bundle).
        case asSent(String)
        /// The announcement is already in `Library/Sounds`: play it (and
        /// touch it, so cleanup counts its age from this use).
        case installed(String)
        /// Fetch the announcement from the URL, then play it.
        case download(String, URL)
        /// The app's generic sound: the push names an announcement that
        /// cannot be fetched.
        case fallback(Problem)

        /// Whether a sound is due: then the phone's own rendering of the
        /// push's message from the device voice pack comes first, whatever
        /// `aps.sound` names (`AnnouncementPipeline.run`, ``PushCheck``).
        var rendersFromPackFirst: Bool {
            if case .silent = self { return false }
            return true
        }
    }

    /// Why a push plays nothing.
    enum Silence: Equatable, Sendable {
        /// The push asks for no sound: no `aps.sound` and no message (a held
        /// payment of a burst).
        case noSound
        /// Its `announce-id` was announced before (a redelivery).
        case repeated
        /// Its `announce-at` is more than ``maximumAge`` older than the
        /// phone's recent pushes say a fresh one is.
        case late
        /// One of the merchant's switches (``MerchantSettings``).
        case merchant(MerchantSettings.Silence)
    }

    /// Why a push gets the fallback.
    enum Problem: Equatable, Sendable {
        /// `aps.sound` is neither announce's name nor a plain one.
        case refusedName
        /// The App Group's `Library/Sounds` is not available.
        case noFolder
        /// No URL, or one ``isAllowed(_:for:)`` refuses; or no sound name to
        /// fetch at all (a service's own message that the pack did not say).
        case refusedURL
        /// The push's announce fields could not be read as they arrived
        /// (``PushFields/arrivalProblem``): nothing of it is trusted but
        /// its `aps`.
        case refusedPush
    }

    /// Whether a payment taken at `at` (seconds since 1970, the server's
    /// clock) is too old to announce at `now` (the phone's clock): its
    /// offset (`now` minus `at`) is more than ``maximumAge`` beyond
    /// `baseline`, the offset of a push that arrives just in time on this
    /// phone (``ClockCheck/baseline(among:boot:)``; 0 for a phone whose
    /// clock is right). Exactly that is still in time; a time ahead of the
    /// baseline (a slow phone) is in time.
    func isLate(at: Double?, now: Date, baseline: Double = 0) -> Bool {
        guard let at, at.isFinite else { return false }
        let offset = now.timeIntervalSince1970 - at
        return offset - (baseline.isFinite ? baseline : 0) > maximumAge
    }

    /// The sound for `push` at `now`.
    /// - Parameters:
    ///   - repeated: whether its `announce-id` is already in the record of
    ///     recent payments (``RecentPayments/claim(_:at:)``).
    ///   - isInstalled: whether an announcement of that name is already in
    ///     `Library/Sounds`; nil when that folder is not available.
    ///   - settings: the merchant's switches (the defaults announce everything).
    ///   - timeZone: the phone's, for quiet hours.
    ///   - clockBaseline: the offset of a push just in time on this phone
    ///     (``isLate(at:now:baseline:)``).
    func choose(
        for push: PushFields, now: Date, repeated: Bool, isInstalled: ((String) -> Bool)?,
        settings: MerchantSettings = MerchantSettings(), timeZone: TimeZone = .current, clockBaseline: Double = 0
    ) -> Choice {
        let minute = MerchantSettings.minuteOfDay(now, in: timeZone)
        // A push refused as it arrived (its announce fields of the wrong
        // type, not JSON, nested too deep or given twice apart) that asks
        // for a sound gets the fallback unless the merchant's switches keep
        // it quiet: none of its fields is trusted, not even a sound name of
        // announce's, so it is never another amount. One without a sound
        // that can be read stays a banner without sound, as sent.
        if push.arrivalProblem != nil, push.sound != nil {
            if let silence = settings.silence(amountFen: nil, minuteOfDay: minute) { return .silent(.merchant(silence)) }
            return .fallback(.refusedPush)
        }
        guard push.asksForSound else { return .silent(.noSound) }
        if repeated { return .silent(.repeated) }
        if isLate(at: push.at, now: now, baseline: clockBaseline) { return .silent(.late) }
        let amount = push.message?.message.amount?.fen
        if let silence = settings.silence(amountFen: amount, minuteOfDay: minute) {
            return .silent(.merchant(silence))
        }
        // A service's own or custom message carries the message and no
        // sound name: the pack says it (``Choice/rendersFromPackFirst``);
        // when it cannot, there is no file to fetch, and the fallback plays.
        guard let name = push.sound else { return .fallback(.refusedURL) }
        switch SoundName.delivery(of: name) {
        case .refused: return .fallback(.refusedName)
        case .plain: return .asSent(name)
        case .announcement: break
        }
        guard let isInstalled else { return .fallback(.noFolder) }
        // Names are derived from the content and only whole files get one,
        // so a file of this name is this announcement.
        if isInstalled(name) { return .installed(name) }
        guard let text = push.url, let url = allowedURL(text, for: name) else { return .fallback(.refusedURL) }
        return .download(name, url)
    }

    /// The URL `text` when the extension may fetch `soundName` from it:
    /// `https://`, printable ASCII without blanks, quotes, `?` or `#` (the
    /// characters `announce --sound-url-base` accepts), at most
    /// ``maximumURLBytes``, a host in ``soundHosts``, and a last path
    /// component equal to the sound name (the base, `/`, the name).
    func allowedURL(_ text: String, for soundName: String) -> URL? {
        guard text.hasPrefix("https://"), text.utf8.count <= Self.maximumURLBytes,
              text.unicodeScalars.allSatisfy(PushPayload.isURLScalar),
              let url = URL(string: text), let host = url.host?.lowercased(), soundHosts.contains(host),
              url.lastPathComponent == soundName, text.hasSuffix("/" + soundName)
        else { return nil }
        return url
    }

    /// Whether `url` may be fetched for `soundName` (see ``allowedURL(_:for:)``).
    func isAllowed(_ url: String, for soundName: String) -> Bool {
        allowedURL(url, for: soundName) != nil
    }
}
