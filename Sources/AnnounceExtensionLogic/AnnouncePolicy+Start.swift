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
    /// The first step of every delivery, the extension's and the app's test
    /// announcement alike: claims the push's `announce-id` in `recent`,
    /// looks for its file in `folder`, and chooses
    /// (``choose(for:now:repeated:isInstalled:settings:timeZone:)``) under
    /// the merchant's `settings`.
    ///
    /// A record that cannot be used (the phone not unlocked since it
    /// started, a full container) never silences a payment: announcing one
    /// twice is better than missing one. Without a folder, an announcement
    /// gets the fallback. A push without a sound claims nothing, so a held
    /// payment's id stays free for its summary.
    /// `clock`, when given, judges lateness against the phone's recent
    /// pushes (``ClockCheck/baseline(for:among:boot:)``) and notes this one.
    func start(
        _ push: PushFields, now: Date, recent: RecentPayments?, folder: AppGroupSounds?,
        settings: MerchantSettings = MerchantSettings(), timeZone: TimeZone = .current, clock: ClockCheck? = nil,
        boot: Double? = nil
    ) -> Choice {
        var repeated = false
        if push.sound != nil, let id = push.id, let recent {
            repeated = (try? recent.claim(id, at: now)) == .repeated
        }
        var baseline = 0.0
        if let at = push.at, at.isFinite {
            let offset = now.timeIntervalSince1970 - at
            baseline = ClockCheck.baseline(for: offset, among: clock?.samples() ?? [], boot: boot)
            if clock == nil { baseline = 0 }
            try? clock?.note(at: at, now: now, boot: boot)
        }
        let isInstalled: ((String) -> Bool)? = folder.map { folder in { folder.hasFile(named: $0) } }
        return choose(
            for: push, now: now, repeated: repeated, isInstalled: isInstalled, settings: settings, timeZone: timeZone,
            clockBaseline: baseline)
    }
}
