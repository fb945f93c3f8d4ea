import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the app sends its backend: the device token APNs addresses this
/// phone's pushes to, which APNs environment it belongs to, and how
/// announcements fare on the phone (the delivery counters and the settings
/// that keep them from being heard), so the backend knows when a till has
/// stopped announcing.
///
/// ```json
/// {"counters":{"downloaded":3},"device-token":"00ab…","environment":"sandbox","problems":["sounds-off"]}
/// ```
///
/// Foundation only: the package compiles this file on Linux and tests it.
struct DeviceReport: Sendable {
    /// The APNs environment the token is valid in: a development build's
    /// token is sandbox-only, an App Store or TestFlight build's production-only.
    enum Environment: String, Sendable {
        case sandbox
        case production
    }

    /// `didRegisterForRemoteNotificationsWithDeviceToken`'s token.
    var deviceToken: Data
    var environment: Environment
    var counts: [DeliveryCounters.Counter: Int]
    var problems: [NotificationHealth.Problem]

    /// The token as APNs' request path wants it: lowercase hex.
    static func hex(_ token: Data) -> String {
        token.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 0x10 ? "0" + hex : hex
        }.joined()
    }

    /// The report as one JSON object, keys sorted.
    func json() throws -> Data {
        try RecordJSON.bytes(
            Body(
                counters: DeliveryCounters.named(counts), deviceToken: Self.hex(deviceToken), environment: environment.rawValue,
                problems: problems.map(\.rawValue)))
    }

    /// The report's JSON object.
    private struct Body: Encodable {
        let counters: [String: Int]
        let deviceToken: String
        let environment: String
        let problems: [String]

        enum CodingKeys: String, CodingKey {
            case counters
            case deviceToken = "device-token"
            case environment
            case problems
        }
    }
}
