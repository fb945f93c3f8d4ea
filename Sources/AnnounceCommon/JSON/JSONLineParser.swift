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
        /// The JSON literal `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number, as its source text (`-0.5e3`), unconverted.
        case number(String)
        /// A string, escapes resolved.
        case string(String)
        /// An array, its elements in source order.
        case array([Value])
        /// An object, its members in source order (no key twice).
        case object([Member])

        /// What kind of value this is, for messages: `a number`, `null`.
        /// The value as a whole number, if it is one written without a
        /// fraction or exponent (`16000`, `-3`) that fits an `Int`.
        public var integer: Int? {
            guard case .number(let text) = self else { return nil }
            return Int(text)
        }

        /// The value as a string, if it is one.
        public var string: String? {
            guard case .string(let string) = self else { return nil }
            return string
        }

        /// An object's members by key (the parser refuses duplicate keys,
        /// so no member is lost), if the value is an object.
        public var fields: [String: Value]? {
            guard case .object(let members) = self else { return nil }
            return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }

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
        /// The member's key, escapes resolved.
        public let key: String
        /// The member's value.
        public let value: Value

        /// A member with `key` and `value`.
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

        /// An error at byte `offset` with `problem` (the end of a sentence).
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
