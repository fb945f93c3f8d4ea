import AVFoundation
import Foundation

/// The app's own player of announcements while it is open, so a till phone
/// on silent or in a Focus still says the amount: the ring switch mutes
/// notification sounds, not audio an app plays under the `.playback`
/// category.
///
/// One payment after another (``PlaybackQueue``), from the same file the
/// extension put into the App Group's `Library/Sounds`, each payment once,
/// other audio ducked while it speaks. `AppDelegate`'s `willPresent`
/// presents the notification without its sound when this plays it
/// (``InAppPlayback``). Main thread only.
@MainActor
final class InAppPlayer: NSObject, AVAudioPlayerDelegate {
    static let shared = InAppPlayer()

    private var queue = PlaybackQueue()
    private var player: AVAudioPlayer?

    override init() {
        super.init()
        // A call, Siri or an alarm interrupts the session, and a begun
        // interruption may never end (Apple's AVAudioSession.interruptionNotification):
        // the file being said is given up so the next payment is not left
        // waiting behind it.
        NotificationCenter.default.addObserver(
            forName: AVAudioSession.interruptionNotification, object: AVAudioSession.sharedInstance(), queue: .main
        ) { note in
            guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
                  AVAudioSession.InterruptionType(rawValue: raw) == .began
            else { return }
            MainActor.assumeIsolated { InAppPlayer.shared.giveUp() }
        }
    }

    /// How to present a notification with the extension's answer
    /// `delivered` (nil: none) now that the app is in the foreground; queues
    /// its file when the app plays it.
    func present(_ delivered: InAppPlayback.Delivered?) -> InAppPlayback.Presentation {
        let folder = AnnounceConfiguration.soundFolder()
        let presentation = InAppPlayback.presentation(
            of: delivered, isInFolder: { folder?.hasFile(named: $0) ?? false }, fallback: AnnounceConfiguration.fallbackSoundName,
            alreadyPlayed: queue.hasPlayed)
        guard case .play(let name) = presentation else { return presentation }
        if let id = delivered?.id { _ = queue.claim(id) }
        // A burst beyond the queue's bound keeps the notification's own sound.
        guard let events = queue.add(name, resolve: resolve) else { return .asDelivered }
        carryOut(events)
        return presentation
    }

    private func resolve(_ name: String) -> PlaybackQueue.Event {
        let folder = AnnounceConfiguration.soundFolder()
        return PlaybackQueue.resolve(name, fallback: AnnounceConfiguration.fallbackSoundName, isInFolder: { folder?.hasFile(named: $0) ?? false })
    }

    /// Counts each event and starts the file to play, if any.
    private func carryOut(_ events: [PlaybackQueue.Event]) {
        for event in events {
            switch event {
            case .skip(let counter):
                try? AnnounceConfiguration.counters?.record(counter)
            case .play(let name, let counter):
                try? AnnounceConfiguration.counters?.record(counter)
                if !start(name) { carryOut(queue.finished(resolve: resolve)) }
            }
        }
    }

    /// Plays `name` from `Library/Sounds`; false when it cannot start.
    private func start(_ name: String) -> Bool {
        guard let url = AnnounceConfiguration.soundFolder()?.url(of: name) else { return false }
        do {
            let session = AVAudioSession.sharedInstance()
            // .playback: not muted by the ring switch. .voicePrompt is
            // Apple's mode for short spoken prompts, with duckOthers (music
            // or a video lowered while the amount is said) and
            // interruptSpokenAudioAndMixWithOthers (a podcast paused).
            try session.setCategory(.playback, mode: .voicePrompt, options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers])
            try session.setActive(true)
            let player = try AVAudioPlayer(contentsOf: url)
            player.delegate = self
            self.player = player
            guard player.play() else { return false }
            // Should the player never report its end, the queue moves on
            // shortly after the file's length.
            DispatchQueue.main.asyncAfter(deadline: .now() + player.duration + 2) { [weak player] in
                MainActor.assumeIsolated {
                    guard let player, InAppPlayer.shared.player === player else { return }
                    InAppPlayer.shared.giveUp()
                }
            }
            return true
        } catch {
            AnnounceConfiguration.log.error("in-app playback failed: \(String(describing: error), privacy: .public)")
            return false
        }
    }

    nonisolated func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
        Task { @MainActor in self.next() }
    }

    nonisolated func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: Error?) {
        Task { @MainActor in self.next() }
    }

    /// The file being said cannot finish (an interruption, or no end
    /// reported): stopped, and the next one started.
    private func giveUp() {
        guard let current = player else { return }
        current.delegate = nil
        current.stop()
        next()
    }

    /// The file ended: the next one, or the session handed back to others.
    private func next() {
        player = nil
        carryOut(queue.finished(resolve: resolve))
        if !queue.isPlaying {
            try? AVAudioSession.sharedInstance().setActive(false, options: [.notifyOthersOnDeactivation])
        }
    }
}
