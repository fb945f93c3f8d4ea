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

/// What one push was delivered with, and why: the extension's answer as the
/// notification, the counters and the log see it.
///
/// Foundation only: the package compiles this file on Linux and tests it.
enum DeliveryOutcome: Equatable, Sendable {
    /// announce's file, in the App Group's `Library/Sounds`.
    case announcement(String, Source)
    /// `aps.sound` as sent: a plain name iOS looks up itself.
    case asSent(String)
    /// No sound; the banner shows as sent.
    case silent(AnnouncePolicy.Silence)
    /// The fallback sound (the system's sound when the fallback is not
    /// installed where iOS looks).
    case fallback(Reason)

    /// Where announce's file came from.
    enum Source: Equatable, Sendable {
        /// Rendered on the phone from the bundled device voice pack.
        case rendered
        /// Already in `Library/Sounds`.
        case reused
        /// Downloaded for this push.
        case downloaded
    }

    /// Why a push gets the fallback sound.
    enum Reason: Equatable, Sendable {
        /// `aps.sound` is neither announce's name nor a plain one.
        case refusedName
        /// The App Group's `Library/Sounds` is not available.
        case noFolder
        /// No URL, or one the policy refuses.
        case refusedURL
        /// The push's announce fields could not be read as they arrived.
        case refusedPush
        /// The download or its checks failed (including a full or read-only container).
        case downloadFailed
        /// The system's time ran out first.
        case timedOut
    }

    /// What every delivery has before its work is done: the fallback. A
    /// delivery cut short is handed back with it (``ended(_:)`` says why).
    static let interim = DeliveryOutcome.fallback(.timedOut)

    /// The outcome of a policy choice that needs no further work; nil for
    /// ``AnnouncePolicy/Choice/installed(_:)`` and
    /// ``AnnouncePolicy/Choice/download(_:_:)``.
    init?(immediate choice: AnnouncePolicy.Choice) {
        switch choice {
        case .silent(let silence): self = .silent(silence)
        case .asSent(let name): self = .asSent(name)
        case .fallback(.refusedName): self = .fallback(.refusedName)
        case .fallback(.noFolder): self = .fallback(.noFolder)
        case .fallback(.refusedURL): self = .fallback(.refusedURL)
        case .fallback(.refusedPush): self = .fallback(.refusedPush)
        case .installed, .download: return nil
        }
    }

    /// The outcome as handed back after `ending`: a delivery cut short plays
    /// the fallback, counted under the reason it was cut short.
    func ended(_ ending: DeliveryEnding) -> DeliveryOutcome {
        switch (self, ending) {
        case (.fallback, .expired): return .fallback(.timedOut)
        default: return self
        }
    }

    /// The counter this outcome adds to.
    var counter: DeliveryCounters.Counter {
        switch self {
        case .announcement(_, .rendered): return .rendered
        case .announcement(_, .reused): return .reused
        case .announcement(_, .downloaded): return .downloaded
        case .asSent: return .asSent
        case .silent(.noSound): return .held
        case .silent(.repeated): return .repeated
        case .silent(.late): return .late
        case .silent(.merchant(.switchedOff)): return .switchedOff
        case .silent(.merchant(.otherPhone)): return .otherPhone
        case .silent(.merchant(.quietHours)): return .quietHours
        case .silent(.merchant(.belowMinimum)): return .belowMinimum
        case .fallback(.refusedName): return .fallbackRefusedName
        case .fallback(.noFolder): return .fallbackNoFolder
        case .fallback(.refusedURL): return .fallbackRefusedURL
        case .fallback(.refusedPush): return .fallbackRefusedPush
        case .fallback(.downloadFailed): return .fallbackDownloadFailed
        case .fallback(.timedOut): return .fallbackTimedOut
        }
    }

    /// The notification's sound: the file or name, none, or the fallback
    /// `fallback` when it is installed in the App Group's `Library/Sounds`
    /// (where iOS looks), else the system's sound.
    func sound(fallback: String, fallbackInstalled: Bool) -> DeliverySound {
        switch self {
        case .announcement(let name, _), .asSent(let name): return .named(name)
        case .silent: return .none
        case .fallback: return fallbackInstalled ? .named(fallback) : .systemDefault
        }
    }

    /// Whether the notification is handed back at the passive interruption
    /// level (`UNNotificationInterruptionLevel.passive`: it neither lights
    /// the screen nor breaks through a Focus): a payment the merchant's
    /// switches keep quiet, or one announced before. Otherwise the level
    /// stays as sent.
    var isPassive: Bool {
        switch self {
        case .silent(.merchant), .silent(.repeated): true
        default: false
        }
    }

    /// A line for the log: the kind and the counter, never the sound's name
    /// (which holds the amount).
    var logDescription: String {
        let kind = switch self {
        case .announcement: "announcement"
        case .asSent: "as sent"
        case .silent: "no sound"
        case .fallback: "fallback"
        }
        return "\(kind) (\(counter.rawValue))"
    }
}

/// The sound a notification is handed back with.
enum DeliverySound: Equatable, Sendable {
    /// None: the banner alone.
    case none
    /// A file iOS looks up by name (`UNNotificationSound(named:)`).
    case named(String)
    /// The system's sound (`UNNotificationSound.default`).
    case systemDefault
}
