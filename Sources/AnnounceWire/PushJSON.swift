import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

/// JSON values as a push's `userInfo` holds them: what the strict parser
/// reads, turned into the dictionary iOS makes of a push (objects as
/// `[AnyHashable: Any]`, numbers as `Int` or `Double`), and the kind of a
/// value for messages.
public enum PushJSON {
    /// `null` in a dictionary made here (iOS uses `NSNull`).
    struct Null: Sendable {}

    /// The object `members` as iOS hands a push over.
    public static func dictionary(_ members: [JSONLineParser.Member]) -> [AnyHashable: Any] {
        var dictionary: [AnyHashable: Any] = [:]
        for member in members { dictionary[member.key] = value(member.value) }
        return dictionary
    }

    public static func value(_ value: JSONLineParser.Value) -> Any {
        switch value {
        case .null: Null()
        case .bool(let flag): flag
        // The parser checked the grammar: a whole number that does not fit
        // an Int, or any other, reads as a Double.
        case .number(let text): Int(text) ?? Double(text) ?? Double.nan
        case .string(let text): text
        case .array(let elements): elements.map(Self.value)
        case .object(let members): dictionary(members)
        }
    }

    /// `text` as a JSON object if it is one; nil otherwise.
    static func objectIfJSON(_ text: String) -> [AnyHashable: Any]? {
        guard text.utf8.first(where: { !isBlank($0) }) == UInt8(ascii: "{"),
              let members = try? JSONLineParser(maximumLength: PushPayload.apnsLimit).parseObject(text)
        else { return nil }
        return dictionary(members)
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// What kind of value this is, for messages: `a number`, `an object`.
    static func kind(of value: Any) -> String {
        if value is String { return "a string" }
        if value is [AnyHashable: Any] { return "an object" }
        if value is [Any] { return "an array" }
        if PushNumber.boolean(value) != nil { return "a boolean" }
        if PushNumber.finite(value) != nil { return "a number" }
        // A number too large for a Double (1e400) reads as infinite.
        if value is Double { return "a number out of range" }
        return "null"
    }
}
