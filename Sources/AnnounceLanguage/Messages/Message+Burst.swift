import AnnounceCommon

extension Message {
    /// One announcement for several payments (docs/MESSAGES.md B1–B4): the
    /// ``Template/summary`` template with their count and exact total; a
    /// single amount gives the ordinary ``Template/payment`` message.
    /// - Throws: ``MessageError`` for no amounts, more than
    ///   ``summaryMaximumCount`` amounts, a total above ``Amount/maximumFen``
    ///   (the sum is exact, never wrapped), or a total above
    ///   ``summaryMaximumTotalFen``.
    public static func burst(
        _ amounts: [Amount], prefix: Prefix = .standard, options: ReadingOptions = ReadingOptions(),
        language: Language = .default
    ) throws(MessageError) -> Message {
        if amounts.count == 1 {
            return try Message(template: .payment, amount: amounts[0], prefix: prefix, options: options, language: language)
        }
        guard amounts.count <= summaryMaximumCount else {
            throw MessageError(template: .summary, problem: .summaryCountTooLarge(amounts.count))
        }
        let total = try total(of: amounts)
        let count: Count
        do {
            count = try Count(amounts.count)
        } catch {
            // total(of:) refused an empty list, and the count is at most summaryMaximumCount.
            throw MessageError(template: .summary, problem: .summaryCountTooLarge(amounts.count))
        }
        return try Message(template: .summary, amount: total, count: count, prefix: prefix, options: options, language: language)
    }

    /// The exact sum of `amounts`, in fen.
    /// - Throws: ``MessageError`` for no amounts, more than
    ///   ``Count/range``'s upper bound, or a total above ``Amount/maximumFen``.
    public static func total(of amounts: [Amount]) throws(MessageError) -> Amount {
        guard !amounts.isEmpty else { throw MessageError(template: .summary, problem: .noAmounts) }
        guard amounts.count <= Count.range.upperBound else {
            throw MessageError(template: .summary, problem: .tooManyAmounts(amounts.count))
        }
        var fen: UInt64 = 0
        for amount in amounts {
            // At most 10000 amounts below 10^14 fen each stay far below
            // UInt64's limit, so the sum itself cannot overflow; the check
            // that matters is against the largest amount.
            fen += amount.fen
        }
        do {
            return try Amount(fen: fen)
        } catch {
            throw MessageError(template: .summary, problem: .totalTooLarge(fen: fen, amounts: amounts.count))
        }
    }
}
