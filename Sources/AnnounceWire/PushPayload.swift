import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

/// The `aps` object of an APNs push that has a Notification Service
/// Extension install and play an announcement: an alert whose body is the
/// phrase, the sound's name, and `mutable-content: 1` (without it iOS never
/// runs the extension). Reports carry it so a backend can send it as it is;
/// the file's URL, the payment's id and time, and the message for the phone
/// to render go beside it under ``urlKey``, ``idKey``, ``atKey`` and
/// ``PushMessage/key``. ``heldObject`` is the `aps` of a held payment of a
/// burst: the banner alone, no sound, no extension. The extension reads
/// what this writes with ``PushFields``.
public struct PushPayload: Equatable, Sendable {
    /// The custom top-level key of the push (a sibling of `aps`) that holds
    /// the sound file's URL, for the extension to download.
    public static let urlKey = "announce-sound-url"
    /// The alert's title when none is given.
    public static let defaultTitle = "收款通知"
    /// The custom key holding the payment's id, for the extension to
    /// recognise a push delivered twice.
    public static let idKey = "announce-id"
    /// The custom key holding when the payment was taken, in whole seconds
    /// since 1970, for the extension to recognise a late push.
    public static let atKey = "announce-at"
    /// The longest `announce-id`, in UTF-8 bytes (the extension ignores longer ones).
    public static let maximumIDBytes = 128
    /// APNs refuses payloads larger than this, in bytes.
    public static let apnsLimit = 4096

    /// The alert's title.
    public var title: String
    /// The alert's body: the phrase said.
    public var body: String
    /// The sound's file name in `Library/Sounds`.
    public var sound: String

    /// A payload whose alert has `title` and `body` (the phrase) and plays
    /// the sound named `sound`.
    public init(title: String = PushPayload.defaultTitle, body: String, sound: String) {
        self.title = title
        self.body = body
        self.sound = sound
    }

    /// `{"alert":{"body":…,"title":…},"mutable-content":1,"sound":…}`.
    package var object: JSONObject {
        var aps = heldObject
        aps.add("mutable-content", 1)
        aps.add("sound", sound)
        return aps
    }

    /// The `aps` of a held payment of a burst, `{"alert":{"body":…,"title":…}}`:
    /// no `sound`, so nothing is heard over the burst's announcement, and no
    /// `mutable-content`, so the extension does not run for it.
    package var heldObject: JSONObject {
        var alert = JSONObject()
        alert.add("body", body)
        alert.add("title", title)
        var aps = JSONObject()
        aps.add("alert", alert)
        return aps
    }

    /// The whole push payload as one line of JSON:
    /// `{"announce-at":…,"announce-id":…,"announce-message":{…},"announce-sound-url":…,"aps":{…}}`,
    /// with the held payment's `aps` and no message when `held` (the
    /// extension does not run for it).
    public func payload(url: String?, id: String? = nil, at: Int? = nil, message: PushMessage? = nil, held: Bool = false) -> String {
        var push = JSONObject()
        if let at { push.add(Self.atKey, at) }
        if let id { push.add(Self.idKey, id) }
        if let message, !held { push.add(PushMessage.key, message.object) }
        if let url { push.add(Self.urlKey, url) }
        push.add("aps", held ? heldObject : object)
        return String(push.line.dropLast())
    }

    /// Checks a payment id for `announce-id`: 1 to ``maximumIDBytes`` bytes,
    /// no control characters.
    public static func validate(id: String) -> String? {
        guard !id.isEmpty else { return "the payment id is empty" }
        guard !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return "the payment id contains a control character"
        }
        guard id.utf8.count <= maximumIDBytes else {
            return "the payment id is longer than \(maximumIDBytes) bytes (the push's announce-id)"
        }
        return nil
    }

    /// The URL of `sound` under `base` (`https://cdn.example.com/sounds`):
    /// the base without trailing slashes, `/`, and the name. Sound names are
    /// plain ASCII (``SoundName/validate(_:format:)``), so nothing needs escaping.
    public static func url(base: String, sound: String) -> String {
        var base = Substring(base)
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/" + sound
    }

    /// Checks a URL base given by a user: `https://` and a host, printable
    /// ASCII without blanks, quotes or `?#`, at most 512 bytes: the URLs the
    /// iOS extension downloads from (Sources/AnnounceExtensionLogic/Extension/AnnouncePolicy.swift),
    /// which App Transport Security and the extension hold to HTTPS.
    public static func validate(base: String) -> String? {
        guard base.utf8.count <= 512 else { return "the sound URL base is longer than 512 bytes" }
        guard base.hasPrefix("https://") else {
            return "the sound URL base must start with https:// (the iPhone downloads over HTTPS only)"
        }
        guard base.unicodeScalars.allSatisfy(isURLScalar) else {
            return "the sound URL base may only hold printable ASCII without blanks, quotes, '?' or '#'"
        }
        let host = base.drop { $0 != "/" }.dropFirst(2).prefix { $0 != "/" }
        guard !host.isEmpty else { return "the sound URL base names no host" }
        return nil
    }

    /// Whether `scalar` may stand in a sound URL: printable ASCII except
    /// blanks, quotes, `\`, `^`, `` ` ``, `{|}`, `<>`, `?` and `#`. The
    /// server's bases and the extension's downloads hold to it alike.
    public static func isURLScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && scalar.value > 0x20 && scalar.value < 0x7F && !"\"'<>\\^`{|}?#".unicodeScalars.contains(scalar)
    }
}
