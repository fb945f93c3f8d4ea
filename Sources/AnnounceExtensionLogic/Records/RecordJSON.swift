import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The JSON of the App Group's small files (recent payments, counters,
/// clock offsets, merchant settings) and of the device report: read into
/// ``Value`` and written from `Encodable` values with `JSONDecoder` and
/// `JSONEncoder`, which FoundationEssentials has as well as Foundation, so
/// the phone and the server (`check-push`) run the same code and the
/// server's binary needs no full Foundation (ICU's data).
///
/// Unlike `JSONSerialization`'s `NSNumber`s, the decoder keeps a JSON `true`
/// apart from the number 1 on every platform. What is written is compact,
/// keys sorted, `/` unescaped; files written with `JSONSerialization`
/// (`\/`, any spacing, any key order) read the same.
enum RecordJSON {
    /// A JSON value, its kind kept: a flag is never a number.
    enum Value: Decodable, Equatable, Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number that is a whole `Int` (`12`, and `Int.max` exactly).
        case integer(Int)
        /// Any other number (`1.5`, `1e300`).
        case number(Double)
        /// A string.
        case string(String)
        /// An array.
        case array([Value])
        /// An object.
        case object([String: Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            // Each decode refuses the other kinds: a Bool is no number, an
            // Int no flag or fraction.
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let whole = try? container.decode(Int.self) {
                self = .integer(whole)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let list = try? container.decode([Value].self) {
                self = .array(list)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        /// The members, if this is an object.
        var fields: [String: Value]? {
            guard case .object(let fields) = self else { return nil }
            return fields
        }

        /// The string, if this is one.
        var string: String? {
            guard case .string(let text) = self else { return nil }
            return text
        }

        /// The number as a `Double` (`1e3`, `-0.5`); nil for a flag, a
        /// string, anything else.
        var number: Double? {
            switch self {
            case .integer(let whole): Double(whole)
            case .number(let number): number
            default: nil
            }
        }

        /// The number if it is a whole one fitting an `Int`, exactly (`12`,
        /// `12.0`); nil for a fraction, a flag, a string.
        var integer: Int? {
            switch self {
            case .integer(let whole): whole
            case .number(let number): Int(exactly: number)
            default: nil
            }
        }

        /// `true` or `false`; nil for 1, 0 and anything else.
        var boolean: Bool? {
            guard case .bool(let flag) = self else { return nil }
            return flag
        }
    }

    /// The value `data` holds; nil when it is no JSON.
    static func value(in data: Data) -> Value? {
        try? JSONDecoder().decode(Value.self, from: data)
    }

    /// The members of the one JSON object `data` holds; nil when it holds
    /// anything else (cut short, damaged, another kind of value).
    static func object(in data: Data) -> [String: Value]? {
        value(in: data)?.fields
    }

    /// `value` as compact JSON, keys sorted, `/` unescaped.
    static func bytes(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
