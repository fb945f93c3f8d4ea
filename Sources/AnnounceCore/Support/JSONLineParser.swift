/// A strict parser for one line of JSON holding one object, as batch input
/// gives it: RFC 8259 with nothing tolerated.
///
/// It works on bytes, so invalid UTF-8 is found (never replaced by U+FFFD),
/// and refuses what lenient parsers accept or resolve silently: a key given
/// twice in one object (at any depth), trailing commas, invalid UTF-8
/// anywhere, lone surrogates in `\u` escapes, numbers with leading zeros,
/// raw control characters in strings, nesting deeper than
/// ``maximumDepth`` and input longer than ``maximumLength``. Members keep
/// their order, and numbers keep their exact source text, so
/// `1234567890123456789` can be echoed as written. Errors are one line
/// naming the problem and the byte offset.
public struct JSONLineParser: Sendable {
    /// A JSON value. Numbers are their source text (`-0.5e3`), checked
    /// against the JSON grammar but not converted.
    public enum Value: Equatable, Sendable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([Value])
        case object([Member])

        /// What kind of value this is, for messages: `a number`, `null`.
        public var kindName: String {
            switch self {
            case .null: "null"
            case .bool: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    /// One member of an object: its key and value, in source order.
    public struct Member: Equatable, Sendable {
        public let key: String
        public let value: Value

        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// Why a line is not a JSON object this parser accepts.
    public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        /// The byte offset (from 0) where the problem was found.
        public let offset: Int
        /// The problem, as the end of a sentence: `duplicate key 'amount'`.
        public let problem: String

        public init(offset: Int, problem: String) {
            self.offset = offset
            self.problem = problem
        }

        /// One line: `invalid JSON at byte 12: duplicate key 'amount'`.
        public var description: String { "invalid JSON at byte \(offset): \(problem)" }
    }

    /// The longest line accepted, in bytes.
    public let maximumLength: Int
    /// The deepest nesting of arrays and objects accepted; the line's own
    /// object is depth 1.
    public let maximumDepth: Int

    /// A parser refusing lines over `maximumLength` bytes (64 KiB by
    /// default) or nested deeper than `maximumDepth` (32).
    public init(maximumLength: Int = 64 * 1024, maximumDepth: Int = 32) {
        self.maximumLength = maximumLength
        self.maximumDepth = maximumDepth
    }

    /// Parses `bytes`: one JSON object, with blanks (space, tab, CR, LF)
    /// around it allowed and nothing else.
    /// - Throws: ``Error`` naming the first problem and its byte offset.
    public func parseObject(_ bytes: UnsafeRawBufferPointer) throws(Error) -> [Member] {
        guard bytes.count <= maximumLength else {
            throw Error(offset: maximumLength, problem: "the line is longer than \(maximumLength) bytes")
        }
        var reader = Reader(bytes: bytes, maximumDepth: maximumDepth)
        reader.skipBlanks()
        guard reader.peek() == UInt8(ascii: "{") else {
            throw reader.isAtEnd
                ? Error(offset: reader.offset, problem: "empty line; expected a JSON object")
                : Error(offset: reader.offset, problem: "expected a JSON object starting with '{', found \(reader.describeNext())")
        }
        guard case .object(let members) = try reader.value(depth: 1) else {
            throw Error(offset: 0, problem: "expected a JSON object")
        }
        reader.skipBlanks()
        guard reader.isAtEnd else {
            throw Error(offset: reader.offset, problem: "\(reader.describeNext()) after the object")
        }
        return members
    }

    /// Parses the bytes of `bytes` (see ``parseObject(_:)-(UnsafeRawBufferPointer)``).
    public func parseObject(_ bytes: [UInt8]) throws(Error) -> [Member] {
        let result = bytes.withUnsafeBytes { buffer in Result { () throws(Error) in try parseObject(buffer) } }
        return try result.get()
    }

    /// Parses the UTF-8 of `text` (always valid UTF-8: a String cannot hold
    /// anything else, so read lines as bytes to find invalid UTF-8).
    public func parseObject(_ text: String) throws(Error) -> [Member] {
        var text = text
        let result = text.withUTF8 { buffer in Result { () throws(Error) in try parseObject(UnsafeRawBufferPointer(buffer)) } }
        return try result.get()
    }
}

extension JSONLineParser {
    /// The cursor over the bytes; the grammar is in its methods.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        let maximumDepth: Int
        var offset = 0

        init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        var isAtEnd: Bool { offset >= bytes.count }

        func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

        func fail(_ problem: String, at position: Int? = nil) -> Error {
            Error(offset: position ?? offset, problem: problem)
        }

        /// The next byte as a message names it: `'x'`, `byte 0xC3`, `the end of the line`.
        func describeNext() -> String {
            guard let byte = peek() else { return "the end of the line" }
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        mutating func skipBlanks() {
            while offset < bytes.count {
                switch bytes[offset] {
                case 0x20, 0x09, 0x0A, 0x0D: offset += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(Error) -> Value {
            skipBlanks()
            guard let byte = peek() else { throw fail("a value is missing at the end of the line") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw fail("expected a value, found \(describeNext())")
            }
        }

        mutating func literal(_ word: StaticString) throws(Error) {
            let start = offset
            let count = word.utf8CodeUnitCount
            guard bytes.count - offset >= count,
                word.withUTF8Buffer({ expected in (0..<count).allSatisfy { bytes[start + $0] == expected[$0] } })
            else { throw fail("expected a value, found \(describeNext())") }
            offset += count
        }

        mutating func object(depth: Int) throws(Error) -> Value {
            guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
            offset += 1  // {
            var members: [Member] = []
            // Keys compare as UTF-8 bytes: two keys are the same only when
            // their code points are (String equality would merge canonically
            // equivalent keys that JSON tools keep apart). A batch item has a
            // few keys, compared directly; a set takes over past 16.
            var keys: Set<[UInt8]> = []
            skipBlanks()
            if peek() == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipBlanks()
                let keyStart = offset
                guard peek() == UInt8(ascii: "\"") else {
                    if peek() == UInt8(ascii: "}") && !members.isEmpty { throw fail("trailing comma before '}'") }
                    throw fail("expected a key in double quotes, found \(describeNext())")
                }
                let key = try string()
                let duplicate: Bool
                if members.count < 16 {
                    duplicate = members.contains { $0.key.utf8.elementsEqual(key.utf8) }
                } else {
                    if keys.isEmpty { keys = Set(members.map { Array($0.key.utf8) }) }
                    duplicate = !keys.insert(Array(key.utf8)).inserted
                }
                guard !duplicate else {
                    throw fail("duplicate key \(MessageText.quoted(key))", at: keyStart)
                }
                skipBlanks()
                guard peek() == UInt8(ascii: ":") else {
                    throw fail("expected ':' after key \(MessageText.quoted(key)), found \(describeNext())")
                }
                offset += 1
                members.append(Member(key: key, value: try value(depth: depth + 1)))
                skipBlanks()
                switch peek() {
                case UInt8(ascii: ","): offset += 1
                case UInt8(ascii: "}"):
                    offset += 1
                    return .object(members)
                default: throw fail("expected ',' or '}' in an object, found \(describeNext())")
                }
            }
        }

        mutating func array(depth: Int) throws(Error) -> Value {
            guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
            offset += 1  // [
            var elements: [Value] = []
            skipBlanks()
            if peek() == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            while true {
                skipBlanks()
                if peek() == UInt8(ascii: "]") && !elements.isEmpty { throw fail("trailing comma before ']'") }
                elements.append(try value(depth: depth + 1))
                skipBlanks()
                switch peek() {
                case UInt8(ascii: ","): offset += 1
                case UInt8(ascii: "]"):
                    offset += 1
                    return .array(elements)
                default: throw fail("expected ',' or ']' in an array, found \(describeNext())")
                }
            }
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as its text.
        mutating func number() throws(Error) -> String {
            let start = offset
            if peek() == UInt8(ascii: "-") { offset += 1 }
            guard let first = peek(), isDigit(first) else { throw fail("'-' must be followed by a digit") }
            if first == UInt8(ascii: "0") {
                offset += 1
                if let next = peek(), isDigit(next) { throw fail("a number has a leading zero", at: start) }
            } else {
                skipDigits()
            }
            if peek() == UInt8(ascii: ".") {
                offset += 1
                guard let digit = peek(), isDigit(digit) else { throw fail("a digit must follow the decimal point") }
                skipDigits()
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                offset += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
                guard let digit = peek(), isDigit(digit) else { throw fail("an exponent needs digits") }
                skipDigits()
            }
            // Digits, signs, '.', 'e' and 'E' are ASCII: the text is valid UTF-8.
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        mutating func skipDigits() {
            while let byte = peek(), isDigit(byte) { offset += 1 }
        }

        /// A string: UTF-8 checked byte by byte, escapes decoded.
        mutating func string() throws(Error) -> String {
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
        mutating func skipMultibyte() throws(Error) {
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
        mutating func escape(into output: inout [UInt8]) throws(Error) {
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
        mutating func hex4() throws(Error) -> UInt32 {
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
}
