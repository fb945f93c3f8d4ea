import AnnounceCore

/// The `aps` object of an APNs push that has a Notification Service
/// Extension install and play an announcement: an alert whose body is the
/// phrase, the sound's name, and `mutable-content: 1` (without it iOS never
/// runs the extension). Reports carry it so a backend can send it as it is;
/// the file's URL goes beside it under ``urlKey``.
package struct PushPayload: Equatable, Sendable {
    /// The custom top-level key of the push (a sibling of `aps`) that holds
    /// the sound file's URL, for the extension to download.
    package static let urlKey = "announce-sound-url"
    /// The alert's title when none is given.
    package static let defaultTitle = "收款通知"
    /// APNs refuses payloads larger than this, in bytes.
    package static let apnsLimit = 4096

    /// The alert's title.
    package var title: String
    /// The alert's body: the phrase said.
    package var body: String
    /// The sound's file name in `Library/Sounds`.
    package var sound: String

    /// A payload whose alert has `title` and `body` (the phrase) and plays
    /// the sound named `sound`.
    package init(title: String = PushPayload.defaultTitle, body: String, sound: String) {
        self.title = title
        self.body = body
        self.sound = sound
    }

    /// `{"alert":{"body":…,"title":…},"mutable-content":1,"sound":…}`.
    package var object: JSONObject {
        var alert = JSONObject()
        alert.add("body", body)
        alert.add("title", title)
        var aps = JSONObject()
        aps.add("alert", alert)
        aps.add("mutable-content", 1)
        aps.add("sound", sound)
        return aps
    }

    /// The whole push payload as one line of JSON: `{"announce-sound-url":…,"aps":{…}}`.
    package func payload(url: String?) -> String {
        var push = JSONObject()
        if let url { push.add(Self.urlKey, url) }
        push.add("aps", object)
        return String(push.line.dropLast())
    }

    /// The URL of `sound` under `base` (`https://cdn.example.com/sounds`):
    /// the base without trailing slashes, `/`, and the name. Sound names are
    /// plain ASCII (``SoundName/validate(_:format:)``), so nothing needs escaping.
    package static func url(base: String, sound: String) -> String {
        var base = Substring(base)
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/" + sound
    }

    /// Checks a URL base given by a user: `https://` (or `http://`) and a
    /// host, printable ASCII without blanks, quotes or `?#`, at most 512 bytes.
    package static func validate(base: String) -> String? {
        guard base.utf8.count <= 512 else { return "the sound URL base is longer than 512 bytes" }
        guard base.hasPrefix("https://") || base.hasPrefix("http://") else {
            return "the sound URL base must start with https:// (or http://)"
        }
        guard base.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"\"'<>\\^`{|}?#".unicodeScalars.contains($0) }) else {
            return "the sound URL base may only hold printable ASCII without blanks, quotes, '?' or '#'"
        }
        let host = base.drop { $0 != "/" }.dropFirst(2).prefix { $0 != "/" }
        guard !host.isEmpty else { return "the sound URL base names no host" }
        return nil
    }
}
