import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

/// One line of `announce batch` input: a bare amount, or a JSON object
/// `{"amount": "123.45"}` / `{"fen": 12345}` with optional `prefix`, `name`,
/// `id` (echoed exactly as written, numbers included), `style`, `variants`
/// (or each variant under its own key: `liang`, `leadYi`).
public struct BatchItem: Sendable {
    /// The 1-based input line number.
    public let line: Int
    /// The text of the amount as given (a bare line, `amount`, or `fen`).
    public var amountText: String
    /// The amount; nil for a template without `{amount}` or a burst.
    public var amount: Amount?
    /// A burst's amounts (`"amounts": [...]`), read.
    public var amounts: [Amount]?
    /// A burst's amounts, each as given.
    public var amountTexts: [String]?
    /// The item's template (`"template"`), over the batch's.
    public var template: Template?
    /// The template's `{count}` (`"count"`).
    public var count: Count?
    /// The item's `id`, echoed in its report exactly as written.
    package var id: JSONLineParser.Value?
    /// The file name to write the sound under (`"name"`), instead of the
    /// content-derived one; checked by ``/AnnounceWire/SoundName/validate(_:format:)``.
    public var name: String?
    /// The item's prefix (`"prefix"`), over the batch's.
    public var prefix: Prefix?
    /// The item's reading style (`"style"`), over the batch's.
    public var style: ReadingStyle?
    /// The item's reading variants turned on or off over the batch's
    /// (`"variants": [NAME]`, or each under its own key, `"KEY": true`).
    public var variants: [ReadingVariant: Bool] = [:]
    /// When the payment was taken (`"at"`), whole seconds since 1970.
    public var at: Int?
    /// The voice that says it (`"voice"`), by name, lower-cased: a bundled
    /// voice or one the batch was given by name; nil for the batch's own.
    public var voice: String?
    /// The line as it was read, for its error line; nil for an item built in code.
    public var input: String?

    /// The push's `announce-id`: the item's `id` when it is a string, or a
    /// number (its text as written); nil for other ids and none.
    public var announceID: String? {
        switch id {
        case .string(let text)?, .number(let text)?: return text.isEmpty ? nil : text
        default: return nil
        }
    }

    /// The latest `at` accepted, in the year 5138: far beyond any real
    /// payment, short enough that a payload's length is bounded.
    package static let latestAt = 99_999_999_999

    /// The fields a JSON item may have, each with what it holds: the one
    /// list the parser and `batch --help` use. Each reading variant a
    /// language offers is a field of its own too (``fieldTable``).
    private static let ownFieldTable: [(name: String, help: String)] = [
        ("amount", "the amount as a string, \"123.45\" (JSON numbers are not exact)"),
        ("fen", "the amount as a whole number of fen, a JSON number, 12345"),
        ("amounts", "a burst said as one summary: a list of amount strings, [\"12.50\", \"3\"]"),
        ("id", "any JSON value, echoed back exactly as written; a string or number of at most 128 bytes is also the push's announce-id"),
        ("at", "when the payment was taken, whole seconds since 1970 (the push's announce-at; default: now)"),
        ("name", "the file name instead of the content-derived one"),
        ("prefix", "a phrase or a prefix preset"),
        ("template", "a template preset or text"),
        ("count", "the number of payments for {count}"),
        ("style", "\"decimal\" or \"currency\""),
        ("variants", "reading variants to turn on: a list of their names, [\"NAME\"]"),
        ("voice", "the voice that says it, by name: a bundled voice's or one given with --voice-folder NAME=DIR, in any case; never a path"),
    ]

    /// The fields a JSON item may have, each with what it holds; each
    /// reading variant's key follows `variants`.
    package static var fieldTable: [(name: String, help: String)] {
        ownFieldTable.flatMap { field in
            [field] + (field.name == "variants" ? ReadingVariant.offered.map { ($0.key, "true or false") } : [])
        }
    }

    /// The fields every item may have, whatever the languages.
    private static let ownFields = Set(ownFieldTable.map(\.name))

    /// Whether a JSON item may have a field named `name`.
    package static func isField(_ name: String) -> Bool {
        ownFields.contains(name) || ReadingVariant.offered.contains { $0.key == name }
    }

    /// Why a line could not be taken as an item; the id is echoed if known.
    public struct Invalid: CategorizedError {
        /// What is wrong, for a machine.
        public let code: BatchErrorCode
        /// One line naming the problem.
        public let message: String
        /// The amount's text, if the amount was read before the problem.
        public let amountText: String?
        /// A burst's amounts, each as given, if all were read before the problem.
        public let amountTexts: [String]?
        /// The item's `id`, if it was read before the problem, to echo.
        package let id: JSONLineParser.Value?
        /// A batch item that cannot be taken is rejected input.
        public var category: ErrorCategory { .rejectedInput }
        /// The one-line message: ``message``.
        public var description: String { message }

        init(_ code: BatchErrorCode, _ message: String, amountText: String? = nil, amountTexts: [String]? = nil, id: JSONLineParser.Value? = nil) {
            self.code = code
            self.message = message
            self.amountText = amountText
            self.amountTexts = amountTexts
            self.id = id
        }
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
        var item = try parseFields(bytes, line: line, fenByDefault: fenByDefault)
        item.input = String(decoding: bytes, as: UTF8.self)
        return item
    }

    private static func parseFields(_ bytes: [UInt8], line: Int, fenByDefault: Bool) throws(Invalid) -> BatchItem {
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }), first == UInt8(ascii: "{") else {
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let amount = fenByDefault ? try Amount(fenText: text) : try Amount(userInput: text)
                return BatchItem(line: line, amountText: text, amount: amount)
            } catch {
                throw Invalid(.badAmount, error.description)
            }
        }
        let members: [JSONLineParser.Member]
        do {
            members = try parser.parseObject(bytes)
        } catch {
            throw Invalid(.notJSON, "line \(line) is not a valid JSON object: \(error.description)")
        }
        var object: [String: JSONLineParser.Value] = [:]
        for member in members { object[member.key] = member.value }
        let id = object["id"]
        // The amount (or a burst's amounts) once read, for the error line.
        var readText: String?
        var readTexts: [String]?
        func fail(_ code: BatchErrorCode, _ message: String) -> Invalid {
            Invalid(code, message, amountText: readText, amountTexts: readTexts, id: id)
        }
        if let unknown = members.map(\.key).sorted().first(where: { !isField($0) }) {
            let known = fieldTable.map(\.name).sorted()
            let nearest = Suggestion.nearest(to: unknown, among: known).map { "did you mean \(MessageText.quoted($0))? " } ?? ""
            throw fail(.unknownField, "unknown field \(MessageText.quoted(unknown)) (\(nearest)known: \(known.joined(separator: ", ")))")
        }
        var template: Template?
        if let value = object["template"] {
            guard case .string(let text) = value else { throw fail(.badField, "'template' must be a string") }
            do { template = try Template(text) } catch { throw fail(.badTemplate, error.description) }
        }
        var amountText = ""
        var amount: Amount?
        var amounts: [Amount]?
        var amountTexts: [String]?
        switch (object["amount"], object["fen"], object["amounts"]) {
        case (.some(let value), nil, nil):
            guard case .string(let text) = value else {
                throw fail(.badField, "'amount' must be a string such as \"123.45\" (JSON numbers are not exact)")
            }
            amountText = text
            do { amount = try Amount(userInput: text) } catch { throw fail(.badAmount, error.description) }
        case (nil, .some(let value), nil):
            // A JSON number only: a string such as "12" would read one way
            // here and another in a backend that expects the documented number.
            guard case .number(let text) = value else {
                throw fail(.badField, "'fen' must be a whole number of fen written as a JSON number, such as 12345, not \(value.kindName)")
            }
            guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                let problem = text.hasPrefix("-") ? "negative amounts cannot be announced" : "give a whole number of fen, such as 12345"
                throw fail(.badAmount, "'fen' is \(text): \(problem)")
            }
            amountText = text
            do { amount = try Amount(fenText: amountText) } catch { throw fail(.badAmount, error.description) }
        case (nil, nil, .some(let value)):
            guard case .array(let elements) = value, !elements.isEmpty else {
                throw fail(.badField, "'amounts' must be a non-empty list of strings such as [\"12.50\", \"3\"]")
            }
            guard template == nil else { throw fail(.badField, "'amounts' makes its own summary: give no 'template'") }
            var read: [Amount] = []
            var texts: [String] = []
            for element in elements {
                guard case .string(let text) = element else { throw fail(.badField, "'amounts' must hold strings such as \"12.50\"") }
                do { read.append(try Amount(userInput: text)) } catch { throw fail(.badAmount, error.description) }
                texts.append(text)
            }
            amounts = read
            amountTexts = texts
            amountText = texts.joined(separator: " ")
        case (nil, nil, nil):
            guard let template, !template.slots.contains(.amount) else {
                throw fail(.badField, "an item needs 'amount', 'fen' or 'amounts'")
            }
        default:
            throw fail(.badField, "give one of 'amount', 'fen' and 'amounts'")
        }
        if amount != nil { readText = amountText }
        readTexts = amountTexts
        var item = BatchItem(line: line, amountText: amountText, amount: amount, id: id)
        if let announceID = item.announceID, let problem = PushPayload.validate(id: announceID) {
            throw fail(.badField, "'id': \(problem)")
        }
        if let value = object["at"] {
            guard case .number(let text) = value, !text.isEmpty, text.utf8.count <= 11,
                  text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let seconds = Int(text), seconds <= latestAt
            else {
                throw fail(.badField, "'at' must be whole seconds since 1970 as a JSON number, at most \(latestAt)")
            }
            item.at = seconds
        }
        item.amounts = amounts
        item.amountTexts = amountTexts
        item.template = template
        if let value = object["count"] {
            let text: String
            switch value {
            case .string(let string): text = string
            case .number(let number): text = number
            default: throw fail(.badField, "'count' must be a whole number of payments")
            }
            do { item.count = try Count(parsing: text) } catch { throw fail(.badCount, error.description) }
        }
        if let value = object["prefix"] {
            guard case .string(let text) = value else { throw fail(.badField, "'prefix' must be a string") }
            do { item.prefix = try Prefix(text) } catch { throw fail(.badPrefix, error.description) }
        }
        if let value = object["name"] {
            guard case .string(let text) = value else { throw fail(.badField, "'name' must be a string") }
            item.name = text
        }
        if let value = object["style"] {
            let styles = ReadingStyle.allCases.map(\.rawValue)
            guard case .string(let text) = value, let style = ReadingStyle(anyCase: text) else {
                let nearest = value.string.map { Suggestion.note(to: $0, among: styles) } ?? ""
                throw fail(.badField, "'style' must be \(styles.map { "\"\($0)\"" }.joined(separator: " or "))\(nearest)")
            }
            item.style = style
        }
        for variant in ReadingVariant.offered {
            guard let value = object[variant.key] else { continue }
            guard case .bool(let flag) = value else { throw fail(.badField, "'\(variant.key)' must be true or false") }
            item.variants[variant] = flag
        }
        if let value = object["variants"] {
            guard case .array(let names) = value else {
                throw fail(.badField, "'variants' must be a list of variants' names: \(ReadingVariant.names)")
            }
            for name in names {
                guard case .string(let text) = name else {
                    throw fail(.badField, "'variants' must be a list of variants' names: \(ReadingVariant.names)")
                }
                guard let variant = ReadingVariant(name: text) else {
                    let nearest = Suggestion.note(to: text, among: ReadingVariant.offered.map(\.name))
                    throw fail(.badVariant, "\(MessageText.quoted(text)) is not a variant of the reading\(nearest): \(ReadingVariant.names)")
                }
                item.variants[variant] = true
            }
        }
        if let value = object["voice"] {
            guard case .string(let text) = value, let name = Self.voiceName(text) else {
                throw fail(.badField, "'voice' must be a voice's name (letters, digits, '.', '-', '_'; no path), not \(value.kindName == "a string" ? MessageText.quoted(value.string ?? "") : value.kindName)")
            }
            item.voice = name
        }
        return item
    }

    /// `text` lower-cased when it can name a voice: 1 to 64 ASCII letters,
    /// digits, `.`, `-` or `_`, not `.` or `..`; nil otherwise (a path
    /// from the input never reaches the file system).
    package static func voiceName(_ text: String) -> String? {
        let name = text.lowercased()
        guard name.utf8.count <= 64, Voice.isName(name) else { return nil }
        return name
    }

    /// Why the item's push fields cannot be sent, for an item built in code
    /// (a parsed line was checked as it was read): an `id` that is empty,
    /// too long or has control characters, an `at` out of range.
    package var pushProblem: String? {
        if let announceID, let problem = PushPayload.validate(id: announceID) { return "'id': \(problem)" }
        if let at, !(0...Self.latestAt).contains(at) {
            return "'at' must be whole seconds since 1970, from 0 to \(Self.latestAt)"
        }
        return nil
    }

    /// The job that answers the item: its amount (or burst), name, id and time.
    package var job: AnnouncementJob {
        let content = amounts.map { AnnouncementJob.Content.burst($0, texts: amountTexts ?? $0.map(\.description)) }
            ?? .filled(amount: amount, count: count)
        return AnnouncementJob(input: amountText, content: content, name: name, announceID: announceID, at: at)
    }

    /// The item's options over the batch's defaults.
    public func options(over defaults: Announcer.Options) -> Announcer.Options {
        var options = defaults
        if let prefix { options.prefix = prefix }
        if let style { options.reading.style = style }
        for (variant, on) in variants { options.reading.set(variant, on) }
        if let template { options.template = template }
        return options
    }
}

extension BatchItem {
    /// An item announcing `amount` (or, for a template without
    /// `{amount}`, nothing), for a backend that builds items itself rather
    /// than writing JSON lines. Fields left nil take the batch's options.
    /// - Parameters:
    ///   - amount: the amount, nil for a template without `{amount}`.
    ///   - id: echoed in the item's result, as a JSON string.
    ///   - name: a file name instead of the content-derived one.
    ///   - template: the item's template, over the batch's.
    ///   - count: the number of payments for a template's `{count}`.
    ///   - prefix: the item's prefix, over the batch's.
    ///   - style: the item's reading style, over the batch's.
    ///   - variants: the item's reading variants turned on or off, over the batch's.
    ///   - line: the number its results report as `line` (0: none).
    ///   - at: when the payment was taken, seconds since 1970 (default: when it is rendered).
    public init(
        amount: Amount?, id: String? = nil, name: String? = nil, template: Template? = nil, count: Count? = nil,
        prefix: Prefix? = nil, style: ReadingStyle? = nil, variants: [ReadingVariant: Bool] = [:], at: Int? = nil,
        line: Int = 0
    ) {
        self.init(line: line, amountText: amount?.description ?? "", amount: amount, id: id.map { .string($0) })
        self.name = name
        self.at = at
        self.template = template
        self.count = count
        self.prefix = prefix
        self.style = style
        self.variants = variants
    }

    /// An item announcing a burst of payments as one summary (their count
    /// and exact total), like `"amounts"` in a JSON item.
    /// - Parameters:
    ///   - amounts: the payments, at least one.
    ///   - id: echoed in the item's result, as a JSON string.
    ///   - prefix: the item's prefix, over the batch's.
    ///   - line: the number its results report as `line` (0: none).
    public init(together amounts: [Amount], id: String? = nil, prefix: Prefix? = nil, line: Int = 0) {
        self.init(line: line, amountText: amounts.map(\.description).joined(separator: " "), amount: nil, id: id.map { .string($0) })
        self.amounts = amounts
        self.amountTexts = amounts.map(\.description)
        self.prefix = prefix
    }
}
