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

/// The extension's first route: the announcement rendered on the phone from
/// the device voice pack it bundles (`announce voice export`), with no
/// network. The push carries the message (`announce-message`); the pack
/// says it with the server's samples and name wherever the server joins at
/// natural speed. When the pack cannot say it (no message, a field the
/// phone cannot read, a word or an amount beyond the pack, a pack missing or
/// damaged, a folder that cannot be written), the extension goes on to the
/// server's file, then the fallback sound: never another amount.
///
/// Memory and time (`make bench` on a 2-core x86 server; a phone's time is
/// not measured here): the bundled voice's pack is 2.8 MB, mapped and read
/// on demand; loading it once per process (``load(_:)``: checksum and
/// index, about 19 ms) leaves 0.15 MB of the extension's own dirty memory
/// (the file's pages are clean), and rendering the longest payment peaks at
/// 1.25 MB above the baseline, each announcement taking about 0.1 to 0.6 ms,
/// its file at most 200 kB.
///
/// Foundation only: the package compiles this file on Linux and tests it.
struct PackRendering: Sendable {
    /// What rendering a push came to.
    enum Outcome: Equatable, Sendable {
        /// The announcement is in the folder under this name.
        case announced(String)
        /// The pack could not say it, and why (for the log; never the amount).
        case cannotSay(String)
    }

    /// The renderer of the bundled pack.
    let renderer: PackAnnouncer

    init(pack: DevicePack) {
        renderer = PackAnnouncer(pack: pack)
    }

    /// The pack at `url`, mapped rather than read into memory; nil with the
    /// reason when it is missing, damaged, or from another engine.
    static func load(_ url: URL?) -> Result<PackRendering, PackError> {
        guard let url else { return .failure(PackError(.damaged, "the extension's bundle holds no device voice pack")) }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            #if canImport(FoundationEssentials)
                // localizedDescription is the full Foundation's (the server's tests).
                let reason = String(describing: error)
            #else
                let reason = error.localizedDescription
            #endif
            return .failure(PackError(.damaged, "\(url.lastPathComponent): cannot be read (\(reason))"))
        }
        do {
            return .success(PackRendering(pack: try DevicePack(data: data, name: url.lastPathComponent)))
        } catch {
            return .failure(error)
        }
    }

    /// Renders the push's `announce-message` into `folder`, atomically,
    /// under the announcement's content name. A file already there under
    /// that name is used only if it holds exactly these bytes (`ExactFile`:
    /// never a link followed or a FIFO read; touched, so the cleanup counts
    /// its age from this use); any other is replaced.
    func announce(_ push: PushFields, in folder: AppGroupSounds) -> Outcome {
        guard let message = push.message else {
            return .cannotSay(push.messageProblem?.description ?? "the push has no \(PushMessage.key)")
        }
        let announcement: Announcement
        let bytes: [UInt8]
        do {
            announcement = try renderer.render(message)
            bytes = try announcement.fileBytes()
        } catch let error as PackError {
            return .cannotSay(Self.withoutAmount(error.kind))
        } catch {
            return .cannotSay("the pack's file cannot be written: \(error)")
        }
        let name = announcement.soundName
        // Touched when it can be; a file that cannot be is still announced.
        if ExactFile.holds(bytes, atPath: folder.url(of: name).path, touch: .bestEffort) {
            return .announced(name)
        }
        do {
            try folder.install(as: name, placing: { try Data(bytes).write(to: $0) })
            return .announced(name)
        } catch {
            return .cannotSay("cannot write into Library/Sounds: \(error)")
        }
    }

    /// Why the pack cannot say a message, without saying the message (the
    /// log must not hold amounts).
    static func withoutAmount(_ kind: PackError.Kind) -> String {
        switch kind {
        case .damaged: "the pack is damaged"
        case .otherVersion: "the pack is from another engine version"
        case .cannotSay: "the pack cannot say this message (a word, an amount or a length beyond it)"
        case .otherLanguage: "the message was made for a voice of another language than the pack's"
        }
    }
}
