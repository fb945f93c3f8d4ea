import AnnounceCore

#if canImport(Darwin)
    import Foundation
#endif

/// JSON values as a push's `userInfo` holds them: what the strict parser
/// reads, turned into the dictionary iOS makes of a push (objects as
/// `[AnyHashable: Any]`, numbers as `Int` or `Double`), and the kind of a
/// value for messages.
enum PushJSON {
    /// `null` in a dictionary made here (iOS uses `NSNull`).
    struct Null: Sendable {}

    /// The object `members` as iOS hands a push over.
    static func dictionary(_ members: [JSONLineParser.Member]) -> [AnyHashable: Any] {
        var dictionary: [AnyHashable: Any] = [:]
        for member in members { dictionary[member.key] = value(member.value) }
        return dictionary
    }

    static func value(_ value: JSONLineParser.Value) -> Any {
        switch value {
        case .null: Null()
        case .bool(let flag): flag
        // The parser checked the grammar: a whole number that does not fit
        // an Int, or any other, reads as a Double.
        case .number(let text): Int(text) ?? Double(text) ?? Double.nan
        case .string(let text): text
        case .array(let elements): elements.map(Self.value)
        case .object(let members): dictionary(members)
        }
    }

    /// `text` as a JSON object if it is one; nil otherwise.
    static func objectIfJSON(_ text: String) -> [AnyHashable: Any]? {
        guard text.utf8.first(where: { !isBlank($0) }) == UInt8(ascii: "{"),
              let members = try? JSONLineParser(maximumLength: PushPayload.apnsLimit).parseObject(text)
        else { return nil }
        return dictionary(members)
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// What kind of value this is, for messages: `a number`, `an object`.
    static func kind(of value: Any) -> String {
        if value is String { return "a string" }
        if value is [AnyHashable: Any] { return "an object" }
        if value is [Any] { return "an array" }
        if PushNumber.boolean(value) != nil { return "a boolean" }
        if PushNumber.finite(value) != nil { return "a number" }
        return "null"
    }
}

/// The size of a push as compact JSON, the measure APNs's limit applies to.
enum PushArrivalSize {
    /// The bytes of `value` written as compact JSON (UTF-8, escaping only
    /// what JSON requires), each number counted as one byte: `1e9`, three
    /// bytes as sent, reaches the extension as 1000000000, so a push APNs
    /// delivered is never counted over its limit. Nesting deeper than 64
    /// counts as over any limit.
    static func bytes(of value: Any, depth: Int = 0) -> Int {
        guard depth <= 64 else { return Int.max / 2 }
        if let text = value as? String { return string(text) }
        if let object = value as? [AnyHashable: Any] {
            var total = 2 + max(0, object.count - 1)
            for (key, member) in object {
                total += string((key as? String) ?? String(describing: key)) + 1 + bytes(of: member, depth: depth + 1)
                if total > Int.max / 4 { return total }
            }
            return total
        }
        if let array = value as? [Any] {
            var total = 2 + max(0, array.count - 1)
            for element in array {
                total += bytes(of: element, depth: depth + 1)
                if total > Int.max / 4 { return total }
            }
            return total
        }
        if let flag = PushNumber.boolean(value) { return flag ? 4 : 5 }
        if PushNumber.finite(value) != nil { return 1 }
        // null, and anything a JSON push cannot hold.
        return 4
    }

    /// A string's bytes with its quotes and escapes.
    private static func string(_ text: String) -> Int {
        var total = 2
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x09, 0x0A, 0x0C, 0x0D: total += 2
            case 0..<0x20: total += 6
            default: total += 1
            }
        }
        return total
    }
}

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
