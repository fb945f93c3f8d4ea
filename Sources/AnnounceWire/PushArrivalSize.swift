import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

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

    /// The bytes of `value` written as compact JSON, numbers as written.
    static func compactBytes(of value: JSONLineParser.Value) -> Int {
        switch value {
        case .null: return 4
        case .bool(let flag): return flag ? 4 : 5
        case .number(let text): return text.utf8.count
        case .string(let text): return string(text)
        case .array(let elements): return elements.reduce(2 + max(0, elements.count - 1)) { $0 + compactBytes(of: $1) }
        case .object(let members):
            return members.reduce(2 + max(0, members.count - 1)) { $0 + string($1.key) + 1 + compactBytes(of: $1.value) }
        }
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
