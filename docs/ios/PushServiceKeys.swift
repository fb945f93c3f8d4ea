import Foundation

/// The app's public keys from the service's console, as the app's own SDK
/// has them (never the secret the backend signs with).
enum PushServiceKeys {
    static let jpushAppKey = ""
    static let aliyunAppKey = ""
    static let aliyunAppSecret = ""
    static let tpnsAccessID: UInt32 = 0
    static let tpnsAccessKey = ""
    static let getuiAppID = ""
    static let getuiAppKey = ""
    static let getuiAppSecret = ""
    static let umengAppKey = ""
    /// Tencent Push's report domain for a cluster other than Guangzhou
    /// (`tpns.sh.tencent.com` for Shanghai; the console names yours); nil:
    /// the SDK's own.
    static let tpnsReportDomain: String? = nil
}
