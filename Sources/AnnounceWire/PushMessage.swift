import AnnounceCore

/// The message of a push, for the phone to render the announcement itself:
/// the custom key ``key`` beside `aps`, an object with the fields a batch
/// item names the same way (`announce batch --help`):
///
/// ```json
/// "announce-message": {"amount": "123.45", "prefix": "alipay"}
/// ```
///
/// `amount` (yuan, exact, as `Amount`'s description writes it), `count`,
/// `prefix` (a preset's name, or the phrase with a blank between words),
/// `template` (a preset's name or the template text), `style`, `liang` and
/// `leadYi`; each only when the message has it or it is not the default.
/// The server writes it (``PushPayload/payload(url:id:at:message:held:)``);
/// the extension reads it back with ``init(value:)`` into the same
/// ``/AnnounceCore/Message``.
public struct PushMessage: Equatable, Sendable {
    /// The custom top-level key of the push that holds the message.
    public static let key = "announce-message"

    /// The message.
    public let message: Message

    /// The push's message for `message`.
    public init(_ message: Message) {
        self.message = message
    }

    /// The message as a JSON object, fields in sorted order.
    package var object: JSONObject {
        var object = JSONObject()
        if let amount = message.amount { object.add("amount", amount.description) }
        if let count = message.count { object.add("count", count.value) }
        if message.options.leadYi { object.add("leadYi", true) }
        if message.options.liang { object.add("liang", true) }
        if message.prefix != .standard { object.add("prefix", Self.argument(for: message.prefix)) }
        if message.options.style != .decimal { object.add("style", message.options.style.rawValue) }
        if message.template != .payment { object.add("template", message.template.description) }
        return object
    }

    /// Reads the message from the push's value under ``key`` (a dictionary,
    /// as `userInfo` holds a JSON object); nil when it is absent, not an
    /// object, or a field is of the wrong type or does not make a message
    /// with the others (the extension then plays what `aps.sound` names).
    public init?(value: Any?) {
        guard let fields = value as? [AnyHashable: Any] else { return nil }
        var amount: Amount?
        var count: Count?
        var prefix = Prefix.standard
        var template = Template.payment
        var options = ReadingOptions()
        for (key, value) in fields {
            switch key as? String {
            case "amount":
                guard let text = value as? String, let read = try? Amount(parsing: text) else { return nil }
                amount = read
            case "count":
                guard let number = Self.integer(value), let read = try? Count(number) else { return nil }
                count = read
            case "prefix":
                guard let text = value as? String, let read = try? Prefix(text) else { return nil }
                prefix = read
            case "template":
                guard let text = value as? String, let read = try? Template(text) else { return nil }
                template = read
            case "style":
                guard let text = value as? String, let read = ReadingStyle(rawValue: text) else { return nil }
                options.style = read
            case "liang":
                guard let flag = value as? Bool else { return nil }
                options.liang = flag
            case "leadYi":
                guard let flag = value as? Bool else { return nil }
                options.leadYi = flag
            default:
                // A field of a later version: the rest still makes the message.
                continue
            }
        }
        guard let message = try? Message(template: template, amount: amount, count: count, prefix: prefix, options: options)
        else { return nil }
        self.message = message
    }

    /// What `Prefix(_:)` reads back as `prefix`: a preset's name, else the
    /// words with a blank between them.
    private static func argument(for prefix: Prefix) -> String {
        Prefix.presets.first { $0.prefix == prefix }?.name ?? prefix.words.joined(separator: " ")
    }

    /// A JSON number as an integer: iOS hands numbers over as `NSNumber`,
    /// which converts to `Int`; a Swift `Int` (as in tests) is read as is.
    private static func integer(_ value: Any) -> Int? {
        switch value {
        case let number as Int: return number
        case let number as Int64: return Int(exactly: number)
        case let number as Double: return Int(exactly: number)
        default: return nil
        }
    }
}
