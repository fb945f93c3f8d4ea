import AnnounceCommon

/// What an announcement says around its amounts: the template, the prefix
/// and how amounts are read. The one place a ``Message`` is made from
/// them: the server's announcer, the command line, a push read back on the
/// phone and a pack's export all say a payment through it.
package struct Phrasing: Hashable, Sendable {
    /// What is said around the amount (``Template/payment`` by default).
    package var template: Template
    /// The words said before the amount.
    package var prefix: Prefix
    /// How amounts are read: the style and the variants.
    package var reading: ReadingOptions
    /// The language whose reader reads the amounts and counts.
    package var language: Language

    /// A phrasing with the defaults, any of them replaced.
    package init(
        template: Template = .payment, prefix: Prefix = .standard, reading: ReadingOptions = ReadingOptions(),
        language: Language = .default
    ) {
        self.template = template
        self.prefix = prefix
        self.reading = reading
        self.language = language
    }

    /// The template filled with `amount` and `count` (nil where it has no
    /// such slot).
    /// - Throws: ``MessageError`` when a slot has no value or a value no slot.
    package func message(amount: Amount?, count: Count? = nil) throws(MessageError) -> Message {
        try Message(template: template, amount: amount, count: count, prefix: prefix, options: reading, language: language)
    }

    /// A burst of payments said as one (``Message/burst(_:prefix:options:)``):
    /// their count and exact total in the summary template, whatever
    /// ``template`` is (one amount alone: the payment sentence).
    /// - Throws: ``MessageError`` for no amounts, too many, or a total too large.
    package func message(together amounts: [Amount]) throws(MessageError) -> Message {
        try Message.burst(amounts, prefix: prefix, options: reading, language: language)
    }
}
