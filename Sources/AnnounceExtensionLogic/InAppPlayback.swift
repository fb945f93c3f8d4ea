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

/// Announcements heard while the merchant's app is open, whatever the ring
/// switch and Focus say.
///
/// The ring switch mutes notification sounds, and with the app open a till
/// phone on silent would say nothing. So while the app is in the foreground
/// it plays the announcement itself, from the same file in the App Group's
/// `Library/Sounds`, with audio the switch does not mute (AVAudioPlayer under
/// the `.playback` category), and presents the notification without its
/// sound, so it is never heard twice.
///
/// The extension decides as always (repeats, late pushes, the merchant's
/// switches) and writes its answer into the notification it hands back
/// (``Delivered``, under ``key`` in `userInfo`); the app's
/// `userNotificationCenter(_:willPresent:…)` reads it and asks
/// ``presentation(of:seal:isInFolder:fallback:alreadyPlayed:)`` what to do. No answer (the
/// extension did not run, e.g. a push without `mutable-content`): the
/// notification is presented as delivered, with its sound.
///
/// Foundation and the wire contract only: the package compiles this file on
/// Linux and tests it.
enum InAppPlayback {
    /// The `userInfo` key of the extension's answer.
    static let key = "announce-delivered"

    /// The extension's answer, as the app reads it from the notification.
    struct Delivered: Equatable, Sendable {
        /// The sound iOS was told to play: announce's file, the name as
        /// sent, or the fallback's installed name; nil for none or the
        /// system's sound.
        var sound: String?
        /// The outcome's counter (``DeliveryCounters/Counter``), for the log.
        var counter: String
        /// The payment's `announce-id`, to play each payment once.
        var id: String?
        /// The install's ``AnswerSeal``: the app takes only an answer that
        /// carries it.
        var seal: String?

        init(sound: String?, counter: String, id: String?, seal: String?) {
            self.sound = sound
            self.counter = counter
            self.id = id
            self.seal = seal
        }

        /// The answer for `outcome` handed back with `sound`, sealed with `seal`.
        init(outcome: DeliveryOutcome, sound: DeliverySound, id: String?, seal: String?) {
            let name: String? = if case .named(let name) = sound { name } else { nil }
            self.init(sound: name, counter: outcome.counter.rawValue, id: id, seal: seal)
        }

        /// The answer in a notification's `userInfo`; nil when there is none,
        /// it is not one, or it does not carry `seal` (a key the push itself
        /// carried, the extension not having run). A sealed answer cannot name
        /// a file outside the folder either: only a name
        /// ``SoundName/delivery(of:)`` accepts is kept.
        init?(userInfo: [AnyHashable: Any], seal: String?) {
            guard let seal, let object = userInfo[InAppPlayback.key] as? [String: Any], object["seal"] as? String == seal,
                  let counter = object["counter"] as? String
            else { return nil }
            let sound = (object["sound"] as? String).flatMap { SoundName.delivery(of: $0) == .refused ? nil : $0 }
            let id = (object["id"] as? String).flatMap { (1...128).contains($0.utf8.count) ? $0 : nil }
            self.init(sound: sound, counter: counter, id: id, seal: seal)
        }

        /// The value to put under ``InAppPlayback/key`` in `userInfo`.
        var userInfoValue: [String: Any] {
            var object: [String: Any] = ["counter": counter]
            if let sound { object["sound"] = sound }
            if let id { object["id"] = id }
            if let seal { object["seal"] = seal }
            return object
        }
    }

    /// How the app presents a notification while it is open.
    enum Presentation: Equatable, Sendable {
        /// Banner, list and sound, as delivered: the app plays nothing.
        case asDelivered
        /// Banner and list without sound: nothing is to be said.
        case silent
        /// Banner and list without sound; the app plays this file of
        /// `Library/Sounds` (through ``PlaybackQueue``).
        case play(String)
    }

    /// How to present a notification whose `userInfo` is `userInfo`, taking
    /// only an answer sealed with `seal`.
    /// - Parameters:
    ///   - isInFolder: whether the App Group's `Library/Sounds` holds a
    ///     regular file of that name.
    ///   - fallback: the fallback's installed name.
    ///   - alreadyPlayed: whether the app has played that payment id already.
    static func presentation(
        of userInfo: [AnyHashable: Any], seal: String?, isInFolder: (String) -> Bool, fallback: String?,
        alreadyPlayed: (String) -> Bool = { _ in false }
    ) -> Presentation {
        presentation(of: Delivered(userInfo: userInfo, seal: seal), isInFolder: isInFolder, fallback: fallback, alreadyPlayed: alreadyPlayed)
    }

    /// How to present a notification with the extension's answer `delivered`
    /// (nil: none), as ``presentation(of:seal:isInFolder:fallback:alreadyPlayed:)``.
    static func presentation(
        of delivered: Delivered?, isInFolder: (String) -> Bool, fallback: String?, alreadyPlayed: (String) -> Bool = { _ in false }
    ) -> Presentation {
        guard let delivered else { return .asDelivered }
        guard let sound = delivered.sound else { return .silent }
        if let id = delivered.id, alreadyPlayed(id) { return .silent }
        // The file of the answer, or the fallback when it has gone since.
        if isInFolder(sound) { return .play(sound) }
        if SoundName.delivery(of: sound) == .announcement, let fallback, isInFolder(fallback) { return .play(fallback) }
        // Nothing the app can play (a plain name from the bundle, a folder
        // emptied): iOS plays what it can.
        return .asDelivered
    }
}
