/// Strings of a line: UTF-8 checked byte by byte (RFC 3629), escapes
/// decoded, surrogate pairs combined and lone surrogates refused.
extension JSONLineParser.Reader {
    /// A string: UTF-8 checked byte by byte, escapes decoded.
    mutating func string() throws(JSONLineParser.Error) -> String {
        let start = offset
        offset += 1  // "
        // The common case, no escapes: one validated run of bytes.
        var runStart = offset
        var decoded: [UInt8] = []
        var escaped = false
        while true {
            guard offset < bytes.count else { throw fail("a string is not closed", at: start) }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset])
                offset += 1
                if !escaped { return String(decoding: run, as: UTF8.self) }
                decoded.append(contentsOf: run)
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset]))
                escaped = true
                try escape(into: &decoded)
                runStart = offset
            case 0x00..<0x20:
                throw fail("a string holds a raw control character (byte 0x\(String(byte, radix: 16, uppercase: true))); write it escaped")
            case 0x20..<0x80:
                offset += 1
            default:
                try skipMultibyte()
            }
        }
    }

    /// Checks one multi-byte UTF-8 sequence at the cursor (RFC 3629: no
    /// overlong forms, no surrogates, nothing above U+10FFFF).
    mutating func skipMultibyte() throws(JSONLineParser.Error) {
        let lead = bytes[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw fail("invalid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)))")
        }
        for index in 1..<length {
            let position = offset + index
            guard position < bytes.count else { throw fail("invalid UTF-8 (a sequence cut short)") }
            let byte = bytes[position]
            let (minimum, maximum) = index == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= minimum && byte <= maximum else {
                throw fail("invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) in a sequence)", at: position)
            }
        }
        offset += length
    }

    /// Decodes the escape at the cursor (a backslash) into `output`.
    mutating func escape(into output: inout [UInt8]) throws(JSONLineParser.Error) {
        let start = offset
        offset += 1
        guard let byte = peek() else { throw fail("a string is not closed") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hex4()
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate must be followed by a low one.
                guard bytes.count - offset >= 2, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
                else { throw fail("a lone surrogate \\u\(hex(value)) (a high surrogate must be followed by a low one)", at: start) }
                offset += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail("a lone surrogate \\u\(hex(value)) (followed by \\u\(hex(low)), not a low surrogate)", at: start)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw fail("a lone surrogate \\u\(hex(value)) (a low surrogate without a high one)", at: start)
            }
            // Not a surrogate, or a pair combined: a valid scalar.
            appendUTF8(value, to: &output)
        default:
            throw fail("invalid escape '\\\(describeEscape(byte))' in a string", at: start)
        }
    }

    /// Appends the UTF-8 of scalar `value` (not a surrogate, at most U+10FFFF).
    func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            output.append(UInt8(value))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | value >> 6))
            output.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | value >> 12))
            output.append(UInt8(0x80 | value >> 6 & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        default:
            output.append(UInt8(0xF0 | value >> 18))
            output.append(UInt8(0x80 | value >> 12 & 0x3F))
            output.append(UInt8(0x80 | value >> 6 & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        }
    }

    func describeEscape(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "x\(String(byte, radix: 16, uppercase: true))"
    }

    func hex(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    /// Four hex digits at the cursor.
    mutating func hex4() throws(JSONLineParser.Error) -> UInt32 {
        let start = offset
        guard bytes.count - offset >= 4 else { throw fail("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("\\u needs four hex digits", at: start)
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }
}
