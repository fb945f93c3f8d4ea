/// The grammar of a line: values, objects, arrays, numbers and literals
/// (strings are in JSONLineParser+Strings.swift).
extension JSONLineParser {
    /// The cursor over the bytes; the grammar is in its methods.
    struct Reader {
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

        public mutating func value(depth: Int) throws(Error) -> Value {
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
    }
}
