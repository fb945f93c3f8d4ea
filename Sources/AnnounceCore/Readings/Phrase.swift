/// What is announced: the prefix words, then the reading of the amount.
/// `到账一百二十三点四五元` is the words `到账 一 百 二 十 三 点 四 五 元`.
package struct Phrase: Hashable, Sendable {
    /// The amount that is announced.
    package let amount: Amount
    /// The words said before the amount.
    package let prefix: Prefix
    /// The reading of ``amount``, with the options the phrase was made with.
    package let reading: Reading

    /// The phrase that says `amount` after `prefix`, read with `options`.
    package init(amount: Amount, prefix: Prefix = .standard, options: ReadingOptions = ReadingOptions()) {
        self.amount = amount
        self.prefix = prefix
        self.reading = amount.reading(options)
    }

    /// The prefix words followed by the reading's words.
    package var words: [String] { prefix.words + reading.words }

    /// The whole phrase as text: `到账一百二十三点四五元`.
    package var text: String { prefix.text + reading.text }
}
