import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

// NSNumber tells a JSON boolean from a number on Apple's platforms, where
// Foundation is the system's. Elsewhere (the server, which never reads a
// push) full Foundation would bring ICU's data into the binary, so the
// module uses none of it there.
#if canImport(Darwin)
    import Foundation
#endif

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
/// `template` (a preset's name or the template text), `style`, each
/// reading variant under its own key (`liang`, `leadYi`: ``/AnnounceLanguage/ReadingVariant/key``)
/// and `language` (the voice's, `yue-Hans`); each only when the message has
/// it or it is not the default language. A reader also takes `variants`, a
/// list of the variants' names (`["liang", "lead-yi"]`).
/// The server writes it (``PushPayload/payload(url:id:at:message:held:)``);
/// the extension reads it back with ``init(value:)`` into the same
/// ``/AnnounceLanguage/Message``.
public struct PushMessage: Equatable, Sendable {
    /// The custom top-level key of the push that holds the message.
    public static let key = "announce-message"

    /// The message.
    public let message: Message
    /// The language of the voice it was made for: a phone whose pack
    /// speaks another says nothing of it (`language`, written only for a
    /// language other than Mandarin).
    public let language: Language

    /// The push's message for `message`, made for a voice of `language`.
    public init(_ message: Message, language: Language = .default) {
        self.message = message
        self.language = language
    }

    /// The message as a JSON object, fields in sorted order.
    package var object: JSONObject {
        var object = JSONObject()
        if let amount = message.amount { object.add("amount", amount.description) }
        if let count = message.count { object.add("count", count.value) }
        if language != .default { object.add("language", language.tag) }
        // Each variant under its own key, which every phone reads.
        for variant in ReadingVariant.byKey where message.options.has(variant) { object.add(variant.key, true) }
        if message.prefix != .standard { object.add("prefix", Self.argument(for: message.prefix)) }
        if message.options.style != .decimal { object.add("style", message.options.style.rawValue) }
        if message.template != .payment { object.add("template", message.template.description) }
        return object
    }

    /// Reads the message from the push's value under ``key`` (a dictionary,
    /// as `userInfo` holds a JSON object); nil when it is absent, not an
    /// object, or a field is of the wrong type or does not make a message
    /// with the others (the extension then plays what `aps.sound` names).
    /// ``init(fields:)`` says which.
    public init?(value: Any?) {
        guard let read = try? Self(fields: value) else { return nil }
        self = read
    }

    /// Reads the message from the push's value under ``key``.
    /// - Throws: ``MalformedPushMessage``, one line naming the field that is
    ///   missing, of the wrong type, or refused by the message it makes (an
    ///   amount above the largest, an unknown template); of several, the
    ///   first in key order. A field this version does not know is passed
    ///   over: the rest still makes the message.
    public init(fields value: Any?) throws(MalformedPushMessage) {
        guard let value else { throw MalformedPushMessage(.missing, "the push has no \(Self.key)") }
        guard let fields = value as? [AnyHashable: Any] else { throw MalformedPushMessage(.notAnObject, "\(Self.key) is not an object") }
        func fail(_ field: String, _ problem: String) -> MalformedPushMessage {
            MalformedPushMessage(.badField, "\(Self.key).\(field) \(problem)")
        }
        var amount: Amount?
        var count: Count?
        var prefix = Prefix.standard
        var template = Template.payment
        var options = ReadingOptions()
        var language = Language.default
        // In key order: of several wrong fields the same one is named
        // every time (a dictionary's order changes from process to process).
        let named = fields.compactMap { key, value in (key as? String).map { (key: $0, value: value) } }
        for (key, value) in named.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "amount":
                guard let text = value as? String else { throw fail(key, "is not a string of yuan") }
                do { amount = try Amount(parsing: text) } catch { throw fail(key, "is refused: \(error.description)") }
            case "count":
                guard let number = PushNumber.whole(value), let whole = Int(exactly: number) else {
                    throw fail(key, "is not a whole number")
                }
                do { count = try Count(whole) } catch { throw fail(key, "is refused: \(error.description)") }
            case "prefix":
                guard let text = value as? String else { throw fail(key, "is not a string") }
                do { prefix = try Prefix(text) } catch { throw fail(key, "is refused: \(error.description)") }
            case "template":
                guard let text = value as? String else { throw fail(key, "is not a string") }
                do { template = try Template(text) } catch { throw fail(key, "is refused: \(error.description)") }
            case "style":
                guard let text = value as? String, let read = ReadingStyle(rawValue: text) else {
                    throw fail(key, "is not one of \(ReadingStyle.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.style = read
            case "language":
                guard let text = value as? String else { throw fail(key, "is not a string") }
                do { language = try Language(tag: text) } catch { throw fail(key, "is refused: \(error.description)") }
            case "variants":
                guard let names = value as? [Any] else { throw fail(key, "is not a list of variants' names") }
                for name in names {
                    guard let text = name as? String, let variant = ReadingVariant(name: text) else {
                        throw fail(key, "names no variant: each is one of \(ReadingVariant.names)")
                    }
                    options.set(variant, true)
                }
            default:
                guard let variant = ReadingVariant.offered.first(where: { $0.key == key }) else { continue }
                guard let flag = PushNumber.boolean(value) else { throw fail(key, "is not true or false") }
                options.set(variant, flag)
            }
        }
        self.language = language
        // What the language always reads its own way and no message key
        // says (a variant no reader may ask for) comes from the language.
        for variant in language.defaultReading.variants where !ReadingVariant.offered.contains(variant) {
            options.set(variant, true)
        }
        do {
            message = try Phrasing(template: template, prefix: prefix, reading: options, language: language).message(amount: amount, count: count)
        } catch {
            throw MalformedPushMessage(.noMessage, "\(Self.key): \(error.description)")
        }
    }

    /// What `Prefix(_:)` reads back as `prefix`: a preset's name, else the
    /// words with a blank between them.
    private static func argument(for prefix: Prefix) -> String {
        Prefix.presets.first { $0.prefix == prefix }?.name ?? prefix.words.joined(separator: " ")
    }
}

/// A push whose `announce-message` cannot be read: one line naming the field.
public typealias MalformedPushMessage = AnnounceError<PushMessageFault>

/// The kinds of ``MalformedPushMessage``; each is what the backend sent
/// wrong (``/AnnounceCommon/ErrorCategory/rejectedInput``).
public enum PushMessageFault: ErrorKind {
    /// The push has no `announce-message`.
    case missing
    /// `announce-message` is not an object.
    case notAnObject
    /// A field of the wrong type, or with a value its reader refuses.
    case badField
    /// The fields make no message (a template's slot without its value).
    case noMessage

    /// What the backend sent is wrong.
    public var category: ErrorCategory { .rejectedInput }
}

/// Numbers and booleans of a push as the phone receives them: iOS decodes
/// JSON into `NSNumber`s, a boolean being one whose type is `c`, so `true`
/// is never read as 1 nor 1 as `true`. Off Apple's platforms (tests) the
/// values are Swift's own.
package enum PushNumber {
    /// A JSON whole number of at least 0; nil for a fraction, a boolean, a
    /// string or a negative number.
    package static func whole(_ value: Any) -> UInt64? {
        #if canImport(Darwin)
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
            let whole = number.int64Value
            guard whole >= 0, Double(whole) == number.doubleValue else { return nil }
            return UInt64(whole)
        #else
            switch value {
            case is Bool: return nil
            case let number as Int: return number >= 0 ? UInt64(number) : nil
            case let number as Int64: return number >= 0 ? UInt64(number) : nil
            case let number as UInt64: return number
            case let number as Double: return number >= 0 && number < 0x1p63 && number == number.rounded(.down) ? UInt64(number) : nil
            default: return nil
            }
        #endif
    }

    /// A JSON `true` or `false`; nil for numbers and anything else.
    package static func boolean(_ value: Any) -> Bool? {
        #if canImport(Darwin)
            guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
            return number.boolValue
        #else
            return value as? Bool
        #endif
    }
}
