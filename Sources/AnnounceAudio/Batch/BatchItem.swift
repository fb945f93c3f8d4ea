import AnnounceCore

/// One line of `announce batch` input: a bare amount, or a JSON object
/// `{"amount": "123.45"}` / `{"fen": 12345}` with optional `prefix`, `name`,
/// `id` (echoed exactly as written, numbers included), `style`, `liang`, `leadYi`.
public struct BatchItem: Sendable {
    /// The 1-based input line number.
    public let line: Int
    /// The text of the amount as given (a bare line, `amount`, or `fen`).
    public var amountText: String
    public var amount: Amount
    public var id: JSONLineParser.Value?
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
        public let id: JSONLineParser.Value?
        /// A batch item that cannot be taken is rejected data.
        public var status: ExitStatus { .dataError }
        public var description: String { message }
    }

    /// The strict parser every JSON item goes through: duplicate keys,
    /// trailing commas, invalid UTF-8 and the like are refused, and numbers
    /// keep their exact text.
    static let parser = JSONLineParser()

    /// Parses one non-blank line. Bare amounts are yuan, or fen when
    /// `fenByDefault` (`--fen`).
    public static func parse(_ text: String, line: Int, fenByDefault: Bool) throws(Invalid) -> BatchItem {
        try parse(Array(text.utf8), line: line, fenByDefault: fenByDefault)
    }

    /// Parses one non-blank line given as bytes, so that invalid UTF-8 in a
    /// JSON item is refused rather than replaced.
    public static func parse(_ bytes: [UInt8], line: Int, fenByDefault: Bool) throws(Invalid) -> BatchItem {
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }), first == UInt8(ascii: "{") else {
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let amount = fenByDefault ? try Amount(fenText: text) : try Amount(userInput: text)
                return BatchItem(line: line, amountText: text, amount: amount)
            } catch {
                throw Invalid(message: error.description, amountText: text, id: nil)
            }
        }
        let members: [JSONLineParser.Member]
        do {
            members = try parser.parseObject(bytes)
        } catch {
            throw Invalid(message: "line \(line) is not a valid JSON object: \(error.description)", amountText: nil, id: nil)
        }
        var object: [String: JSONLineParser.Value] = [:]
        for member in members { object[member.key] = member.value }
        let id = object["id"]
        func fail(_ message: String, _ amountText: String? = nil) -> Invalid {
            Invalid(message: message, amountText: amountText, id: id)
        }
        if let unknown = members.map(\.key).sorted().first(where: { !fields.contains($0) }) {
            throw fail("unknown field \(MessageText.quoted(unknown)) (known: \(fields.sorted().joined(separator: ", ")))")
        }
        var amountText: String
        let amount: Amount
        switch (object["amount"], object["fen"]) {
        case (.some(let value), nil):
            guard case .string(let text) = value else {
                throw fail("'amount' must be a string such as \"123.45\" (JSON numbers are not exact)")
            }
            amountText = text
            do { amount = try Amount(userInput: text) } catch { throw fail(error.description, text) }
        case (nil, .some(let value)):
            switch value {
            case .string(let text): amountText = text
            case .number(let text) where text.utf8.allSatisfy({ (0x30...0x39).contains($0) }): amountText = text
            default: throw fail("'fen' must be a whole number of fen")
            }
            do { amount = try Amount(fenText: amountText) } catch { throw fail(error.description, amountText) }
        case (nil, nil):
            throw fail("an item needs 'amount' or 'fen'")
        default:
            throw fail("give 'amount' or 'fen', not both")
        }
        var item = BatchItem(line: line, amountText: amountText, amount: amount, id: id)
        if let value = object["prefix"] {
            guard case .string(let text) = value else { throw fail("'prefix' must be a string", amountText) }
            do { item.prefix = try Prefix(text) } catch { throw fail(error.description, amountText) }
        }
        if let value = object["name"] {
            guard case .string(let text) = value else { throw fail("'name' must be a string", amountText) }
            item.name = text
        }
        if let value = object["style"] {
            guard case .string(let text) = value, let style = ReadingStyle(rawValue: text) else {
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
