import AnnounceCore

/// Writes one JSON object on one line, fields in the order given (callers give
/// them sorted). The result lines of explain, render and batch are written with
/// it: JSONEncoder took about 100 µs a line, as long as rendering the audio.
/// Strings are escaped per RFC 8259; non-ASCII stays UTF-8; `/` is not escaped.
struct JSONObject {
    private var text = "{"
    private var empty = true

    private mutating func key(_ name: String) {
        if !empty { text += "," }
        empty = false
        Self.appendString(name, to: &text)
        text += ":"
    }

    mutating func add(_ name: String, _ value: String) {
        key(name)
        Self.appendString(value, to: &text)
    }

    mutating func add(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
    }

    mutating func add(_ name: String, _ value: Double) {
        key(name)
        Self.appendNumber(value, to: &text)
    }

    mutating func add(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    mutating func add(_ name: String, _ values: [String]) {
        key(name)
        text += "["
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            Self.appendString(value, to: &text)
        }
        text += "]"
    }

    mutating func add(_ name: String, _ clips: [PlannedClip]) {
        key(name)
        text += "["
        for (index, clip) in clips.enumerated() {
            if index > 0 { text += "," }
            var object = JSONObject()
            object.add("duration", clip.duration)
            object.add("file", clip.file)
            object.add("words", clip.words)
            text += object.text + "}"
        }
        text += "]"
    }

    mutating func add(_ name: String, _ value: JSONValue) {
        key(name)
        Self.appendValue(value, to: &text)
    }

    /// The object and its line ending.
    var line: String { text + "}\n" }

    static func appendValue(_ value: JSONValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let bool): text += bool ? "true" : "false"
        case .number(let number): appendNumber(number, to: &text)
        case .string(let string): appendString(string, to: &text)
        case .array(let array):
            text += "["
            for (index, element) in array.enumerated() {
                if index > 0 { text += "," }
                appendValue(element, to: &text)
            }
            text += "]"
        case .object(let object):
            var nested = JSONObject()
            for (key, element) in object.sorted(by: { $0.key < $1.key }) {
                nested.add(key, element)
            }
            text += nested.text + "}"
        }
    }

    /// Whole numbers without a fraction (`1`, not `1.0`), others in Swift's
    /// shortest round-trip form (`0.445`); JSON has no infinity or NaN.
    static func appendNumber(_ value: Double, to text: inout String) {
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

    static func appendString(_ value: String, to text: inout String) {
        text += "\""
        var plainStart = value.unicodeScalars.startIndex
        let scalars = value.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{08}": escape = "\\b"
            case "\u{0C}": escape = "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escape = nil
                }
            }
            if let escape {
                text.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                text += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        text.unicodeScalars.append(contentsOf: scalars[plainStart...])
        text += "\""
    }
}
