import AnnounceCommon
import AnnounceTestSupport
import Foundation
import Testing

/// The strict batch-line parser: what it accepts, exactly as written, and
/// everything it refuses, with the byte where the problem is.
struct JSONLineParserTests {
    typealias Value = JSONLineParser.Value
    typealias Member = JSONLineParser.Member

    static func parse(_ bytes: [UInt8], parser: JSONLineParser = JSONLineParser()) throws(JSONLineParser.Error) -> [Member] {
        try parser.parseObject(bytes)
    }

    static func m(_ key: String, _ value: Value) -> Member { Member(key: key, value: value) }

    static let valid: [(String, [Member])] = [
        (#"{}"#, []),
        (#"  {"amount":"1"}  "#, [m("amount", .string("1"))]),
        ("\t{\"amount\" : \"1\" }\r\n", [m("amount", .string("1"))]),
        (#"{"amount":"123.45","id":"order-9","liang":true,"leadYi":false,"name":null}"#, [
            m("amount", .string("123.45")), m("id", .string("order-9")), m("liang", .bool(true)),
            m("leadYi", .bool(false)), m("name", .null),
        ]),
        (#"{"b":1,"a":2}"#, [m("b", .number("1")), m("a", .number("2"))]),
        (#"{"id":1234567890123456789}"#, [m("id", .number("1234567890123456789"))]),
        (#"{"n":-0,"x":0.5,"y":1e400,"z":-12.50E-3,"w":0}"#, [
            m("n", .number("-0")), m("x", .number("0.5")), m("y", .number("1e400")), m("z", .number("-12.50E-3")),
            m("w", .number("0")),
        ]),
        (#"{"s":"\"\\\/\b\f\n\r\t"}"#, [m("s", .string("\"\\/\u{8}\u{C}\n\r\t"))]),
        (#"{"u":"\u00e9\u4E2D\ud83d\ude00\u0000"}"#, [m("u", .string("é中😀\u{0}"))]),
        ("{\"中文\":\"支付宝到账\"}", [m("中文", .string("支付宝到账"))]),
        ("{\"emoji\":\"😀\"}", [m("emoji", .string("😀"))]),
        (#"{"a":[],"b":{},"c":[1,[2,{"d":null}]]}"#, [
            m("a", .array([])), m("b", .object([])),
            m("c", .array([.number("1"), .array([.number("2"), .object([m("d", .null)])])])),
        ]),
        // The same key in different objects is not a duplicate.
        (#"{"a":{"a":1},"b":[{"a":1},{"a":2}]}"#, [
            m("a", .object([m("a", .number("1"))])),
            m("b", .array([.object([m("a", .number("1"))]), .object([m("a", .number("2"))])])),
        ]),
        // Canonically equivalent keys are different keys, as for JSON tools.
        ("{\"\u{E9}\":1,\"e\u{301}\":2}", [m("\u{E9}", .number("1")), m("e\u{301}", .number("2"))]),
        (#"{"k":"a\u0301"}"#, [m("k", .string("a\u{301}"))]),
    ]

    @Test("valid lines: members in order, numbers as written", arguments: valid)
    func validLines(line: String, expected: [Member]) throws {
        let members = try Self.parse(Array(line.utf8))
        #expect(members == expected)
        // The String entry point gives the same.
        #expect(try JSONLineParser().parseObject(line) == expected)
    }

    static let invalid: [(String, [UInt8], Int, String)] = [
        ("empty", [], 0, "empty line"),
        ("blank", Array("   ".utf8), 3, "empty line"),
        ("array", Array("[1]".utf8), 0, "expected a JSON object"),
        ("string", Array(#""x""#.utf8), 0, "expected a JSON object"),
        ("duplicate", Array(#"{"amount":"1","amount":"2"}"#.utf8), 14, "duplicate key 'amount'"),
        ("deep duplicate", Array(#"{"a":{"b":1,"c":{"d":1,"d":2}}}"#.utf8), 23, "duplicate key 'd'"),
        ("duplicate in array", Array(#"{"a":[{"x":1,"x":1}]}"#.utf8), 13, "duplicate key 'x'"),
        ("escaped duplicate", Array(#"{"id":1,"\u0069d":2}"#.utf8), 8, "duplicate key 'id'"),
        ("trailing comma", Array(#"{"amount":"1",}"#.utf8), 14, "trailing comma before '}'"),
        ("trailing comma array", Array(#"{"a":[1,2,]}"#.utf8), 10, "trailing comma before ']'"),
        ("leading comma", Array(#"{,"a":1}"#.utf8), 1, "expected a key"),
        ("double comma", Array(#"{"a":1,,"b":2}"#.utf8), 7, "expected a key"),
        ("missing colon", Array(#"{"a" 1}"#.utf8), 5, "expected ':'"),
        ("missing value", Array(#"{"a":}"#.utf8), 5, "expected a value"),
        ("unquoted key", Array(#"{a:1}"#.utf8), 1, "expected a key in double quotes"),
        ("single quotes", Array(#"{'a':1}"#.utf8), 1, "expected a key in double quotes"),
        ("unclosed object", Array(#"{"a":1"#.utf8), 6, "expected ',' or '}'"),
        ("unclosed string", Array(#"{"a":"1}"#.utf8), 5, "a string is not closed"),
        ("after the object", Array(#"{"a":1} x"#.utf8), 8, "'x' after the object"),
        ("two objects", Array(#"{}{}"#.utf8), 2, "'{' after the object"),
        ("leading zero", Array(#"{"a":01}"#.utf8), 5, "leading zero"),
        ("negative leading zero", Array(#"{"a":-01}"#.utf8), 5, "leading zero"),
        ("bare minus", Array(#"{"a":-}"#.utf8), 6, "'-' must be followed by a digit"),
        ("plus", Array(#"{"a":+1}"#.utf8), 5, "expected a value"),
        ("point first", Array(#"{"a":.5}"#.utf8), 5, "expected a value"),
        ("point last", Array(#"{"a":5.}"#.utf8), 7, "a digit must follow the decimal point"),
        ("empty exponent", Array(#"{"a":1e}"#.utf8), 7, "an exponent needs digits"),
        ("hex", Array(#"{"a":0x10}"#.utf8), 6, "expected ',' or '}'"),
        ("NaN", Array(#"{"a":NaN}"#.utf8), 5, "expected a value"),
        ("Infinity", Array(#"{"a":Infinity}"#.utf8), 5, "expected a value"),
        ("True", Array(#"{"a":True}"#.utf8), 5, "expected a value"),
        ("truncated literal", Array(#"{"a":tru}"#.utf8), 5, "expected a value"),
        ("raw tab", Array("{\"a\":\"1\t2\"}".utf8), 7, "raw control character (byte 0x9)"),
        ("raw newline", Array("{\"a\":\"1\n\"}".utf8), 7, "raw control character (byte 0xA)"),
        ("raw NUL", [UInt8](#"{"a":"1"#.utf8) + [0] + [UInt8](#""}"#.utf8), 7, "raw control character (byte 0x0)"),
        ("bad escape", Array(#"{"a":"\x"}"#.utf8), 6, "invalid escape '\\x'"),
        ("short unicode escape", Array(#"{"a":"\u12"}"#.utf8), 8, "\\u needs four hex digits"),
        ("lone high surrogate", Array(#"{"a":"\ud83d"}"#.utf8), 6, "lone surrogate \\uD83D"),
        ("high then text", Array(#"{"a":"\ud83dx"}"#.utf8), 6, "lone surrogate \\uD83D"),
        ("high then high", Array(#"{"a":"\ud83d\ud83d"}"#.utf8), 6, "lone surrogate \\uD83D"),
        ("lone low surrogate", Array(#"{"a":"\ude00"}"#.utf8), 6, "lone surrogate \\uDE00"),
        ("lone surrogate in a key", Array(#"{"\udc00":1}"#.utf8), 2, "lone surrogate"),
        ("invalid UTF-8 in id", [UInt8](#"{"id":"a"#.utf8) + [0xFF] + [UInt8](#""}"#.utf8), 8, "invalid UTF-8 (byte 0xFF)"),
        ("invalid UTF-8 in a key", [UInt8](#"{""#.utf8) + [0xC3, 0x28] + [UInt8](#"":1}"#.utf8), 3, "invalid UTF-8 (byte 0x28 in a sequence)"),
        ("overlong slash", [UInt8](#"{"a":""#.utf8) + [0xC0, 0xAF] + [UInt8](#""}"#.utf8), 6, "invalid UTF-8 (byte 0xC0)"),
        ("overlong 3 bytes", [UInt8](#"{"a":""#.utf8) + [0xE0, 0x80, 0xAF] + [UInt8](#""}"#.utf8), 7, "invalid UTF-8"),
        ("encoded surrogate", [UInt8](#"{"a":""#.utf8) + [0xED, 0xA0, 0x80] + [UInt8](#""}"#.utf8), 7, "invalid UTF-8"),
        ("above U+10FFFF", [UInt8](#"{"a":""#.utf8) + [0xF4, 0x90, 0x80, 0x80] + [UInt8](#""}"#.utf8), 7, "invalid UTF-8"),
        ("cut sequence", [UInt8](#"{"a":""#.utf8) + [0xE4, 0xB8], 6, "invalid UTF-8 (a sequence cut short)"),
        ("continuation alone", [UInt8](#"{"a":""#.utf8) + [0x80] + [UInt8](#""}"#.utf8), 6, "invalid UTF-8 (byte 0x80)"),
        ("UTF-8 outside strings", [0xEF, 0xBB, 0xBF] + [UInt8]("{}".utf8), 0, "byte 0xEF"),
        ("form feed blank", Array("{\u{C}}".utf8), 1, "expected a key"),
        ("comment", Array(#"{"a":1 /* c */}"#.utf8), 7, "expected ',' or '}'"),
    ]

    @Test("invalid lines are refused with the problem and its byte offset", arguments: invalid)
    func invalidLines(name: String, bytes: [UInt8], offset: Int, problem: String) {
        do {
            let members = try Self.parse(bytes)
            Issue.record("\(name): accepted as \(members)")
        } catch {
            #expect(error.offset == offset, "\(name): \(error)")
            #expect(error.problem.contains(problem), "\(name): \(error)")
            #expect(error.description.hasPrefix("invalid JSON at byte \(error.offset): "))
            #expect(!error.description.unicodeScalars.contains { MessageText.isInvisible($0) }, "\(name): one line")
        }
    }

    @Test("nesting and length are capped")
    func caps() throws {
        let parser = JSONLineParser(maximumLength: 100, maximumDepth: 4)
        #expect(try Self.parse(Array(#"{"a":[[{"b":1}]]}"#.utf8), parser: parser).count == 1)
        #expect(throws: JSONLineParser.Error(offset: 12, problem: "nested deeper than 4 levels")) {
            try Self.parse(Array(#"{"a":[[{"b":[1]}]]}"#.utf8), parser: parser)
        }
        let long = Array(("{\"a\":\"" + String(repeating: "x", count: 94) + "\"}").utf8)
        #expect(long.count == 102)
        #expect(throws: JSONLineParser.Error(offset: 100, problem: "the line is longer than 100 bytes")) {
            try Self.parse(long, parser: parser)
        }
        // The default depth, 32: 32 nested levels pass, 33 do not, and
        // 100,000 opening brackets are refused, not a stack overflow.
        let deep = "{\"a\":" + String(repeating: "[", count: 31) + String(repeating: "]", count: 31) + "}"
        #expect(try Self.parse(Array(deep.utf8)).count == 1)
        let deeper = "{\"a\":" + String(repeating: "[", count: 32) + String(repeating: "]", count: 32) + "}"
        #expect(throws: JSONLineParser.Error.self) { try Self.parse(Array(deeper.utf8)) }
        let huge = Array(("{\"a\":" + String(repeating: "[", count: 100_000)).utf8)
        #expect(throws: JSONLineParser.Error.self) { try Self.parse(huge, parser: JSONLineParser(maximumLength: 1 << 20)) }
        #expect(JSONLineParser().maximumLength == 65536)
    }

    /// Random objects written by JSONSerialization parse back to the same
    /// values, and random corruptions of them never crash: each is either
    /// accepted or refused with an offset inside the line.
    @Test("round trip with JSONSerialization, and corrupted lines never crash")
    func randomLines() throws {
        var generator = SplitMix64(seed: 0x6A73_6F6E)
        let alphabet: [String] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "中", "😀", "\u{FEFF}", "\u{2028}"]
        func randomString() -> String {
            (0..<Int(generator.next() % 6)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
        }
        func randomValue(depth: Int) -> Any {
            switch generator.next() % (depth > 3 ? 4 : 6) {
            case 0: return randomString()
            case 1: return Int(truncatingIfNeeded: generator.next() >> 20) - (1 << 43)
            case 2: return generator.next() % 2 == 0
            case 3: return NSNull()
            case 4: return (0..<Int(generator.next() % 4)).map { _ in randomValue(depth: depth + 1) }
            default: return randomObject(depth: depth + 1)
            }
        }
        func randomObject(depth: Int) -> [String: Any] {
            var object: [String: Any] = [:]
            for _ in 0..<Int(generator.next() % 5) { object[randomString()] = randomValue(depth: depth) }
            return object
        }
        func plain(_ value: Value) -> Any {
            switch value {
            case .null: return NSNull()
            case .bool(let bool): return bool
            case .number(let text): return Int(text)!
            case .string(let string): return string
            case .array(let values): return values.map(plain)
            case .object(let members): return Dictionary(members.map { ($0.key, plain($0.value)) }, uniquingKeysWith: { $1 })
            }
        }
        var accepted = 0
        var refused = 0
        for _ in 0..<2_000 {
            let object = randomObject(depth: 0)
            let data = try JSONSerialization.data(withJSONObject: object)
            let bytes = [UInt8](data)
            let members = try Self.parse(bytes)
            let back = plain(.object(members)) as? NSDictionary
            #expect(back == object as NSDictionary, "\(String(decoding: bytes, as: UTF8.self))")
            // Corrupt one byte, drop one, or cut the line short.
            var corrupt = bytes
            let position = Int(generator.next() % UInt64(max(1, corrupt.count)))
            switch generator.next() % 3 {
            case 0: corrupt[position] = UInt8(truncatingIfNeeded: generator.next())
            case 1: corrupt.remove(at: position)
            default: corrupt = Array(corrupt[..<position])
            }
            do {
                _ = try Self.parse(corrupt)
                accepted += 1
            } catch {
                #expect(error.offset >= 0 && error.offset <= corrupt.count)
                refused += 1
            }
        }
        #expect(refused > 1_000)
    }
}
