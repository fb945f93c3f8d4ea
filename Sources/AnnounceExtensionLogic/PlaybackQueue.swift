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

/// The app's one serial player of announcements while it is open: one
/// payment after another, in the order their notifications were presented,
/// never two at once, each payment once.
///
/// A value, changed on the main thread by the app's player
/// (`InAppPlayer`), which carries out the events it returns. Whether a file
/// is still there is asked when its turn comes, not when it is queued: a
/// file deleted in between (cleanup, the merchant clearing storage) plays
/// the fallback, counted; with no fallback either, nothing, counted.
///
/// Foundation only: the package compiles this file on Linux and tests it.
struct PlaybackQueue: Sendable {
    /// What the player is to do.
    enum Event: Equatable, Sendable {
        /// Play this file of `Library/Sounds` now; count `counter`.
        case play(String, DeliveryCounters.Counter)
        /// Nothing to play for a queued payment; count `counter`.
        case skip(DeliveryCounters.Counter)
    }

    /// How many payment ids are remembered as played.
    static let remembered = 256
    /// The most announcements waiting; later ones are presented with their
    /// own sound instead (``add(_:resolve:)`` says so).
    static let maximumWaiting = 32

    /// Whether a file is playing.
    private(set) var isPlaying = false
    /// The files waiting, in order.
    private(set) var waiting: [String] = []
    private var played: [String] = []

    init() {}

    /// Whether the payment `id` was played before; records it when not.
    mutating func claim(_ id: String) -> Bool {
        if played.contains(id) { return false }
        played.append(id)
        if played.count > Self.remembered { played.removeFirst(played.count - Self.remembered) }
        return true
    }

    /// Whether `id` was claimed before.
    func hasPlayed(_ id: String) -> Bool { played.contains(id) }

    /// Queues `name`; when nothing plays, starts it (or the next that can
    /// be played). Nil, queuing nothing, when ``maximumWaiting`` files wait.
    mutating func add(_ name: String, resolve: (String) -> Event) -> [Event]? {
        guard waiting.count < Self.maximumWaiting else { return nil }
        waiting.append(name)
        return isPlaying ? [] : startNext(resolve)
    }

    /// The playing file ended (or could not start): the next one's events.
    mutating func finished(resolve: (String) -> Event) -> [Event] {
        isPlaying = false
        return startNext(resolve)
    }

    /// The event for `name` when its turn comes: the file when it is in the
    /// folder, else the fallback (`fallback`, when in the folder), else nothing.
    static func resolve(_ name: String, fallback: String?, isInFolder: (String) -> Bool) -> Event {
        if isInFolder(name) { return .play(name, .playedInApp) }
        if let fallback, isInFolder(fallback) { return .play(fallback, .inAppFallback) }
        return .skip(.inAppNoFile)
    }

    private mutating func startNext(_ resolve: (String) -> Event) -> [Event] {
        var events: [Event] = []
        while !waiting.isEmpty {
            let event = resolve(waiting.removeFirst())
            events.append(event)
            if case .play = event {
                isPlaying = true
                break
            }
        }
        return events
    }
}
