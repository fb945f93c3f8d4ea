
/// What the iOS extension reads from a push (`request.content.userInfo`),
/// the fields ``PushPayload`` writes:
///
/// ```json
/// {"aps": {"alert": {…}, "sound": "announce-123.45-e6f65a95.caf", "mutable-content": 1},
///  "announce-sound-url": "https://sounds.example.com/announce-123.45-e6f65a95.caf",
///  "announce-id": "order-9", "announce-at": 1767225600,
///  "announce-message": {"amount": "123.45", "prefix": "alipay"}}
/// ```
///
/// Every field is optional; a field of the wrong type counts as absent.
public struct PushFields: Equatable, Sendable {
    /// `aps.sound` when it is a string; nil for a push sent without a sound
    /// (a held payment's silent banner).
    public var sound: String?
    /// ``PushPayload/urlKey``, where the sound can be downloaded.
    public var url: String?
    /// ``PushPayload/idKey``: the payment's id, the same for every delivery
    /// of it. An id longer than ``PushPayload/maximumIDBytes`` is not
    /// announce's (it refuses longer ones) and is ignored: no duplicate
    /// check for that push.
    public var id: String?
    /// ``PushPayload/atKey``: when the payment was taken, in seconds since 1970.
    public var at: Double?
    /// ``PushMessage/key``: the message, for the phone to render it.
    public var message: PushMessage?
    /// Why the push's message could not be read: a field of it missing or
    /// wrong (one line, for the extension's log); nil when there is none.
    public var messageProblem: MalformedPushMessage?

    public init(sound: String? = nil, url: String? = nil, id: String? = nil, at: Double? = nil, message: PushMessage? = nil) {
        self.sound = sound
        self.url = url
        self.id = id
        self.at = at
        self.message = message
    }

    /// Reads the fields from a push's user info dictionary.
    public init(userInfo: [AnyHashable: Any]) {
        let aps = userInfo["aps"] as? [AnyHashable: Any]
        sound = aps?["sound"] as? String
        url = userInfo[PushPayload.urlKey] as? String
        if let id = userInfo[PushPayload.idKey] as? String, !id.isEmpty, id.utf8.count <= PushPayload.maximumIDBytes {
            self.id = id
        }
        at = Self.seconds(userInfo[PushPayload.atKey])
        if let value = userInfo[PushMessage.key] {
            do {
                message = try PushMessage(fields: value)
            } catch {
                messageProblem = error
            }
        }
    }

    /// A JSON number as seconds: iOS hands numbers over as `NSNumber`, which
    /// converts to `Double`; a Swift `Int` (as in tests) does not, so both are read.
    private static func seconds(_ value: Any?) -> Double? {
        switch value {
        case let number as Int: return Double(number)
        case let number as Int64: return Double(number)
        case let number as Double: return number.isFinite ? number : nil
        default: return nil
        }
    }
}
