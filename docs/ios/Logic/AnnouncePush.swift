import Foundation

/// What the extension reads from a push (`request.content.userInfo`):
///
/// ```json
/// {"aps": {"alert": {…}, "sound": "announce-123.45-e6f65a95.caf", "mutable-content": 1},
///  "announce-sound-url": "https://sounds.example.com/announce-123.45-e6f65a95.caf",
///  "announce-id": "order-9", "announce-at": 1767225600}
/// ```
///
/// Every field is optional; a field of the wrong type counts as absent.
/// Foundation only: the package compiles this file on Linux and tests it.
struct AnnouncePush: Equatable, Sendable {
    /// The custom top-level keys, siblings of `aps`, as announce writes them.
    static let urlKey = "announce-sound-url"
    static let idKey = "announce-id"
    static let atKey = "announce-at"
    /// An id longer than this many UTF-8 bytes is not announce's (announce
    /// refuses longer ones) and is ignored: no duplicate check for that push.
    static let maximumIDBytes = 128

    /// `aps.sound` when it is a string; nil for a push sent without a sound
    /// (a held payment's silent banner).
    var sound: String?
    /// `announce-sound-url`.
    var url: String?
    /// `announce-id`: the payment's id, the same for every delivery of it.
    var id: String?
    /// `announce-at`: when the payment was taken, in seconds since 1970.
    var at: Double?

    init(sound: String? = nil, url: String? = nil, id: String? = nil, at: Double? = nil) {
        self.sound = sound
        self.url = url
        self.id = id
        self.at = at
    }

    /// Reads the fields from a push's user info dictionary.
    init(userInfo: [AnyHashable: Any]) {
        let aps = userInfo["aps"] as? [AnyHashable: Any]
        sound = aps?["sound"] as? String
        url = userInfo[Self.urlKey] as? String
        if let id = userInfo[Self.idKey] as? String, !id.isEmpty, id.utf8.count <= Self.maximumIDBytes {
            self.id = id
        }
        at = Self.seconds(userInfo[Self.atKey])
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
