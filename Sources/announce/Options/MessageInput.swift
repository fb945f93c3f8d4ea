import AnnounceServer
import AnnounceStudio

/// What render and explain announce for one entry of their input: the
/// template filled with an amount (and `--count`), or with nothing, or a
/// burst of all the amounts (`--together`).
struct MessageInput {
    let phrase: PhraseOptions
    let input: AmountInput

    /// The job for `text`: one amount, or with `--together` the amounts
    /// separated by blanks.
    /// - Throws: ``AmountError`` for an amount that cannot be read, ``CountError`` for a bad `--count`.
    func job(for text: String, name: String? = nil, announceID: String? = nil) throws -> AnnouncementJob {
        AnnouncementJob(input: text, content: try content(for: text), name: name, announceID: announceID)
    }

    /// The message for `text`, as ``job(for:name:announceID:)``'s content
    /// says it with the phrase options: for a device voice pack, which needs
    /// no announcer.
    /// - Throws: what ``job(for:name:announceID:)`` throws, and
    ///   ``MessageError`` for a message the template refuses.
    func message(for text: String) throws -> Message {
        try content(for: text).message(phrase.phrasing)
    }

    private func content(for text: String) throws -> AnnouncementJob.Content {
        if input.together {
            let amounts = try input.argumentAmounts.map { text throws(AmountError) in try phrase.amount(text) }
            return .burst(amounts, texts: input.argumentAmounts)
        }
        let count = try phrase.parsedCount()
        guard phrase.parsedTemplate.slots.contains(.amount) else { return .filled(amount: nil, count: count) }
        return .filled(amount: try phrase.amount(text), count: count)
    }
}
