/// A JSON value whose kind is known: JSONDecoder keeps `true` and `1` apart,
/// which JSONSerialization's NSNumber does not on Linux.
package enum JSONValue: Codable, Equatable, Sendable {
    /// The JSON literal `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as a `Double`.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; its keys are unordered.
    case object([String: JSONValue])

    /// Decodes any JSON value, keeping booleans apart from numbers.
    /// | - Throws: `DecodingError` when the value is not valid JSON.
    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as JSON of the same kind (numbers as `Double`).
    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }

    /// The value as a whole number, if it is one.
    package var integer: Int? {
        guard case .number(let number) = self, number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// The value as a string, if it is one.
    package var string: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    /// What kind of value this is, for messages: "a number", "null".
    package var kindName: String {
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
