import Foundation
import UserNotifications

/// The Notification Service Extension: puts the announcement a push names
/// into the App Group's `Library/Sounds` and hands the notification back
/// with that file as its sound (and a copy as an attachment, to play again),
/// so iOS says 支付宝到账一百二十三点四五元 as the banner appears.
///
/// Every decision is made by the Foundation-only files of `Logic/`, which
/// the announce package compiles and tests on Linux (`AnnouncePolicy`,
/// `RecentPayments`, `SoundFolder`, `DownloadCheck`, `ReplayAttachment`);
/// this file only carries them out with UserNotifications and URLSession.
///
/// - No `aps.sound` (a held payment of a burst), an `announce-id` announced
///   before, or an `announce-at` older than 120 s: the banner, no sound.
/// - A plain name (`pay.caf`): left as sent, for iOS to find.
/// - announce's name: the file in `Library/Sounds` if there (touched), else
///   downloaded from `announce-sound-url`; the fallback sound when that fails.
final class NotificationService: UNNotificationServiceExtension {
    private let pending = PendingDelivery()

    override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        pending.begin(content: content, handler: contentHandler)

        let push = AnnouncePush(userInfo: request.content.userInfo)
        let now = Date()
        var repeated = false
        if push.sound != nil, let id = push.id, let record = AnnounceConfiguration.recentPayments() {
            // A record that cannot be used (the phone not unlocked since it
            // started) never silences a payment: announce rather than miss one.
            repeated = (try? record.claim(id, at: now)) == .repeated
        }
        let folder = AnnounceConfiguration.soundFolder()
        var isInstalled: ((String) -> Bool)?
        if let folder { isInstalled = { name in folder.hasFile(named: name) } }
        let choice = AnnounceConfiguration.policy.choose(for: push, now: now, repeated: repeated, isInstalled: isInstalled)

        switch choice {
        case .silent:
            pending.finish(with: nil)
        case .asSent(let name):
            pending.finish(with: UNNotificationSound(named: UNNotificationSoundName(name)))
        case .fallback:
            pending.finish(with: SoundInstaller.fallbackSound)
        case .installed(let name):
            guard let folder else { return pending.finish(with: SoundInstaller.fallbackSound) }
            // Cleanup counts a file's age from its last use, as announce batch does.
            folder.touch(name)
            deliver(name, from: folder)
        case .download(let name, let url):
            guard let folder else { return pending.finish(with: SoundInstaller.fallbackSound) }
            download(name, from: url, into: folder)
        }
    }

    /// Called shortly before the system's limit (about 30 s): deliver at once,
    /// with the fallback sound. If the download finished first, this does
    /// nothing.
    override func serviceExtensionTimeWillExpire() {
        pending.finish(with: SoundInstaller.fallbackSound)
    }

    private func download(_ name: String, from url: URL, into folder: SoundFolder) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        // The size check compares the file with Content-Length, which only
        // holds for the bytes as sent: ask for no compression.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let pending = self.pending
        let task = SoundInstaller.session.downloadTask(with: request) { location, response, error in
            do {
                try SoundInstaller.install(location: location, response: response, error: error, as: name, in: folder)
                Self.deliver(name, from: folder, to: pending)
            } catch {
                pending.finish(with: SoundInstaller.fallbackSound)
            }
        }
        pending.attach(task)
        task.resume()
    }

    private func deliver(_ name: String, from folder: SoundFolder) {
        Self.deliver(name, from: folder, to: pending)
    }

    /// Keeps the folder within its bounds (never touching this sound or any
    /// file younger than 10 minutes), then delivers with the sound and its
    /// copy as an attachment.
    private static func deliver(_ name: String, from folder: SoundFolder, to pending: PendingDelivery) {
        folder.prune(AnnounceConfiguration.folderPolicy, keeping: [name])
        pending.finish(
            with: UNNotificationSound(named: UNNotificationSoundName(name)),
            attachment: ReplayAttachment.attachment(for: folder.url(of: name)))
    }
}

extension ReplayAttachment {
    /// A `UNNotificationAttachment` of a copy of `sound` (iOS moves an
    /// attachment's file away), or nil when its type or size does not allow
    /// one or iOS refuses it.
    static func attachment(for sound: URL) -> UNNotificationAttachment? {
        guard let hint = typeHint(for: sound),
              let copy = try? copy(of: sound, under: FileManager.default.temporaryDirectory)
        else { return nil }
        do {
            return try UNNotificationAttachment(
                identifier: "announcement", url: copy, options: [UNNotificationAttachmentOptionsTypeHintKey: hint])
        } catch {
            discard(copy)
            return nil
        }
    }
}

/// Fetching and installing an announcement. A caseless enum rather than
/// static members of the extension class, so the download's completion
/// handler, which may run on any thread, refers to nothing but Sendable values.
private enum SoundInstaller {
    /// The generic sound bundled with the app, for every failure.
    static var fallbackSound: UNNotificationSound {
        UNNotificationSound(named: UNNotificationSoundName(AnnounceConfiguration.fallbackSound))
    }

    /// One session for the extension's life. Its timeouts end a download
    /// well inside the extension's 30 s; it keeps nothing on disk.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.timeoutIntervalForResource = 20
        configuration.waitsForConnectivity = false
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// Checks the download (``DownloadCheck``) and gives it its final name
    /// in one rename.
    ///
    /// The file is first moved to a temporary name in `Library/Sounds` itself,
    /// so the final rename stays inside one folder and is atomic: iOS never
    /// sees a partial file under an announcement's name. A temporary file left
    /// by a killed extension matches the cleanup rule and is deleted later.
    static func install(location: URL?, response: URLResponse?, error: Error?, as name: String, in folder: SoundFolder) throws {
        if let error { throw error }
        guard let location, let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        let files = FileManager.default
        let temporary = folder.url(of: AnnounceSoundName.temporaryName())
        // URLSession deletes `location` when this handler returns: move it first.
        try files.moveItem(at: location, to: temporary)
        do {
            // Readable while the phone is locked, after its first unlock.
            try files.setAttributes([.protectionKey: SoundFolder.protection], ofItemAtPath: temporary.path)
            try DownloadCheck.check(temporary, status: http.statusCode, expectedLength: http.expectedContentLength, for: name)
            do {
                try files.moveItem(at: temporary, to: folder.url(of: name))
            } catch where folder.hasFile(named: name) {
                // Another delivery of the same announcement was faster; same
                // name, same content.
                try? files.removeItem(at: temporary)
            }
        } catch {
            try? files.removeItem(at: temporary)
            throw error
        }
    }
}

/// The notification being worked on. The content handler must be called
/// exactly once, by whichever comes first: the end of the download or
/// `serviceExtensionTimeWillExpire`, which run on different threads.
private final class PendingDelivery: @unchecked Sendable {
    private let lock = NSLock()
    private var content: UNMutableNotificationContent?
    private var handler: ((UNNotificationContent) -> Void)?
    private var task: URLSessionTask?

    func begin(content: UNMutableNotificationContent, handler: @escaping (UNNotificationContent) -> Void) {
        lock.lock()
        self.content = content
        self.handler = handler
        task = nil
        lock.unlock()
    }

    func attach(_ task: URLSessionTask) {
        lock.lock()
        self.task = task
        lock.unlock()
    }

    /// Delivers the notification with `sound` (nil: none at all) and
    /// `attachment`; later calls do nothing.
    func finish(with sound: UNNotificationSound?, attachment: UNNotificationAttachment? = nil) {
        lock.lock()
        let content = self.content
        let handler = self.handler
        let task = self.task
        self.content = nil
        self.handler = nil
        self.task = nil
        lock.unlock()

        guard let content, let handler else {
            // Delivered already: an attachment's copy is not needed.
            if let attachment { ReplayAttachment.discard(attachment.url) }
            return
        }
        task?.cancel()
        content.sound = sound
        if let attachment { content.attachments = [attachment] }
        handler(content)
    }
}
