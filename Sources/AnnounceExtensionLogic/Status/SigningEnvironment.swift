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

/// The APNs environment the app's device token belongs to, read from what
/// the app was signed with rather than from the build configuration: a
/// Release build run from Xcode is signed for development and gets a
/// sandbox token, a Debug build exported ad hoc a production one.
///
/// Xcode sets the `aps-environment` entitlement from the provisioning profile
/// it signs with (`development` or `production`), and a build signed with a
/// profile carries it as `embedded.mobileprovision` in the app bundle: a
/// signed message around a property list whose `Entitlements` hold
/// `aps-environment`. A build from the App Store has no embedded profile and
/// its token is production's; so has one with a profile that is missing or
/// cannot be read, because production is what every shipped app uses.
///
/// Foundation only: the package compiles this file on Linux and tests it.
enum SigningEnvironment {
    /// The environment for the bytes of `embedded.mobileprovision`; nil
    /// bytes (no profile, as from the App Store) give production.
    static func environment(profile: Data?) -> DeviceReport.Environment {
        guard let profile, let value = apsEnvironment(in: profile) else { return .production }
        return value == "development" ? .sandbox : .production
    }

    /// The `aps-environment` entitlement of a provisioning profile's bytes;
    /// nil when there is no property list or no such entitlement.
    static func apsEnvironment(in profile: Data) -> String? {
        let bytes = [UInt8](profile)
        guard let start = firstIndex(of: Array("<?xml".utf8), in: bytes, from: 0),
              let end = firstIndex(of: Array("</plist>".utf8), in: bytes, from: start + 5)
        else { return nil }
        let plist = Data(bytes[start..<(end + "</plist>".utf8.count)])
        return (try? PropertyListDecoder().decode(Profile.self, from: plist))?.entitlements?.apsEnvironment
    }

    /// Where `needle` first starts in `bytes` at or after `from`.
    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
        return (from...(bytes.count - needle.count)).first { start in bytes[start..<(start + needle.count)].elementsEqual(needle) }
    }

    /// What a profile's property list holds that matters here; everything
    /// else in it is passed over. A value of another type than these reads
    /// as no profile.
    private struct Profile: Decodable {
        struct Entitlements: Decodable {
            let apsEnvironment: String?

            enum CodingKeys: String, CodingKey {
                case apsEnvironment = "aps-environment"
            }
        }

        let entitlements: Entitlements?

        enum CodingKeys: String, CodingKey {
            case entitlements = "Entitlements"
        }
    }
}
