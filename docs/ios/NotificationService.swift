import Foundation
import UserNotifications

/// The Notification Service Extension: puts the announcement a push names
/// into the App Group's `Library/Sounds` and hands the notification back
/// with that file as its sound, so iOS says 支付宝到账一百二十三点四五元 as the
/// banner appears.
///
/// The push (see docs/IOS.md) carries `mutable-content: 1`, an alert, the
/// sound name in `aps.sound` and the file's HTTPS URL under
/// `announce-sound-url`. Whatever goes wrong (no URL, a name that is not
/// announce's, a failed or slow download, a file of the wrong size) the
/// notification is still delivered, with the bundled fallback sound.
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

        let userInfo = request.content.userInfo
        // Only announce's own names are accepted: they cannot contain `/` or
        // `..`, so the push cannot make the extension write outside
        // Library/Sounds or replace a file that is not an announcement.
        guard let aps = userInfo["aps"] as? [String: Any],
              let name = aps["sound"] as? String,
              AnnounceSoundName.isAnnouncement(name),
              let directory = AnnounceConfiguration.soundsDirectory()
        else {
            pending.finish(with: SoundInstaller.fallbackSound)
            return
        }
        let destination = directory.appendingPathComponent(name, isDirectory: false)

        // Names are derived from the content and only whole files ever get
        // one, so a file of this name is this announcement: no download.
        if FileManager.default.fileExists(atPath: destination.path) {
            pending.finish(with: UNNotificationSound(named: UNNotificationSoundName(name)))
            return
        }

        guard let text = userInfo[AnnounceConfiguration.soundURLKey] as? String,
              let url = URL(string: text),
              SoundInstaller.isAllowed(url, soundName: name)
        else {
            pending.finish(with: SoundInstaller.fallbackSound)
            return
        }

        var download = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        // The size check compares the file with Content-Length, which only
        // holds for the bytes as sent: ask for no compression.
        download.setValue("identity", forHTTPHeaderField: "Accept-Encoding")

        let pending = self.pending
        let task = SoundInstaller.session.downloadTask(with: download) { location, response, error in
            do {
                try SoundInstaller.install(location: location, response: response, error: error, as: destination)
                pending.finish(with: UNNotificationSound(named: UNNotificationSoundName(name)))
            } catch {
                pending.finish(with: SoundInstaller.fallbackSound)
            }
        }
        pending.attach(task)
        task.resume()
    }

    /// Called shortly before the system's limit (about 30 s): deliver at once,
    /// with the fallback sound. If the download finished first, this does
    /// nothing.
    override func serviceExtensionTimeWillExpire() {
        pending.finish(with: SoundInstaller.fallbackSound)
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

    /// HTTPS, from a configured host, and the URL's file name is the sound
    /// name (`--sound-url-base` appends exactly that).
    static func isAllowed(_ url: URL, soundName: String) -> Bool {
        guard url.scheme?.lowercased() == "https", let host = url.host?.lowercased() else { return false }
        return AnnounceConfiguration.soundHosts.contains(host) && url.lastPathComponent == soundName
    }

    /// Checks the download and gives it its final name in one rename.
    ///
    /// The file is first moved to a temporary name in `Library/Sounds` itself,
    /// so the final rename stays inside one folder and is atomic: iOS never
    /// sees a partial file under an announcement's name. A temporary file left
    /// by a killed extension matches the cleanup rule and is deleted later.
    static func install(location: URL?, response: URLResponse?, error: Error?, as destination: URL) throws {
        if let error { throw error }
        guard let location, let http = response as? HTTPURLResponse else { throw DownloadError.noFile }
        guard http.statusCode == 200 else { throw DownloadError.status(http.statusCode) }

        let files = FileManager.default
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(AnnounceSoundName.temporaryName(), isDirectory: false)
        // URLSession deletes `location` when this handler returns: move it first.
        try files.moveItem(at: location, to: temporary)
        do {
            let size = try temporary.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? -1
            guard size > 0, size <= AnnounceConfiguration.maximumSoundBytes else { throw DownloadError.size(size) }
            // A cut connection can still end "successfully": the length the
            // server announced must be the length received.
            if http.expectedContentLength >= 0, Int64(size) != http.expectedContentLength {
                throw DownloadError.size(size)
            }
            guard hasHeader(of: destination.pathExtension, at: temporary) else { throw DownloadError.notSound }
            do {
                try files.moveItem(at: temporary, to: destination)
            } catch where files.fileExists(atPath: destination.path) {
                // Another delivery of the same announcement was faster; same
                // name, same content.
                try? files.removeItem(at: temporary)
            }
        } catch {
            try? files.removeItem(at: temporary)
            throw error
        }
    }

    /// Whether the file starts as a file of its extension does: a CAF, a
    /// RIFF/WAVE or a FORM/AIFF(-C), not an error page saved by a proxy.
    private static func hasHeader(of fileExtension: String, at url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let bytes = try? handle.read(upToCount: 12), bytes.count == 12 else { return false }
        let head = String(decoding: bytes.prefix(4), as: UTF8.self)
        let form = String(decoding: bytes.suffix(4), as: UTF8.self)
        switch fileExtension {
        case "caf": return head == "caff"
        case "wav": return head == "RIFF" && form == "WAVE"
        case "aiff": return head == "FORM" && (form == "AIFF" || form == "AIFC")
        default: return false
        }
    }

    private enum DownloadError: Error {
        case noFile
        case status(Int)
        case size(Int)
        case notSound
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

    /// Delivers the notification with `sound`; later calls do nothing.
    func finish(with sound: UNNotificationSound) {
        lock.lock()
        let content = self.content
        let handler = self.handler
        let task = self.task
        self.content = nil
        self.handler = nil
        self.task = nil
        lock.unlock()

        guard let content, let handler else { return }
        task?.cancel()
        content.sound = sound
        handler(content)
    }
}
