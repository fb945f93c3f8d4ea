import AnnounceCore
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One line of `announce batch` input: a bare amount, or a JSON object
/// `{"amount": "123.45"}` / `{"fen": 12345}` with optional `prefix`, `name`,
/// `id`, `style`, `liang`, `leadYi`.
public struct BatchItem: Sendable {
    /// The 1-based input line number.
    public let line: Int
    /// The text of the amount as given (a bare line, `amount`, or `fen`).
    public var amountText: String
    public var amount: Amount
    public var id: JSONValue?
    public var name: String?
    public var prefix: Prefix?
    public var style: ReadingStyle?
    public var liang: Bool?
    public var leadYi: Bool?

    /// The fields a JSON item may have.
    public static let fields: Set<String> = ["amount", "fen", "prefix", "name", "id", "style", "liang", "leadYi"]

    /// Why a line could not be taken as an item; the id is echoed if known.
    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public let message: String
        public let amountText: String?
        public let id: JSONValue?
        /// A batch item that cannot be taken is rejected data.
        public var status: ExitStatus { .dataError }
        public var description: String { message }
    }

    /// Parses one non-blank line. Bare amounts are yuan, or fen when
    /// `fenByDefault` (`--fen`).
    public static func parse(_ text: String, line: Int, fenByDefault: Bool) throws(Invalid) -> BatchItem {
        let trimmed = text.drop { $0.isWhitespace }
        guard trimmed.hasPrefix("{") else {
            do {
                let amount = fenByDefault ? try Amount(fenText: text) : try Amount(userInput: text)
                return BatchItem(line: line, amountText: text, amount: amount)
            } catch {
                throw Invalid(message: error.description, amountText: text, id: nil)
            }
        }
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: Data(trimmed.utf8)) else {
            throw Invalid(message: "line \(line) is not a valid JSON object", amountText: nil, id: nil)
        }
        let id = object["id"]
        func fail(_ message: String, _ amountText: String? = nil) -> Invalid {
            Invalid(message: message, amountText: amountText, id: id)
        }
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw fail("unknown field \(MessageText.quoted(unknown)) (known: \(fields.sorted().joined(separator: ", ")))")
        }
        var amountText: String
        let amount: Amount
        switch (object["amount"], object["fen"]) {
        case (.some(let value), nil):
            guard let text = value.string else {
                throw fail("'amount' must be a string such as \"123.45\" (JSON numbers are not exact)")
            }
            amountText = text
            do { amount = try Amount(userInput: text) } catch { throw fail(error.description, text) }
        case (nil, .some(let value)):
            if let text = value.string {
                amountText = text
            } else if let whole = value.integer {
                amountText = String(whole)
            } else {
                throw fail("'fen' must be a whole number of fen")
            }
            do { amount = try Amount(fenText: amountText) } catch { throw fail(error.description, amountText) }
        case (nil, nil):
            throw fail("an item needs 'amount' or 'fen'")
        default:
            throw fail("give 'amount' or 'fen', not both")
        }
        var item = BatchItem(line: line, amountText: amountText, amount: amount, id: id)
        if let value = object["prefix"] {
            guard let text = value.string else { throw fail("'prefix' must be a string", amountText) }
            do { item.prefix = try Prefix(text) } catch { throw fail(error.description, amountText) }
        }
        if let value = object["name"] {
            guard let text = value.string else { throw fail("'name' must be a string", amountText) }
            item.name = text
        }
        if let value = object["style"] {
            guard let text = value.string, let style = ReadingStyle(rawValue: text) else {
                throw fail("'style' must be \"decimal\" or \"currency\"", amountText)
            }
            item.style = style
        }
        for key in ["liang", "leadYi"] {
            guard let value = object[key] else { continue }
            guard case .bool(let flag) = value else { throw fail("'\(key)' must be true or false", amountText) }
            if key == "liang" { item.liang = flag } else { item.leadYi = flag }
        }
        return item
    }

    /// The item's options over the batch's defaults.
    public func options(over defaults: Announcer.Options) -> Announcer.Options {
        var options = defaults
        if let prefix { options.prefix = prefix }
        if let style { options.reading.style = style }
        if let liang { options.reading.liang = liang }
        if let leadYi { options.reading.leadYi = leadYi }
        return options
    }
}
