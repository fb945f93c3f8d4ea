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

extension AnnouncePolicy {
    /// How late a push is on this phone.
    struct Lateness: Equatable, Sendable {
        /// The offset of a fresh push on this phone
        /// (``ClockCheck/baseline(among:boot:)``); 0 without a clock record.
        var baseline: Double = 0
        /// How many seconds the push is older than a fresh one; nil without
        /// `announce-at`.
        var age: Double?
    }

    /// How late `push`, arriving at `now` by the phone's clock on a phone
    /// whose clock says it started at `boot`, is against the phone's recent
    /// pushes in `clock` (nil: a phone whose clock is right); notes it there.
    /// A record that cannot be written is passed over: lateness is never a
    /// reason to miss a payment.
    func lateness(of push: PushFields, now: Date, clock: ClockCheck?, boot: Double?) -> Lateness {
        guard let at = push.at, at.isFinite else { return Lateness() }
        let offset = now.timeIntervalSince1970 - at
        guard offset.isFinite else { return Lateness() }
        guard let clock else { return Lateness(baseline: 0, age: offset) }
        let lateness = lateness(offset: offset, among: clock.samples(), boot: boot)
        try? clock.note(at: at, now: now, boot: boot)
        return lateness
    }

    /// How late a push of `offset` (the phone's clock minus its
    /// `announce-at`) is, among the phone's recent `samples`: beyond the
    /// offset of a fresh push (``ClockCheck/baseline(among:boot:)``). With no
    /// baseline (the first pushes after an install, a restart or a clock
    /// change, or samples that do not agree) the push is in time. Its age,
    /// which bounds its wait in the app, is then its offset when that is one
    /// APNs could deliver (0 to ``maximumAge``: a clock that is right), and 0
    /// when it is not (a clock that is off, whose offset says nothing of the
    /// push).
    func lateness(offset: Double, among samples: [ClockCheck.Sample], boot: Double?) -> Lateness {
        guard offset.isFinite else { return Lateness() }
        guard let baseline = ClockCheck.baseline(among: samples, boot: boot) else {
            return Lateness(baseline: offset, age: (0...maximumAge).contains(offset) ? offset : 0)
        }
        return Lateness(baseline: baseline, age: offset - baseline)
    }

    /// The first step of every delivery, the extension's and the app's test
    /// announcement alike: claims the push's `announce-id` in `recent`,
    /// looks for its file in `folder`, and chooses
    /// (``choose(for:now:repeated:isInstalled:settings:timeZone:clockBaseline:)``)
    /// under the merchant's `settings`, judging lateness against
    /// `clockBaseline` (``lateness(of:now:clock:boot:)``).
    ///
    /// A record that cannot be used (the phone not unlocked since it
    /// started, a full container) never silences a payment: announcing one
    /// twice is better than missing one. Without a folder, an announcement
    /// gets the fallback. A push that asks for no sound
    /// (``PushFields/asksForSound``) claims nothing, so a held payment's id
    /// stays free for its summary; a service's own message, with its
    /// message and no sound, claims its id like any payment that sounds.
    func start(
        _ push: PushFields, now: Date, recent: RecentPayments?, folder: AppGroupSounds?,
        settings: MerchantSettings = MerchantSettings(), timeZone: TimeZone = .current, clockBaseline: Double = 0
    ) -> Choice {
        var repeated = false
        if push.asksForSound, let id = push.id, let recent {
            repeated = (try? recent.claim(id, at: now)) == .repeated
        }
        let isInstalled: ((String) -> Bool)? = folder.map { folder in { folder.hasFile(named: $0) } }
        return choose(
            for: push, now: now, repeated: repeated, isInstalled: isInstalled, settings: settings, timeZone: timeZone,
            clockBaseline: clockBaseline)
    }
}
