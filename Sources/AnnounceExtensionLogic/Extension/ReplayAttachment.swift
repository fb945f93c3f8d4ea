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

/// The copy of an announcement that goes with the notification as an
/// attachment, so the merchant can play it again from the expanded
/// notification.
///
/// iOS *moves* an attachment's file into its own store once the extension
/// has finished, so the extension never attaches the file in
/// `Library/Sounds` itself (it would vanish from there, and the sound with
/// it): it attaches a copy in a folder of its own under the temporary folder.
///
/// Apple lists the audio types an attachment may have (AIFF, WAVE, MP3,
/// MPEG-4 audio) and a size limit of 5 MB. CAF and AIFF-C are not in that
/// list, so only WAV files and AIFF files whose header says `AIFF` are
/// attached (the format table's `OutputFormat.FileType.isAttachable`);
/// anything else is delivered without an attachment (the sound still plays).
///
/// Foundation and the wire contract only: the package compiles this file on
/// Linux and tests it.
enum ReplayAttachment {
    /// Apple's limit for audio attachments, 5 MB.
    static let maximumBytes = 5_000_000

    /// The type identifier to give iOS as `UNNotificationAttachmentOptionsTypeHintKey`
    /// for the file at `url`; nil when it must not be attached.
    static func typeHint(for url: URL) -> String? {
        guard let type = DownloadCheck.fileType(of: url, named: url.lastPathComponent), type.isAttachable else { return nil }
        return type.typeIdentifier
    }

    /// A copy of `sound` to attach, in a new folder under `temporaryRoot`,
    /// with the same name; nil when the file must not be attached (its type
    /// or size). The copy is for iOS to move away; if attaching fails, remove
    /// its folder with ``discard(_:)``.
    static func copy(of sound: URL, under temporaryRoot: URL) throws -> URL? {
        guard typeHint(for: sound) != nil else { return nil }
        let size = LockedRecordFile.regularFileSize(at: sound) ?? Int.max
        guard size > 0, size <= maximumBytes else { return nil }
        let folder = temporaryRoot.appendingPathComponent("announce-attachment-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(sound.lastPathComponent, isDirectory: false)
        do {
            try FileManager.default.copyItem(at: sound, to: copy)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return copy
    }

    /// Removes a copy that was not attached, and its folder.
    static func discard(_ copy: URL) {
        try? FileManager.default.removeItem(at: copy.deletingLastPathComponent())
    }
}
