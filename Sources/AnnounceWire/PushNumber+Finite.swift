import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
#if canImport(Darwin)
    import Foundation
#endif

extension PushNumber {
    /// A JSON number that is not a boolean, as a finite Double; nil for
    /// anything else.
    static func finite(_ value: Any) -> Double? {
        #if canImport(Darwin)
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
            let double = number.doubleValue
            return double.isFinite ? double : nil
        #else
            switch value {
            case is Bool: return nil
            case let number as Int: return Double(number)
            case let number as Int64: return Double(number)
            case let number as UInt64: return Double(number)
            case let number as Double: return number.isFinite ? number : nil
            default: return nil
            }
        #endif
    }
}
