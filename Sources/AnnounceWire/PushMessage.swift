import AnnounceCore
import Foundation

/// The message a push carries for a phone that renders announcements itself
/// from a device voice pack: the push's `announce-message` object.
///
/// ```json
/// "announce-message": {"fen": 12345, "leadYi": false, "liang": false,
///                      "prefix": "支付宝到账", "style": "decimal", "template": "payment"}
/// ```
///
/// `fen` is the amount as a JSON integer (never a decimal number, so no
/// rounding can change it), `count` the number of payments where the
/// template says one (a burst's summary), `template` a preset's name or a
/// template's text, `prefix` the prefix's words (empty for none). The push
/// keeps `aps.sound` and `announce-sound-url`: the server's file, which the
/// phone uses when its pack cannot say the message.
package struct PushMessage: Equatable, Sendable {
    /// The key of the object in the push.
    package static let key = "announce-message"

    package var template: String
    package var prefix: String
    package var fen: UInt64?
    package var count: Int?
    package var style: String
    package var liang: Bool
    package var leadYi: Bool

    /// The fields of `message`.
    package init(_ message: Message) {
        template = message.template.description
        prefix = message.prefix.words.joined()
        fen = message.amount?.fen
        count = message.count?.value
        style = message.options.style.rawValue
        liang = message.options.liang
        leadYi = message.options.leadYi
    }

    /// The object as the push carries it.
    package var object: JSONObject {
        // Keys in sorted order, as every object announce writes.
        var object = JSONObject()
        if let count { object.add("count", count) }
        if let fen { object.add("fen", Int(fen)) }
        object.add("leadYi", leadYi)
        object.add("liang", liang)
        object.add("prefix", prefix)
        object.add("style", style)
        object.add("template", template)
        return object
    }

    /// The fields of the push's `announce-message` as the phone receives
    /// them (a notification's `userInfo`: strings, numbers and booleans as
    /// Foundation decodes JSON).
    /// - Throws: ``MalformedPushMessage`` naming the field that is missing
    ///   or not of its type: a fraction or a string for `fen`, for example.
    package init(fields value: Any?) throws(MalformedPushMessage) {
        guard let fields = value as? [String: Any] else {
            throw MalformedPushMessage("\(Self.key) is not an object")
        }
        func text(_ name: String) throws(MalformedPushMessage) -> String {
            guard let text = fields[name] as? String else { throw MalformedPushMessage("\(Self.key).\(name) is not a string") }
            return text
        }
        func flag(_ name: String) throws(MalformedPushMessage) -> Bool {
            guard let value = fields[name] else { return false }
            guard let flag = PushNumber.boolean(value) else {
                throw MalformedPushMessage("\(Self.key).\(name) is not true or false")
            }
            return flag
        }
        func whole(_ name: String) throws(MalformedPushMessage) -> UInt64? {
            guard let value = fields[name] else { return nil }
            guard let number = PushNumber.whole(value) else {
                throw MalformedPushMessage("\(Self.key).\(name) is not a whole number of at least 0")
            }
            return number
        }
        template = try text("template")
        prefix = try text("prefix")
        fen = try whole("fen")
        count = try whole("count").map { Int(clamping: $0) }
        style = fields["style"] == nil ? ReadingStyle.decimal.rawValue : try text("style")
        liang = try flag("liang")
        leadYi = try flag("leadYi")
    }

    /// The message these fields say.
    /// - Throws: ``MalformedPushMessage`` for a template, prefix, amount,
    ///   count or style announce refuses.
    package func message() throws(MalformedPushMessage) -> Message {
        do {
            let template = try Template(template)
            let prefix = try Prefix(prefix.isEmpty ? "none" : prefix)
            let amount = try fen.map { fen throws(AmountError) in try Amount(fen: fen) }
            let count = try count.map { count throws(CountError) in try Count(count) }
            guard let style = ReadingStyle(rawValue: style) else {
                throw MalformedPushMessage("\(Self.key).style '\(style)' is not a reading style")
            }
            let options = ReadingOptions(style: style, liang: liang, leadYi: leadYi)
            return try Message(template: template, amount: amount, count: count, prefix: prefix, options: options)
        } catch let error as MalformedPushMessage {
            throw error
        } catch let error as CategorizedError {
            throw MalformedPushMessage("\(Self.key): \(error.description)")
        } catch {
            throw MalformedPushMessage("\(Self.key): \(error)")
        }
    }
}

/// A push whose `announce-message` cannot be read: one line naming the field.
package struct MalformedPushMessage: CategorizedError, Equatable, Sendable {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }

    /// What the backend sent is wrong.
    package var category: ErrorCategory { .rejectedInput }
}

/// Numbers and booleans of a push as the phone receives them: iOS decodes
/// JSON into `NSNumber`s (a boolean is one whose type is `c`); tests hand
/// over Swift values, which bridge the same way.
package enum PushNumber {
    /// A JSON whole number of at least 0; nil for a fraction, a boolean, a
    /// string or a negative number.
    package static func whole(_ value: Any) -> UInt64? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        let whole = number.int64Value
        guard whole >= 0, Double(whole) == number.doubleValue else { return nil }
        return UInt64(whole)
    }

    /// A JSON `true` or `false`; nil for numbers and anything else.
    package static func boolean(_ value: Any) -> Bool? {
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
        return number.boolValue
    }
}
