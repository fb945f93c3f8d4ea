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

/// The push behind the app's "test announcement" button: built on the
/// phone, with no backend, and sent through the extension's own decisions
/// (``AnnouncePolicy/start(_:now:recent:folder:settings:timeZone:)``, then the file, then the
/// sound) to a local notification, so the merchant hears on the spot what a
/// payment would sound like with the phone's volume, ring switch and Focus.
///
/// Foundation and the wire contract only: the package compiles this file on
/// Linux and tests it.
enum TestAnnouncement {
    /// What marks a test in the banner's title.
    static let titleMark = "测试播报"

    /// `payload` (a push as the backend would send it) made a test: a fresh
    /// `announce-id` (`test-<seconds>-<number>`, never one of a payment, so
    /// never silenced as repeated), `announce-at` now (never late), and the
    /// alert's title marked. A payload without an alert gets one.
    static func push(from payload: [AnyHashable: Any], now: Date, number: Int) -> [AnyHashable: Any] {
        var push = payload
        var aps = payload["aps"] as? [String: Any] ?? [:]
        let (title, body) = alertText(aps["alert"])
        aps["alert"] = ["title": title.isEmpty ? titleMark : "\(titleMark) · \(title)", "body": body]
        push["aps"] = aps
        let seconds = Int(now.timeIntervalSince1970.rounded(.down))
        push[PushPayload.idKey] = "test-\(seconds)-\(number)"
        push[PushPayload.atKey] = seconds
        return push
    }

    /// The title and body of a push's alert, for the local notification.
    static func alert(of push: [AnyHashable: Any]) -> (title: String, body: String) {
        alertText((push["aps"] as? [String: Any])?["alert"])
    }

    /// An alert object's title and body, or a string alert as the body.
    private static func alertText(_ alert: Any?) -> (String, String) {
        if let text = alert as? String { return ("", text) }
        let object = alert as? [String: Any]
        return (object?["title"] as? String ?? "", object?["body"] as? String ?? "")
    }
}
