import AnnounceWire
import Foundation
import UserNotifications

/// The path from a push to the sound it plays, shared by the extension
/// (every push) and the app (its test announcement), so a test takes
/// exactly the way a payment does.
///
/// Every decision is made by the Foundation-only files of
/// `Sources/AnnounceExtensionLogic` (`AnnouncePolicy.start`,
/// `AppGroupSounds.install`, `DownloadCheck`, `FallbackSound`,
/// `DeliveryOutcome`); this file carries them out with URLSession and
/// UserNotifications. The app runs it too, for a payment that came through
/// the push service's own connection (`TillController`).
///
/// 1. The fallback sound is put into the App Group's `Library/Sounds` if it
///    is missing (`AnnounceConfiguration.installFallbackSound`).
/// 2. `AnnouncePolicy.start` claims the payment's id and chooses under the
///    merchant's switches: no sound, the name as sent, the fallback, a file
///    already there, or a download.
/// 3. The phone renders the push's `announce-message` from the bundled
///    device voice pack (`PackRendering`), into `Library/Sounds` under its
///    content name: no network. When the pack cannot say it, a file already
///    there under `aps.sound` is touched and used; a missing one is obtained
///    (``obtainMissing(_:from:in:attach:done:)``: downloaded, checked,
///    renamed into place); then the fallback.
/// 4. The folder is kept within its bounds, never deleting the sound just
///    chosen.
enum AnnouncementPipeline {
    /// Works out `push`'s outcome and calls `done` once with it, on any
    /// thread. Work that may outlast the delivery (a download) is handed to
    /// `attach` as a cancel action. Call it off the main thread.
    static func run(
        _ push: PushFields, now: Date, recent: RecentPayments?, settings: MerchantSettings = MerchantSettings(),
        clockBaseline: Double = 0,
        attach: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        done: @escaping @Sendable (DeliveryOutcome) -> Void
    ) {
        AnnounceConfiguration.installFallbackSound()
        let folder = AnnounceConfiguration.soundFolder()
        let choice = AnnounceConfiguration.policy.start(
            push, now: now, recent: recent, folder: folder, settings: settings, clockBaseline: clockBaseline)
        // A sound is due (not a held, repeated or late payment): the phone's
        // own rendering of the push's message comes first, whatever
        // `aps.sound` names.
        if choice.rendersFromPackFirst, let folder, let rendered = renderFromPack(push, in: folder) {
            done(.announcement(rendered, .rendered))
            folder.prune(AnnounceConfiguration.folderRule, keeping: [rendered])
            return
        }
        switch choice {
        case .installed(let name):
            guard let folder else { return done(.fallback(.noFolder)) }
            // Cleanup counts a file's age from its last use, as announce batch does.
            folder.touch(name)
            done(.announcement(name, .reused))
            folder.prune(AnnounceConfiguration.folderRule, keeping: [name])
        case .download(let name, let url):
            guard let folder else { return done(.fallback(.noFolder)) }
            obtainMissing(name, from: url, in: folder, attach: attach, done: done)
        case .silent, .asSent, .fallback:
            done(DeliveryOutcome(immediate: choice) ?? .interim)
        }
    }

    /// The push's message rendered from the bundled pack into `folder`: its
    /// sound name, or nil (logged, without the amount) when the pack cannot
    /// say it or is missing.
    private static func renderFromPack(_ push: PushFields, in folder: AppGroupSounds) -> String? {
        guard let rendering = AnnounceConfiguration.packRendering else { return nil }
        switch rendering.announce(push, in: folder) {
        case .announced(let name):
            return name
        case .cannotSay(let reason):
            AnnounceConfiguration.log.info("not rendered on the phone: \(reason, privacy: .public)")
            return nil
        }
    }

    /// An announcement that is not in `Library/Sounds` yet and that the pack
    /// could not render: downloaded from the backend's URL.
    private static func obtainMissing(
        _ name: String, from url: URL, in folder: AppGroupSounds,
        attach: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        done: @escaping @Sendable (DeliveryOutcome) -> Void
    ) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        // The size check compares the file with Content-Length, which only
        // holds for the bytes as sent: ask for no compression.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let task = session.downloadTask(with: request) { location, response, error in
            do {
                if let error { throw error }
                guard let location, let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
                // URLSession deletes `location` when this handler returns:
                // the install moves it first, into the folder itself.
                try folder.install(
                    as: name,
                    placing: { try FileManager.default.moveItem(at: location, to: $0) },
                    check: { try DownloadCheck.check($0, status: http.statusCode, expectedLength: http.expectedContentLength, for: name) })
                done(.announcement(name, .downloaded))
                folder.prune(AnnounceConfiguration.folderRule, keeping: [name])
            } catch {
                AnnounceConfiguration.log.error("download failed: \(String(describing: error), privacy: .public)")
                done(.fallback(.downloadFailed))
            }
        }
        attach { task.cancel() }
        task.resume()
    }

    /// One session for the process's life. Its timeouts end a download well
    /// inside the extension's 30 s; it keeps nothing on disk.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.timeoutIntervalForResource = 20
        configuration.waitsForConnectivity = false
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// The sound for `outcome`: the file or name, none, the fallback's
    /// installed name when it is in the App Group's `Library/Sounds`, else
    /// the system's sound.
    static func deliverySound(for outcome: DeliveryOutcome) -> DeliverySound {
        let fallback = AnnounceConfiguration.fallbackSoundName
        let fallbackInstalled = fallback.map { AnnounceConfiguration.soundFolder()?.hasFile(named: $0) ?? false } ?? false
        return outcome.sound(fallback: fallback ?? "", fallbackInstalled: fallbackInstalled)
    }

    /// The notification sound for `sound`. A critical push (`aps.sound` a
    /// dictionary with `critical: 1`, and the app granted the Critical
    /// Alerts entitlement) gets `criticalSoundNamed`, which looks only in
    /// the bundle of the executable that names it and that app's own
    /// container's `Library/Sounds`, never in the App Group: so it names the
    /// fallback bundled with the extension (收款成功), at the push's volume;
    /// the amount is in the banner, and said by the app when it is open.
    static func notificationSound(_ sound: DeliverySound, critical: Bool, volume: Double?) -> UNNotificationSound? {
        if case .none = sound { return nil }
        if critical {
            let level = Float(min(max(volume ?? 1, 0), 1))
            return .criticalSoundNamed(UNNotificationSoundName(AnnounceConfiguration.fallbackSound), withAudioVolume: level)
        }
        switch sound {
        case .none: return nil
        case .named(let name): return UNNotificationSound(named: UNNotificationSoundName(name))
        case .systemDefault: return .default
        }
    }

    /// The notification sound for `outcome`, not critical (the app's test).
    static func sound(for outcome: DeliveryOutcome) -> UNNotificationSound? {
        notificationSound(deliverySound(for: outcome), critical: false, volume: nil)
    }

    /// A copy of the announcement to attach, so the merchant can play it
    /// again from the expanded notification; nil for other outcomes, and
    /// when its type or size does not allow one (``ReplayAttachment``).
    static func attachment(for outcome: DeliveryOutcome) -> UNNotificationAttachment? {
        guard case .announcement(let name, _) = outcome, let folder = AnnounceConfiguration.soundFolder() else { return nil }
        let sound = folder.url(of: name)
        guard let hint = ReplayAttachment.typeHint(for: sound),
              let copy = try? ReplayAttachment.copy(of: sound, under: FileManager.default.temporaryDirectory)
        else { return nil }
        do {
            return try UNNotificationAttachment(
                identifier: "announcement", url: copy, options: [UNNotificationAttachmentOptionsTypeHintKey: hint])
        } catch {
            ReplayAttachment.discard(copy)
            return nil
        }
    }
}
