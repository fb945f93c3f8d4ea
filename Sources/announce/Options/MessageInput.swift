import AnnounceAudio
import AnnounceCore

/// What render and explain announce for one entry of their input: the
/// template filled with an amount (and `--count`), or with nothing, or a
/// burst of all the amounts (`--together`).
struct MessageInput {
    let phrase: PhraseOptions
    let input: AmountInput

    /// The message for `text`: one amount, or with `--together` the
    /// amounts separated by blanks.
    func message(for text: String, announcer: Announcer) throws -> Message {
        if input.together {
            let amounts = try input.argumentAmounts.map { text throws(AmountError) in try phrase.amount(text) }
            return try announcer.message(together: amounts)
        }
        let count = try phrase.parsedCount()
        guard phrase.parsedTemplate.slots.contains(.amount) else {
            return try announcer.message(amount: nil, count: count)
        }
        return try announcer.message(amount: try phrase.amount(text), count: count)
    }

    /// The report of `plan`, with a burst's amounts.
    func report(_ report: AnnouncementReport, message: Message) -> AnnouncementReport {
        var report = report
        if input.together {
            report.amounts = input.argumentAmounts
            report.amount = message.amount?.description ?? report.amount
        }
        return report
    }
}
