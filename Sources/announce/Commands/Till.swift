import AnnounceServer
import AnnounceEngine
import AnnounceExtensionLogic
import AnnounceWire
import ArgumentParser

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct Till: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = [.success, .usage, .dataError, .noInput, .outputClosed]

    static let configuration = CommandConfiguration(
        commandName: "till",
        abstract: "Play a merchant's day: what the iPhone says of each payment, from a day of events.",
        discussion: """
            FILE (or - for standard input) holds one event a line, as JSON: every line has "at" (true time, seconds since 1970) and "event", one of \(TillEvent.list(TillEvent.names)):
              push: "service" (\(TillEvent.list(PushService.allCases.map(\.rawValue)))), "channel" (apns: through APNs and the extension; vendor: the service's own connection to the running app), "payload" (the push as the service delivers it);
              app: "state" (\(TillEvent.list(TillEvent.AppState.allCases.map(\.rawValue)))); lock, unlock; idle (the system would lock the screen for idleness);
              ringer: "silent"; focus: "on"; volume: "media" (0 to 1);
              interruption: "phase" (began, ended), "shouldResume", "reason" (default, appWasSuspended);
              clock: "offset" (the phone's clock minus true time, seconds);
              settings: the keys of announce-settings.json ("till-mode" among them), and "time-sensitive" (the phone allows time-sensitive notifications; true when absent).
            The events run through the phone's own decisions (the extension's policy and pack, the app's TillModel) and what iOS does between them. The day starts with the app killed, the ring switch on, no Focus, media volume 1, the clock right and the merchant's defaults (or --settings). Printed: one line per payment, in the order they arrived: id, amount, what was heard (in-app, notification, fallback, none), when (true time) and why; with --json one object a line with "id", "amount", "heard", "at", "arrived", "times" and "reason".

            A line that is not an event (not JSON, an unknown event or field, a wrong type, a time before the line above it) gets one line naming its number and the problem on standard error, nothing else, and the day goes on without it; the status is then 65.

            \(ExitStatus.help(exitStatuses))
            """)

    /// The longest day read.
    static let largestFile = 64 << 20

    @Argument(help: ArgumentHelp("The day's events, one JSON object a line, or - for standard input.", valueName: "file"))
    var file = "-"

    @Option(help: ArgumentHelp(
        "The device voice pack the app bundles (announce voice export); without it, every announcement is the server's download.",
        valueName: "file"))
    var pack: String?

    @Option(help: ArgumentHelp(
        "The merchant's settings file at the start of the day (announce-settings.json); a settings event replaces it.",
        valueName: "file"))
    var settings: String?

    // Unconditional: `-05:30` is the offset, not an option.
    @Option(name: .customLong("utc-offset"), parsing: .unconditional, help: ArgumentHelp(
        "The phone's offset from UTC for quiet hours, as +08:00 or -05:30 (default: +00:00).", valueName: "offset"))
    var utcOffset: String?

    @Option(name: .customLong("sound-host"), help: ArgumentHelp(
        "A host the extension downloads from (repeatable; default: the host of each push's announce-sound-url).", valueName: "host"))
    var soundHosts: [String] = []

    @Flag(help: "One JSON object a line.")
    var json = false

    func validate() throws {
        if settings == "-" { throw ValidationError("--settings takes a file; standard input is the day's") }
        for host in soundHosts where !Self.isHost(host) {
            throw ValidationError("--sound-host must be a host name (letters, digits, '.', '-'), not '\(MessageText.escaped(host))'")
        }
        if let utcOffset, CheckPush.seconds(utcOffset: utcOffset) == nil {
            throw ValidationError("--utc-offset must be +HH:MM or -HH:MM within 14 hours, not '\(MessageText.escaped(utcOffset))'")
        }
    }

    func run() throws {
        let devicePack = try pack.map(DevicePackFile.load)
        let settingsFile = try settings.map { path in Data(try CheckPush.read(path)) }
        let offset = utcOffset.flatMap(CheckPush.seconds(utcOffset:)) ?? 0
        let timeZone = TimeZone(secondsFromGMT: offset) ?? .current
        var day = TillDay(pack: devicePack, soundHosts: soundHosts.isEmpty ? nil : Set(soundHosts.map { $0.lowercased() }), timeZone: timeZone)
        if let settingsFile, let note = day.start(settingsFile: settingsFile) { Console.error(note) }
        var bytes = try Self.read(file)
        // A byte-order mark some editors write is no part of the first line.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var refused = false
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let text = line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : Array(line)
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            do {
                try day.play(try TillEvent(line: text))
            } catch {
                refused = true
                Console.error("line \(number): \(error.description)")
            }
        }
        day.finish()
        for payment in day.payments {
            Console.write(json ? Self.jsonLine(payment) : Self.text(payment))
        }
        Console.flush()
        if refused { throw Console.exit(.dataError) }
    }

    /// Whether `text` is a host name: 1 to 253 letters, digits, dots and hyphens.
    static func isHost(_ text: String) -> Bool {
        (1...253).contains(text.utf8.count)
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2E || $0 == 0x2D }
    }

    /// The day's bytes, from `path` or standard input, at most ``largestFile``.
    static func read(_ path: String) throws -> [UInt8] {
        let bytes = try CheckPush.read(path, limit: largestFile)
        guard bytes.count <= largestFile else {
            throw Console.fail(CheckPushError(.unreadableFile, "standard input is over \(largestFile >> 20) MiB"))
        }
        return bytes
    }

    static func text(_ payment: TillDay.Payment) -> String {
        let at = TillDay.seconds(payment.at)
        return "\(MessageText.escaped(payment.id))  \(payment.amount ?? "-")  \(payment.heard.rawValue)  at \(at)  \(payment.reason)\n"
    }

    static func jsonLine(_ payment: TillDay.Payment) -> String {
        var object = JSONObject()
        object.add("id", payment.id)
        if let amount = payment.amount { object.add("amount", amount) }
        object.add("heard", payment.heard.rawValue)
        object.add("at", TillDay.milliseconds(payment.at))
        object.add("arrived", TillDay.milliseconds(payment.arrived))
        object.add("times", payment.times)
        object.add("reason", payment.reason)
        return object.line
    }
}
