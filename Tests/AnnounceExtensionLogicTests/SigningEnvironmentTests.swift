@testable import AnnounceExtensionLogic
import Foundation
import Testing

/// The APNs environment comes from the provisioning profile the app was
/// signed with, not from the build configuration.
@Suite struct SigningEnvironmentTests {
    /// A profile as Xcode embeds it: a signed message (binary) around the
    /// property list.
    static func profile(apsEnvironment: String?) -> Data {
        var entitlements = "<key>application-identifier</key><string>TEAM.com.example.merchant</string>"
        if let apsEnvironment { entitlements += "<key>aps-environment</key><string>\(apsEnvironment)</string>" }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>AppIDName</key><string>Merchant</string>
            <key>Entitlements</key><dict>\(entitlements)</dict><key>Name</key><string>iOS Team Provisioning Profile</string></dict></plist>
            """
        return Data([0x30, 0x82, 0x4F, 0x10, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02, 0xA0, 0x00])
            + Data(plist.utf8) + Data([0xA0, 0x82, 0x0D, 0x3C, 0x00, 0xFF, 0x3C, 0x2F])
    }

    @Test func aDevelopmentProfileMeansTheSandbox() {
        #expect(SigningEnvironment.apsEnvironment(in: Self.profile(apsEnvironment: "development")) == "development")
        #expect(SigningEnvironment.environment(profile: Self.profile(apsEnvironment: "development")) == .sandbox)
    }

    @Test func aDistributionProfileOrNoneMeansProduction() {
        #expect(SigningEnvironment.environment(profile: Self.profile(apsEnvironment: "production")) == .production)
        // The App Store's builds carry no profile.
        #expect(SigningEnvironment.environment(profile: nil) == .production)
    }

    @Test func aProfileWithoutTheEntitlementOrDamagedMeansProduction() {
        #expect(SigningEnvironment.apsEnvironment(in: Self.profile(apsEnvironment: nil)) == nil)
        #expect(SigningEnvironment.environment(profile: Self.profile(apsEnvironment: nil)) == .production)
        let cut = Self.profile(apsEnvironment: "development").prefix(200)
        #expect(SigningEnvironment.environment(profile: Data(cut)) == .production)
        #expect(SigningEnvironment.environment(profile: Data("</plist><?xml".utf8)) == .production)
        #expect(SigningEnvironment.environment(profile: Data()) == .production)
    }
}
