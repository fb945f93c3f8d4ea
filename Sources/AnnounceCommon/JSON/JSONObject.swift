/// Writes one JSON object on one line, fields in the order given (callers give
/// them sorted). Every JSON line announce prints is written with it: JSONEncoder took about 100 µs a line, as long as rendering the audio.
/// Strings are escaped per RFC 8259; non-ASCII stays UTF-8; `/` is not escaped.
public struct JSONObject: Sendable {
    private var text = "{"
    private var empty = true

    public init() {}

    private mutating func key(_ name: String) {
        if !empty { text += "," }
        empty = false
        Self.appendString(name, to: &text)
        text += ":"
    }

    public mutating func add(_ name: String, _ value: String) {
        key(name)
        Self.appendString(value, to: &text)
    }

    public mutating func add(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
    }

    public mutating func add(_ name: String, _ value: Double) {
        key(name)
        Self.appendNumber(value, to: &text)
    }

    public mutating func add(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    /// An array of values already written as JSON (`{"a":1}`), in order.
    public mutating func add(_ name: String, rawValues values: [String]) {
        key(name)
        text += "["
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            text += value
        }
        text += "]"
    }

    public mutating func add(_ name: String, _ values: [String]) {
        key(name)
        text += "["
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            Self.appendString(value, to: &text)
        }
        text += "]"
    }

    /// A value as a batch item gave it: numbers keep their exact text,
    /// objects keep their members' order.
    public mutating func add(_ name: String, _ value: JSONLineParser.Value) {
        key(name)
        Self.appendValue(value, to: &text)
    }

    public static func appendValue(_ value: JSONLineParser.Value, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let bool): text += bool ? "true" : "false"
        case .number(let number): text += number
        case .string(let string): appendString(string, to: &text)
        case .array(let array):
            text += "["
            for (index, element) in array.enumerated() {
                if index > 0 { text += "," }
                appendValue(element, to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                appendString(member.key, to: &text)
                text += ":"
                appendValue(member.value, to: &text)
            }
            text += "}"
        }
    }

    /// A field only when the value is there (and, for a number, finite:
    /// JSON has no infinity), as `Encodable` leaves out nil.
    public mutating func addIfPresent(_ name: String, _ value: Double?) {
        if let value, value.isFinite { add(name, value) }
    }

    /// A field only when the value is there.
    public mutating func addIfPresent(_ name: String, _ value: String?) {
        if let value { add(name, value) }
    }

    /// A field only when the value is there.
    public mutating func addIfPresent(_ name: String, _ value: Int?) {
        if let value { add(name, value) }
    }

    /// A nested object.
    public mutating func add(_ name: String, _ object: JSONObject) {
        key(name)
        text += object.text + "}"
    }

    /// An array of objects.
    public mutating func add(_ name: String, _ objects: [JSONObject]) {
        key(name)
        text += "["
        for (index, object) in objects.enumerated() {
            if index > 0 { text += "," }
            text += object.text + "}"
        }
        text += "]"
    }

    /// The object and its line ending.
    public var line: String { text + "}\n" }

    /// Whole numbers without a fraction (`1`, not `1.0`), others in Swift's
    /// shortest round-trip form (`0.445`); JSON has no infinity or NaN.
    public static func appendNumber(_ value: Double, to text: inout String) {
        guard value.isFinite else {
            text += "null"
            return
        }
        if value == value.rounded(), abs(value) < 9e15 {
            text += String(Int64(value))
        } else {
            text += value.description
        }
    }

    public static func appendString(_ value: String, to text: inout String) {
        text += "\""
        // What needs escaping is ASCII, plus the line separators U+0085,
        // U+2028 and U+2029 (valid JSON, but line breaks to many readers, so
        // a line is one line everywhere). They start with 0xC2 and 0xE2;
        // every other byte of a multi-byte character is 0x80 or more.
        let bytes = value.utf8
        guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xC2 || $0 == 0xE2 })
        else {
            text += value
            text += "\""
            return
        }
        var plainStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            var escape: String?
            var length = 1
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            case 0xC2, 0xE2:
                let rest = bytes[bytes.index(after: index)...].prefix(byte == 0xC2 ? 1 : 2)
                if byte == 0xC2, rest.elementsEqual([0x85]) {
                    (escape, length) = ("\\u0085", 2)
                } else if byte == 0xE2, rest.elementsEqual([0x80, 0xA8]) {
                    (escape, length) = ("\\u2028", 3)
                } else if byte == 0xE2, rest.elementsEqual([0x80, 0xA9]) {
                    (escape, length) = ("\\u2029", 3)
                }
            default: break
            }
            let next = bytes.index(index, offsetBy: length)
            if let escape {
                text += value[plainStart..<index]
                text += escape
                plainStart = next
            }
            index = next
        }
        text += value[plainStart...]
        text += "\""
    }
}
