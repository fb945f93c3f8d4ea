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

struct CheckPush: ListsExitStatuses {
    static let exitStatuses: [ExitStatus] = [.success, .usage, .dataError, .noInput, .outputClosed]

    static let configuration = CommandConfiguration(
        commandName: "check-push",
        abstract: "Show what the iPhone does with a push, as its extension receives it, without an iPhone.",
        discussion: """
            FILE (or - for standard input) is one push as the Notification Service Extension receives it (request.content.userInfo as JSON), in the shape of any service: APNs (announce's own payload), JPush, Aliyun EMAS, Getui, Tencent Push or Umeng. The extension's own code reads it (PushFields), checks its id and age and chooses its sound (AnnouncePolicy), and renders its announce-message from the device voice pack (PackRendering), for a phone whose Library/Sounds holds no announcement yet. Printed: route (rendered: said from the pack; download: the server's file; as-sent: aps.sound as sent; fallback: the app's fallback sound; silent), sound, says (the text said), url, reason (why not rendered, silent or the fallback), service and id; with --json the same as one JSON object.

            Keys announce does not know are passed over. A push the phone refuses (over 4096 bytes, a field of the wrong type, a string that is not JSON where JSON is due, fields nested one level too deep, a field at the top level and in Getui's payload with different values), or whose announce-message cannot be read, gives one line naming the problem (with --json also an object with "error") and status 65.

            \(ExitStatus.help(exitStatuses))
            """)

    /// The longest file read; the push itself is refused over 4096 bytes.
    static let largestFile = 1 << 20

    @Argument(help: ArgumentHelp("The push as JSON, or - for standard input.", valueName: "file"))
    var file = "-"

    @Option(help: ArgumentHelp(
        "The device voice pack the app bundles (announce voice export); without it, a phone with no pack.", valueName: "file"))
    var pack: String?

    @Option(help: ArgumentHelp(
        "The service the push came through: \(Help.list(["auto"] + PushService.allCases.map(\.rawValue))); a push without that service's own keys is refused.",
        valueName: "service"))
    var service = "auto"

    @Option(help: ArgumentHelp(
        "The phone's clock, in whole seconds since 1970 (default: now), for the age check (120 s and the phone's 600 s clock tolerance) and quiet hours.",
        valueName: "seconds"))
    var now: Int?

    // Unconditional: `-300` is the offset, not an option.
    @Option(name: .customLong("clock-offset"), parsing: .unconditional, help: ArgumentHelp(
        "How many whole seconds the phone's clock is ahead of the server's (negative: behind), as its recent pushes show; a push is late past 120 s beyond it (default: 0).",
        valueName: "seconds"))
    var clockOffset: Int?

    @Option(help: ArgumentHelp(
        "The merchant's settings file as the app writes it in the App Group (announce-settings.json: announcements, this-phone-announces, quiet-hours, minimum-fen); default: none, which announces everything.",
        valueName: "file"))
    var settings: String?

    // Unconditional: `-05:30` is the offset, not an option.
    @Option(name: .customLong("utc-offset"), parsing: .unconditional, help: ArgumentHelp(
        "The phone's offset from UTC for quiet hours, as +08:00 or -05:30 (default: this machine's time zone).", valueName: "offset"))
    var utcOffset: String?

    @Option(name: .customLong("sound-host"), help: ArgumentHelp(
        "A host the extension downloads from (repeatable; default: the host of the push's announce-sound-url).", valueName: "host"))
    var soundHosts: [String] = []

    @Option(help: ArgumentHelp("A payment id the phone announced before (repeatable): a push with it is a redelivery.", valueName: "id"))
    var seen: [String] = []

    @Flag(help: "One JSON object.")
    var json = false

    func validate() throws {
        if service.lowercased() != "auto" && PushService(anyCase: service) == nil {
            let names = ["auto"] + PushService.allCases.map(\.rawValue)
            throw ValidationError("--service must be \(Help.list(names)), not '\(service)'\(Suggestion.note(to: service, among: names))")
        }
        if let now, now < 0 { throw ValidationError("--now must be whole seconds since 1970, not \(now)") }
        if settings == "-" { throw ValidationError("--settings takes a file; standard input is the push's") }
        if let clockOffset, abs(clockOffset) > 366 * 86_400 {
            throw ValidationError("--clock-offset must be within a year, not \(clockOffset) s")
        }
        if let utcOffset, Self.seconds(utcOffset: utcOffset) == nil {
            throw ValidationError("--utc-offset must be +HH:MM or -HH:MM within 14 hours, not '\(MessageText.escaped(utcOffset))'")
        }
    }

    func run() throws {
        let bytes = try Self.read(file)
        let devicePack = try pack.map(DevicePackFile.load)
        let fields: PushFields
        let detected: PushService
        do {
            fields = try PushFields(json: bytes)
            // The bytes parsed as an object just now.
            detected = PushService.detect(Self.keysOnly(bytes))
            if let expected = PushService(anyCase: service), !expected.accepts(detected) {
                throw CheckPushError(.otherService, "the push does not carry \(expected.displayName)'s own keys (it reads as \(detected.displayName)'s)")
            }
        } catch {
            if json {
                var object = JSONObject()
                object.add("error", ExitStatus.message(for: error))
                object.add("problem", (error as? PushArrivalError)?.kind.rawValue ?? "other-service")
                object.add("route", PushCheck.Route.fallback.rawValue)
                Console.write(object.line)
                Console.flush()
            }
            throw Console.fail(error)
        }
        let hosts = soundHosts.isEmpty ? PushCheck.host(of: fields.url) : Set(soundHosts.map { $0.lowercased() })
        let settingsFile = try settings.map { path in Data(try Self.read(path)) }
        let clock = now.map { Date(timeIntervalSince1970: Double($0)) } ?? Date()
        // Without --utc-offset, the machine's offset at that moment.
        let offset = utcOffset.flatMap(Self.seconds(utcOffset:)) ?? systemUTCOffset(at: clock.timeIntervalSince1970)
        let timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? .current
        let check = PushCheck(pack: devicePack, soundHosts: hosts, settingsFile: settingsFile, timeZone: timeZone)
        if let note = check.settingsNote { Console.error(note) }
        let decision = check.decide(fields, now: clock, seen: Set(seen), clockOffset: Double(clockOffset ?? 0))
        Console.write(json ? Self.jsonLine(decision, fields: fields, service: detected) : Self.text(decision, fields: fields, service: detected))
        Console.flush()
        if let problem = fields.messageProblem { throw Console.fail(problem) }
    }

    /// The bytes of `path` or of standard input (`-`), a file refused over
    /// `limit`; standard input is read until it passes `limit`, which the
    /// caller judges.
    static func read(_ path: String, limit: Int = largestFile) throws -> [UInt8] {
        if path == "-" { return try readStandardInput(limit: limit) }
        do {
            return try FileCheck.readRegularFile(path, limit: limit)
        } catch {
            throw Console.fail(CheckPushError(.unreadableFile, "\(MessageText.escaped(path)): \(error.reason)"))
        }
    }

    private static func readStandardInput(limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let result = retryingInterrupts { chunk.withUnsafeMutableBytes { systemRead(0, $0.baseAddress!, $0.count) } }
            guard case .success(let got) = result else {
                throw Console.fail(CheckPushError(.unreadableFile, "standard input cannot be read"))
            }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[..<got])
        }
        return bytes
    }

    /// The seconds east of UTC of `+HH:MM` or `-HH:MM` (at most 14 hours).
    static func seconds(utcOffset text: String) -> Int? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 6, scalars[0] == "+" || scalars[0] == "-", scalars[3] == ":",
              [1, 2, 4, 5].allSatisfy({ ("0"..."9").contains(scalars[$0]) }),
              let hours = Int(String(text.dropFirst().prefix(2))), let minutes = Int(String(text.suffix(2))),
              minutes < 60, hours * 60 + minutes <= 14 * 60
        else { return nil }
        return (scalars[0] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// The push's top-level keys, for telling the service: read from all of
    /// its text, which ``PushFields/init(json:)`` took (a push laid out on
    /// many lines may be longer than the compact JSON APNs measures).
    private static func keysOnly(_ bytes: [UInt8]) -> [AnyHashable: Any] {
        let members = (try? JSONLineParser(maximumLength: max(bytes.count, 1)).parseObject(bytes)) ?? []
        return Dictionary(members.map { (AnyHashable($0.key), $0.key as Any) }, uniquingKeysWith: { first, _ in first })
    }

    static func text(_ decision: PushCheck.Decision, fields: PushFields, service: PushService) -> String {
        var lines = ["route: \(decision.route.rawValue)"]
        if let sound = decision.sound { lines.append("sound: \(sound)") }
        if decision.isCritical {
            lines.append("critical: yes" + (fields.criticalVolume.map { " (volume \($0.shortDescription))" } ?? ""))
        }
        if let says = decision.says { lines.append("says: \(says)") }
        if let url = decision.url { lines.append("url: \(url)") }
        if let reason = decision.reason { lines.append("reason: \(reason)") }
        lines.append("service: \(service.rawValue)")
        if let id = fields.id { lines.append("id: \(MessageText.escaped(id))") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func jsonLine(_ decision: PushCheck.Decision, fields: PushFields, service: PushService) -> String {
        var object = JSONObject()
        object.add("critical", decision.isCritical)
        if let volume = fields.criticalVolume { object.add("criticalVolume", volume) }
        if let problem = fields.messageProblem { object.add("error", problem.description) }
        if let id = fields.id { object.add("id", id) }
        if let reason = decision.reason { object.add("reason", reason) }
        object.add("route", decision.route.rawValue)
        if let says = decision.says { object.add("says", says) }
        object.add("service", service.rawValue)
        if let sound = decision.sound { object.add("sound", sound) }
        if let url = decision.url { object.add("url", url) }
        return object.line
    }
}

/// Why `check-push` cannot check a push: one line.
typealias CheckPushError = AnnounceError<CheckPushFault>

/// The kinds of ``CheckPushError``.
enum CheckPushFault: ErrorKind {
    /// A push without the keys of the service `--service` names: rejected input.
    case otherService
    /// A push file that cannot be read: an input file (exit 66).
    case unreadableFile

    var category: ErrorCategory {
        switch self {
        case .otherService: .rejectedInput
        case .unreadableFile: .voice
        }
    }
}
