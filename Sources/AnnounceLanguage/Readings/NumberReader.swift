/// How a language turns an amount, and a count, into words: its grammar of
/// digits and groups, zeros, the forms of 2, the unit words and how counts
/// read. A language gives one (``LanguageRules/reader``); the shared part
/// knows amounts, messages, templates and bursts, and asks the reader for
/// every word of a number.
///
/// A reading is taken in steps, one integer digit at a time from the most
/// significant of ``Amount/maximumIntegerDigits`` (index 0) to the units
/// (the last index), with a small ``ReaderState`` carried between them,
/// and then a ``finish(fen:state:options:)`` that says the fraction and the
/// unit words. The worst-case search of a voice reads through the same
/// steps, so it needs to know nothing of the language's grammar.
public protocol NumberReader: Sendable {
    /// How many low bits of ``ReaderState/rawValue`` the reader uses; the
    /// worst-case search keeps its own bits above them (at most 16).
    var stateBits: Int { get }

    /// The words integer digit `index` says as `digit`, updating `state`.
    /// A step may say nothing and leave the digit in `state` for
    /// ``finish(fen:state:options:)`` to say, when how it is said depends
    /// on the fraction.
    func read(_ index: Int, _ digit: Int, state: inout ReaderState, options: ReadingOptions) -> [String]

    /// `state` after integer digit `index` with what no later step looks
    /// at cleared, so that the search keeps one state for readings that go
    /// on alike. It must change no reading.
    func carried(_ state: ReaderState, after index: Int) -> ReaderState

    /// The words after the integer digits, from the `state` they leave: the
    /// fraction `fen` (0–99), the unit words, and anything a step left to say.
    func finish(fen: Int, state: ReaderState, options: ReadingOptions) -> [String]

    /// The whole reading of `amount`: the steps in turn, then the finish.
    func reading(of amount: Amount, options: ReadingOptions) -> Reading

    /// The words readings with `options` can contain: what a voice must
    /// have clips for, besides the prefix.
    func vocabulary(_ options: ReadingOptions) -> [String]

    /// The words of a count of `value` things said before a measure word.
    func countWords(_ value: Int) -> [String]

    /// The words any count can contain: what a voice needs for a `{count}`.
    var countVocabulary: [String] { get }

    /// The larger units a speaker records in context for a script with
    /// group units (`voice script --units groups`), for readings in
    /// `styles` with `variants`, in script order.
    func groupUnits(styles: [ReadingStyle], variants: [ReadingVariant]) -> [String]
}

/// What a reader remembers between the steps of a reading: a few bits, the
/// low ``NumberReader/stateBits`` of `rawValue`, their meaning the reader's.
public struct ReaderState: Hashable, Sendable {
    public var rawValue: Int

    /// A state of `rawValue`; 0 is the state before the first digit.
    public init(rawValue: Int = 0) { self.rawValue = rawValue }
}

extension NumberReader {
    public func reading(of amount: Amount, options: ReadingOptions) -> Reading {
        readingBySteps(of: amount, options: options)
    }

    /// The reading of `amount` taken as the worst-case search takes it:
    /// each integer digit's step, the state carried, then the finish.
    public func readingBySteps(of amount: Amount, options: ReadingOptions) -> Reading {
        let count = Amount.maximumIntegerDigits
        var words: [String] = []
        var state = ReaderState()
        var divisor: UInt64 = 1
        for _ in 1..<count { divisor *= 10 }
        for index in 0..<count {
            words += read(index, Int(amount.yuan / divisor % 10), state: &state, options: options)
            state = carried(state, after: index)
            divisor /= 10
        }
        return Reading(words: words + finish(fen: Int(amount.fen % 100), state: state, options: options))
    }
}
