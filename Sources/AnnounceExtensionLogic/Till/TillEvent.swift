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

/// One line of a merchant's day: what happened to the phone, and when by
/// true time. The vocabulary of `announce till` and of the log the app keeps
/// (``TillLog``), one JSON object a line:
///
/// ```json
/// {"at": 1767225600, "event": "push", "service": "jpush", "channel": "apns", "payload": {…}}
/// {"at": 1767225605, "event": "app", "state": "active"}
/// {"at": 1767225610, "event": "ringer", "silent": true}
/// ```
///
/// Every line has `at` (true time, seconds since 1970) and `event`; the
/// other keys are the event's own, and a key an event does not know is
/// refused, as is a line whose `at` is before the line above it.
public struct TillEvent: Sendable {
    /// When it happened, by true time (seconds since 1970).
    public let at: Double
    /// What happened.
    public let kind: Kind

    /// The events.
    public enum Kind: Sendable {
        /// A push arrived: through APNs (and the extension), or through the
        /// service's own connection to the running app.
        case push(service: PushService, channel: Channel, payload: Payload)
        /// The app's state changed.
        case app(AppState)
        /// The merchant locked the phone.
        case lock
        /// The merchant unlocked it.
        case unlock
        /// The system would lock the screen now for idleness.
        case idle
        /// The ring switch.
        case ringer(silent: Bool)
        /// A Focus.
        case focus(on: Bool)
        /// The media volume, 0 to 1.
        case volume(media: Double)
        /// An audio interruption (a call, Siri, an alarm).
        case interruption(Interruption)
        /// The phone's clock is now `offset` seconds ahead of true time
        /// (negative: behind).
        case clock(offset: Double)
        /// The merchant's switches, as `announce-settings.json` holds them
        /// (`till-mode` among them), plus the phone's `time-sensitive`.
        case settings(Settings)
    }

    /// The app's state, as UIKit reports it (`killed`: not running).
    public enum AppState: String, Sendable, CaseIterable {
        case active, inactive, background, killed
    }

    /// How a push reached the phone.
    public enum Channel: String, Sendable, CaseIterable {
        /// Through APNs: the Notification Service Extension runs.
        case apns
        /// Through the push service's own connection to the running app
        /// (Getui's transmission message, Tencent Push's in-app channel).
        case vendor
    }

    /// A push as the service delivers it (`userInfo`).
    public struct Payload: @unchecked Sendable {
        /// The dictionary iOS makes of it.
        let userInfo: [AnyHashable: Any]
    }

    /// An audio interruption's phase.
    public struct Interruption: Equatable, Sendable {
        /// True when it began; false when it ended.
        public let began: Bool
        /// `AVAudioSessionInterruptionOptionShouldResume` on its end.
        public let shouldResume: Bool
        /// `AVAudioSessionInterruptionReasonAppWasSuspended`: reported late.
        public let appWasSuspended: Bool
    }

    /// The merchant's switches.
    public struct Settings: Equatable, Sendable {
        /// `announce-settings.json`'s keys (till mode's `till-mode` among
        /// them), as that file holds them.
        let file: Data
        /// Whether the app's time-sensitive notifications are allowed
        /// (they pass a Focus).
        public let timeSensitive: Bool
    }

    /// The event names, as lines spell them.
    public static let names = ["push", "app", "lock", "unlock", "idle", "ringer", "focus", "volume", "interruption", "clock", "settings"]

    /// The longest line read.
    public static let maximumLineBytes = 64 * 1024

    /// One line read strictly.
    /// - Throws: ``TillEventError``, one line naming the problem.
    public init(line bytes: [UInt8]) throws(TillEventError) {
        let members: [JSONLineParser.Member]
        do {
            members = try JSONLineParser(maximumLength: Self.maximumLineBytes).parseObject(bytes)
        } catch {
            throw TillEventError("not a JSON object: \(error.description)")
        }
        var fields = Fields(members)
        at = try fields.time()
        let name = try fields.string("event")
        switch name {
        case "push":
            let serviceName = try fields.string("service")
            guard let service = PushService(rawValue: serviceName) else {
                throw TillEventError("service is \(MessageText.quoted(serviceName)), not one of \(Self.list(PushService.allCases.map(\.rawValue)))")
            }
            let channelName = try fields.string("channel")
            guard let channel = Channel(rawValue: channelName) else {
                throw TillEventError("channel is \(MessageText.quoted(channelName)), not one of \(Self.list(Channel.allCases.map(\.rawValue)))")
            }
            guard case .object(let payload)? = fields.take("payload") else {
                throw TillEventError("payload must be the push as the service delivers it, a JSON object")
            }
            kind = .push(service: service, channel: channel, payload: Payload(userInfo: PushJSON.dictionary(payload)))
        case "app":
            let state = try fields.string("state")
            guard let value = AppState(rawValue: state) else {
                throw TillEventError("state is \(MessageText.quoted(state)), not one of \(Self.list(AppState.allCases.map(\.rawValue)))")
            }
            kind = .app(value)
        case "lock": kind = .lock
        case "unlock": kind = .unlock
        case "idle": kind = .idle
        case "ringer": kind = .ringer(silent: try fields.bool("silent"))
        case "focus": kind = .focus(on: try fields.bool("on"))
        case "volume":
            let media = try fields.number("media")
            guard (0...1).contains(media) else { throw TillEventError("media must be a volume from 0 to 1, not \(media)") }
            kind = .volume(media: media)
        case "interruption":
            let phase = try fields.string("phase")
            guard phase == "began" || phase == "ended" else {
                throw TillEventError("phase is \(MessageText.quoted(phase)), not one of began, ended")
            }
            let shouldResume = try fields.optionalBool("shouldResume") ?? false
            let reason = try fields.optionalString("reason") ?? "default"
            guard reason == "default" || reason == "appWasSuspended" else {
                throw TillEventError("reason is \(MessageText.quoted(reason)), not one of default, appWasSuspended")
            }
            kind = .interruption(Interruption(began: phase == "began", shouldResume: shouldResume, appWasSuspended: reason == "appWasSuspended"))
        case "clock":
            let offset = try fields.number("offset")
            guard abs(offset) <= 366 * 86_400 else { throw TillEventError("offset must be within a year of true time, not \(offset) s") }
            kind = .clock(offset: offset)
        case "settings":
            let timeSensitive = try fields.optionalBool("time-sensitive") ?? true
            // The rest is the settings file, as the app writes it: each key
            // one the file knows, each value one the phone uses.
            if let unknown = fields.rest.first(where: { !MerchantSettingsFile.keys.contains($0.key) }) {
                throw TillEventError("\(MessageText.quoted(unknown.key)) is not a field of the settings event")
            }
            let file = Data(Self.compact(.object(fields.rest)).utf8)
            switch MerchantSettingsFile.decode(file).status {
            case .read, .missing: break
            case .invalid(let keys):
                throw TillEventError("settings: \(keys.joined(separator: ", ")) not as announce-settings.json holds it (the phone would keep its default)")
            case .damaged, .unreadable:
                throw TillEventError("settings: not as announce-settings.json holds them")
            case .newerVersion:
                throw TillEventError("settings: a version newer than this phone reads")
            }
            kind = .settings(Settings(file: file, timeSensitive: timeSensitive))
            return
        default:
            throw TillEventError("event is \(MessageText.quoted(name)), not one of \(Self.list(Self.names))")
        }
        try fields.requireNoneLeft(event: name)
    }

    /// `names`, comma separated.
    public static func list(_ names: [String]) -> String { names.joined(separator: ", ") }

    /// `value` as compact JSON (numbers as written).
    static func compact(_ value: JSONLineParser.Value) -> String {
        var text = ""
        JSONObject.appendValue(value, to: &text)
        return text
    }

    /// A line's members, taken one by one.
    private struct Fields {
        private(set) var rest: [JSONLineParser.Member]

        init(_ members: [JSONLineParser.Member]) { rest = members }

        mutating func take(_ key: String) -> JSONLineParser.Value? {
            guard let index = rest.firstIndex(where: { $0.key == key }) else { return nil }
            return rest.remove(at: index).value
        }

        mutating func time() throws(TillEventError) -> Double {
            guard let value = take("at") else { throw TillEventError("at is missing: true time, seconds since 1970") }
            guard case .number(let text) = value else {
                throw TillEventError("at must be true time in seconds since 1970, not \(value.kindName)")
            }
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < 1e11 else {
                throw TillEventError("at must be true time in seconds since 1970, not \(MessageText.quoted(text))")
            }
            return seconds
        }

        mutating func string(_ key: String) throws(TillEventError) -> String {
            guard let text = try optionalString(key) else { throw TillEventError("\(key) is missing") }
            return text
        }

        mutating func optionalString(_ key: String) throws(TillEventError) -> String? {
            guard let value = take(key) else { return nil }
            guard case .string(let text) = value else { throw TillEventError("\(key) must be a string, not \(value.kindName)") }
            return text
        }

        mutating func bool(_ key: String) throws(TillEventError) -> Bool {
            guard let flag = try optionalBool(key) else { throw TillEventError("\(key) is missing") }
            return flag
        }

        mutating func optionalBool(_ key: String) throws(TillEventError) -> Bool? {
            guard let value = take(key) else { return nil }
            guard case .bool(let flag) = value else { throw TillEventError("\(key) must be true or false, not \(value.kindName)") }
            return flag
        }

        mutating func number(_ key: String) throws(TillEventError) -> Double {
            guard let value = take(key) else { throw TillEventError("\(key) is missing") }
            guard case .number(let text) = value else {
                throw TillEventError("\(key) must be a number, not \(value.kindName)")
            }
            guard let number = Double(text), number.isFinite else {
                throw TillEventError("\(key) must be a finite number, not \(MessageText.quoted(text))")
            }
            return number
        }

        func requireNoneLeft(event: String) throws(TillEventError) {
            guard let first = rest.first else { return }
            throw TillEventError("\(MessageText.quoted(first.key)) is not a field of the \(event) event")
        }
    }
}

/// Why a line of a day cannot be read: one line naming the problem.
public struct TillEventError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
