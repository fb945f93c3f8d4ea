import AnnounceCore
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The JSON of the App Group's small files (recent payments, counters,
/// clock offsets, merchant settings) and of the device report, read with
/// AnnounceCore's strict parser and written with its one-line writer, the
/// same code on the phone and on the server.
///
/// The parser keeps a JSON `true` apart from the number 1 everywhere, which
/// `JSONSerialization`'s `NSNumber`s do only on Apple's platforms; and
/// neither it nor the writer needs the full Foundation, which would bring
/// ICU's data into the server's `announce` binary (`check-push` runs these
/// files). What is written is compact, keys in the order given (callers
/// sort them), `/` unescaped; files written with `JSONSerialization`
/// (`\/`, any spacing) read the same.
enum RecordJSON {
    /// The members of the one JSON object `data` holds, by key; nil when it
    /// holds anything else (cut short, damaged, a key given twice).
    static func object(in data: Data) -> [String: JSONLineParser.Value]? {
        let parser = JSONLineParser(maximumLength: max(1, data.count))
        guard let members = try? parser.parseObject([UInt8](data)) else { return nil }
        return JSONLineParser.Value.object(members).fields
    }

    /// The elements of the one JSON array `data` holds; nil when it holds
    /// anything else.
    static func array(in data: Data) -> [JSONLineParser.Value]? {
        // The parser reads objects: the array becomes the one member of
        // one, and only a whole array (blanks around it) leaves exactly one.
        let wrapped = Array(#"{"":"#.utf8) + [UInt8](data) + [UInt8(ascii: "}")]
        let parser = JSONLineParser(maximumLength: wrapped.count)
        guard let members = try? parser.parseObject(wrapped), members.count == 1,
              case .array(let elements) = members[0].value
        else { return nil }
        return elements
    }

    /// A JSON number as a `Double` (`1e3`, `-0.5`); nil for a boolean, a
    /// string, anything else.
    static func number(_ value: JSONLineParser.Value) -> Double? {
        guard case .number(let text) = value else { return nil }
        return Double(text)
    }

    /// A JSON number that is a whole number fitting an `Int`, exactly
    /// (`12`, `12.0`, `1.2e1`); nil for a fraction, a boolean, a string.
    static func integer(_ value: JSONLineParser.Value) -> Int? {
        guard case .number(let text) = value else { return nil }
        // The text first: every Int, even beyond 2^53, is exact that way.
        return Int(text) ?? Double(text).flatMap { Int(exactly: $0) }
    }

    /// A JSON `true` or `false`; nil for 1, 0 and anything else.
    static func boolean(_ value: JSONLineParser.Value) -> Bool? {
        guard case .bool(let flag) = value else { return nil }
        return flag
    }

    /// `object` as compact bytes, without a line ending.
    static func bytes(_ object: JSONObject) -> Data {
        Data(text(object).utf8)
    }

    /// `object` as compact text, without a line ending.
    static func text(_ object: JSONObject) -> String {
        String(object.line.dropLast())
    }

    /// `number` as JSON: whole numbers without a fraction (`200`), others
    /// in their shortest exact form (`0.25`).
    static func text(_ number: Double) -> String {
        var text = ""
        JSONObject.appendNumber(number, to: &text)
        return text
    }
}
