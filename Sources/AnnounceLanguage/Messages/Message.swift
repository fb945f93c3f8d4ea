/// What is announced: a template filled with an amount, a count and a
/// prefix, read with reading options (docs/MESSAGES.md).
///
/// `{prefix}{count}笔，共计{amount}元` with 3, 123.45 and 支付宝到账 is the
/// words `支付宝到账 三 笔 共计 一 百 二 十 三 点 四 五 元` and the text
/// `支付宝到账三笔，共计一百二十三点四五元`, with a pause after 支付宝到账
/// (the lead) and one at the comma.
///
/// The ``Template/payment`` template gives the prefix words, then the
/// words of the amount's ``Reading``.
import AnnounceCommon

public struct Message: Hashable, Sendable {
    /// What the message says, with slots.
    public let template: Template
    /// The amount said by `{amount}`, if the template has it.
    public let amount: Amount?
    /// The count said by `{count}`, if the template has it.
    public let count: Count?
    /// The prefix said by `{prefix}` (kept even when the template has none).
    public let prefix: Prefix
    /// How the amount is read; counts do not depend on them (C4).
    public let options: ReadingOptions
    /// Every word in order; each is what one clip says (a voice may say a
    /// run of them with one clip).
    public let words: [String]
    /// The whole message as text, with its commas: `支付宝到账三笔，共计…元`.
    public let text: String
    /// How many words the lead has: the words before the first `{amount}`
    /// or `{count}` (the prefix, and fixed text such as 退款). The
    /// renderer's prefix pause follows the lead (M2). All words when the
    /// template has neither slot.
    public let leadWordCount: Int
    /// Where the longer pause goes, as indexes into ``words``: the pause
    /// comes before `words[i]`. After the lead, and at each comma; never at
    /// the start or the end. Ascending.
    public let pauses: [Int]

    /// The most payments the ``Template/summary`` preset says. With
    /// ``summaryMaximumTotalFen``, the largest count and total that fit the
    /// 6 s budget with the bundled voice, every prefix preset and every
    /// reading option (docs/MESSAGES.md B3, §6).
    public static let summaryMaximumCount = 999
    /// The largest total the ``Template/summary`` preset says, in fen:
    /// 9,999,999.99.
    public static let summaryMaximumTotalFen: UInt64 = 999_999_999

    /// Fills `template`, the amount and the count read by `language`'s
    /// reader; a preset template or prefix says `language`'s words
    /// (``Template/resolved(in:)``, ``Prefix/resolved(in:)``).
    /// - Throws: ``MessageError`` when the template or the prefix is a
    ///   preset `language` lacks or a text it does not read, a slot has no value (`{amount}`
    ///   without `amount`, `{count}` without `count`), a value has no slot,
    ///   or the ``Template/summary`` preset is given more than
    ///   ``summaryMaximumCount`` payments or a total above
    ///   ``summaryMaximumTotalFen``.
    public init(
        template asked: Template = .payment, amount: Amount? = nil, count: Count? = nil, prefix askedPrefix: Prefix = .standard,
        options: ReadingOptions = ReadingOptions(), language: Language = .default
    ) throws(MessageError) {
        // Presets are the language's: its words for the same names.
        let template: Template
        let prefix: Prefix
        do {
            template = try asked.resolved(in: language)
        } catch {
            throw MessageError(template: asked, problem: .template(error))
        }
        do {
            prefix = try askedPrefix.resolved(in: language)
        } catch {
            throw MessageError(template: template, problem: .prefix(error))
        }
        let slots = template.slots
        func fail(_ problem: MessageError.Problem) -> MessageError { MessageError(template: template, problem: problem) }
        if slots.contains(.amount) && amount == nil { throw fail(.missingAmount) }
        if !slots.contains(.amount) && amount != nil { throw fail(.unexpectedAmount) }
        if slots.contains(.count) && count == nil { throw fail(.missingCount) }
        if !slots.contains(.count) && count != nil { throw fail(.unexpectedCount) }
        if template == .summary {
            if let count, count.value > Self.summaryMaximumCount { throw fail(.summaryCountTooLarge(count.value)) }
            if let amount, amount.fen > Self.summaryMaximumTotalFen { throw fail(.summaryTotalTooLarge(amount)) }
        }

        var words: [String] = []
        var pieces: [(offset: Int, text: String, isPause: Bool)] = []
        var lead: Int?
        for part in template.parts {
            var said: [String] = []
            switch part {
            case .slot(.prefix): said = prefix.words
            case .slot(.amount): said = amount.map { language.reading(of: $0, options: options).words } ?? []
            case .slot(.count): said = count?.words(in: language) ?? []
            case .words(let fixed): said = fixed
            case .pause(let mark):
                pieces.append((words.count, mark, true))
                continue
            }
            if case .slot(let slot) = part, slot != .prefix, lead == nil { lead = words.count }
            pieces.append((words.count, said.joined(), false))
            words += said
        }
        let leadWordCount = lead ?? words.count
        var pauses = pieces.filter(\.isPause).map(\.offset)
        pauses.append(leadWordCount)
        let inside = Set(pauses.filter { $0 > 0 && $0 < words.count })

        self.template = template
        self.amount = amount
        self.count = count
        self.prefix = prefix
        self.options = options
        self.words = words
        // A comma at the start or end, or beside another, separates nothing: not said, not shown.
        var shown = Set<Int>()
        self.text = pieces.map { piece in
            guard piece.isPause else { return piece.text }
            return inside.contains(piece.offset) && shown.insert(piece.offset).inserted ? piece.text : ""
        }.joined()
        self.leadWordCount = leadWordCount
        self.pauses = inside.sorted()
    }

    /// The words of the lead: the prefix pause follows them.
    public var leadWords: ArraySlice<String> { words[..<leadWordCount] }
}
