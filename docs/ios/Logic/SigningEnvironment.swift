import Foundation

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
        guard let start = profile.range(of: Data("<?xml".utf8)),
              let end = profile.range(of: Data("</plist>".utf8), in: start.upperBound..<profile.endIndex)
        else { return nil }
        let plist = profile.subdata(in: start.lowerBound..<end.upperBound)
        guard let object = try? PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any],
              let entitlements = object["Entitlements"] as? [String: Any]
        else { return nil }
        return entitlements["aps-environment"] as? String
    }
}
