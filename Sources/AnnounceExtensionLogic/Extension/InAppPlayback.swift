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

/// The extension's answer, written into the notification it hands back, so
/// the app, when it is open, says the same file itself (``TillModel``).
///
/// The ring switch mutes notification sounds, and with the app open a till
/// phone on silent would say nothing. So while the app is in the foreground
/// it plays the announcement itself, from the same file in the App Group's
/// `Library/Sounds`, with audio the switch does not mute (AVAudioPlayer under
/// the `.playback` category), and presents the notification without its
/// sound, so it is never heard twice. The extension decides as always
/// (repeats, late pushes, the merchant's switches) and writes its answer
/// (``Delivered``, under ``key`` in `userInfo`); the app's `willPresent`
/// reads it and hands it to ``TillModel``. No answer (the extension did not
/// run, e.g. a push without `mutable-content`): the notification is
/// presented as delivered, with its sound.
///
/// Foundation and the wire contract only: the package compiles this file on
/// Linux and tests it.
enum InAppPlayback {
    /// The `userInfo` key of the extension's answer.
    static let key = "announce-delivered"

    /// The extension's answer, as the app reads it from the notification.
    struct Delivered: Equatable, Sendable {
        /// The file iOS was told to play: announce's file, the name as
        /// sent, or the fallback's installed name; nil for none or the
        /// system's sound.
        var sound: String?
        /// Whether iOS was told to play the system's sound (no fallback
        /// installed): a sound the app cannot play itself.
        var isSystemSound = false
        /// The outcome's counter (``DeliveryCounters/Counter``), for the log.
        var counter: String
        /// The payment's `announce-id`, to play each payment once.
        var id: String?
        /// The install's ``AnswerSeal``: the app takes only an answer that
        /// carries it.
        var seal: String?
        /// Whether the app itself posted this notification again, with the
        /// payment's own sound (``TillModel/Action/notify(id:sound:)``): it
        /// is presented as it is.
        var isHandOff = false
        /// How many seconds older than a fresh push it was when the
        /// extension decided (``AnnouncePolicy/Lateness/age``): the app says
        /// it only while it is younger than the policy's maximum age.
        var age: Double?
        /// The announcement's length in seconds, when the extension rendered it.
        var duration: Double?
        /// Of a fail-safe: how many seconds after it is due the payment is
        /// still in time (``TillModel/Action/schedule(id:sound:after:inTime:)``).
        var inTime: Double?

        init(
            sound: String?, counter: String, id: String?, seal: String?, isSystemSound: Bool = false, isHandOff: Bool = false,
            age: Double? = nil, duration: Double? = nil
        ) {
            self.sound = sound
            self.counter = counter
            self.id = id
            self.seal = seal
            self.isSystemSound = isSystemSound
            self.isHandOff = isHandOff
            self.age = age.flatMap { $0.isFinite ? $0 : nil }
            self.duration = duration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }

        /// The answer for `outcome` handed back with `sound`, sealed with `seal`.
        init(outcome: DeliveryOutcome, sound: DeliverySound, id: String?, seal: String?, age: Double? = nil) {
            let name: String? = if case .named(let name) = sound { name } else { nil }
            self.init(sound: name, counter: outcome.counter.rawValue, id: id, seal: seal, isSystemSound: sound == .systemDefault, age: age)
        }

        /// The answer of a payment the app posts again with `sound`; of a
        /// fail-safe, with how long the payment is in time once it is due.
        init(handOff sound: DeliverySound, id: String?, seal: String?, inTime: Double? = nil) {
            let name: String? = if case .named(let name) = sound { name } else { nil }
            self.init(
                sound: name, counter: DeliveryCounters.Counter.handedToNotification.rawValue, id: id, seal: seal,
                isSystemSound: sound == .systemDefault, isHandOff: true)
            self.inTime = inTime.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
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
            self.init(
                sound: sound, counter: counter, id: id, seal: seal, isSystemSound: object["system"] as? Bool == true,
                isHandOff: object["hand-off"] as? Bool == true, age: Self.number(object["age"]), duration: Self.number(object["duration"]))
            inTime = Self.number(object["in-time"]).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        }

        /// A number of the answer: a `Double`, or an `Int` as a whole one reads.
        private static func number(_ value: Any?) -> Double? {
            (value as? Double) ?? (value as? Int).map(Double.init)
        }

        /// The value to put under ``InAppPlayback/key`` in `userInfo`.
        var userInfoValue: [String: Any] {
            var object: [String: Any] = ["counter": counter]
            if let sound { object["sound"] = sound }
            if let id { object["id"] = id }
            if let seal { object["seal"] = seal }
            if isSystemSound { object["system"] = true }
            if isHandOff { object["hand-off"] = true }
            if let age { object["age"] = age }
            if let duration { object["duration"] = duration }
            if let inTime { object["in-time"] = inTime }
            return object
        }
    }
}
