import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice


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
/// A push sent through another service arrives in that service's shape
/// (``PushService``): the fields at the top level beside the service's own
/// keys, values it turned into strings (`announce-message` as a JSON
/// string, `announce-at` as `"1767225600"`), or inside Getui's `payload`
/// string. Every shape is read the same way, strictly: a push whose fields
/// are of the wrong type, not JSON where JSON is due, nested one level too
/// deep, given twice with different values, or over 4096 bytes is refused
/// with a ``PushArrivalError`` (``init(reading:)``, ``init(json:)``), and
/// ``init(userInfo:)`` keeps only `aps` and the reason
/// (``arrivalProblem``), so the extension takes the fallback and never
/// another amount. Keys announce does not know are passed over.
public struct PushFields: Equatable, Sendable {
    /// `aps.sound`: the string, or the `name` of a critical sound's
    /// dictionary; nil for a push sent without a sound (a held payment's
    /// silent banner).
    public var sound: String?
    /// Whether `aps.sound` is a critical sound's dictionary with
    /// `"critical": 1` (played through Focus and the ring switch, with the
    /// entitlement Apple grants on request).
    public var isCritical = false
    /// The critical sound's `volume`, 0 to 1, when it gives one.
    public var criticalVolume: Double?
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
    /// Why the push was refused as it arrived (``init(userInfo:)`` only):
    /// then only `aps` was read, and the extension takes the fallback.
    public var arrivalProblem: PushArrivalError?

    /// Whether the push asks for a sound: it names one in `aps.sound`, or
    /// it carries ``PushMessage/key`` without one (a service's own or custom
    /// message, which GTSDK, JPush and Aliyun hand the app without `aps`:
    /// rendered from the pack and said like any other). A held payment of a
    /// burst has neither (``PushPayload/payload(url:id:at:message:held:)``
    /// leaves its message out). Only a push that asks for a sound claims its
    /// `announce-id`.
    public var asksForSound: Bool {
        sound != nil || message != nil || messageProblem != nil
    }

    public init(sound: String? = nil, url: String? = nil, id: String? = nil, at: Double? = nil, message: PushMessage? = nil) {
        self.sound = sound
        self.url = url
        self.id = id
        self.at = at
        self.message = message
    }

    /// Reads the fields from a push's user info dictionary, in any
    /// service's shape. A refused push (``init(reading:)``) keeps `aps`'s
    /// sound alone, with the reason in ``arrivalProblem``.
    public init(userInfo: [AnyHashable: Any]) {
        do {
            self = try PushArrival.read(userInfo)
        } catch {
            self.init()
            var aps = PushFields()
            if let sound = (userInfo["aps"] as? [AnyHashable: Any])?["sound"] {
                // The sound alone, as far as it can be read.
                let alone: [AnyHashable: Any] = ["aps": ["sound": sound] as [AnyHashable: Any]]
                aps = (try? PushArrival.read(alone)) ?? PushFields()
            }
            sound = aps.sound
            isCritical = aps.isCritical
            criticalVolume = aps.criticalVolume
            arrivalProblem = error
        }
    }

    /// Reads the fields from a push's user info dictionary, refusing a push
    /// whose fields cannot be read as they arrived.
    /// - Throws: ``PushArrivalError``, one line naming the field.
    public init(reading userInfo: [AnyHashable: Any]) throws(PushArrivalError) {
        self = try PushArrival.read(userInfo)
    }

    /// Reads the fields from a push's JSON text, as a backend or a service
    /// console shows it: one object of at most ``PushPayload/apnsLimit``
    /// bytes, no key twice.
    /// - Throws: ``PushArrivalError``, one line naming the problem.
    public init(json bytes: [UInt8]) throws(PushArrivalError) {
        self = try PushArrival.read(json: bytes)
    }
}
