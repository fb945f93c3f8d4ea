import AnnounceCommon
import AnnounceLanguage
import FuzzSupport

/// libFuzzer's entry: the amount parsers on any bytes (read as UTF-8, invalid
/// sequences replaced, as a String from the command line would be).
///
/// A parser may refuse the input, but never trap, and what it accepts must
/// survive a round trip and be readable with every option.
func fuzzAmount(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: bytes(data, size), as: UTF8.self)

    let canonical = checked(text) { text throws(AmountError) in try Amount(parsing: text) }
    let user = checked(text) { text throws(AmountError) in try Amount(userInput: text) }
    let fen = checked(text) { text throws(AmountError) in try Amount(fenText: text) }

    // The command line's form is a superset of the canonical one: whatever
    // the strict parser takes, the lenient one takes with the same value.
    if let canonical {
        require(user == canonical, "Amount(userInput:) disagrees with Amount(parsing:) on \(debug(text))")
    }
    for amount in [canonical, user, fen].compactMap({ $0 }) {
        checkAmount(amount, from: text)
    }
    return 0
}

/// `form` (a text of `amount`) parses back to `amount`.
private func roundTrip(
    _ text: String, _ amount: Amount, _ form: String, _ parse: (String) throws(AmountError) -> Amount
) {
    do {
        let again = try parse(form)
        require(again == amount, "round trip of \(debug(text)) via \(form) gave \(again.fen) fen, not \(amount.fen)")
    } catch {
        fatalError("round trip of \(debug(text)) via \(form) failed: \(error)")
    }
}

/// Runs one parser; an error must describe itself on one line.
private func checked(_ text: String, _ parse: (String) throws(AmountError) -> Amount) -> Amount? {
    do {
        return try parse(text)
    } catch {
        requireOneLine(error.description, "AmountError for \(debug(text))")
        return nil
    }
}

/// What holds for every amount a parser accepts.
private func checkAmount(_ amount: Amount, from text: String) {
    require(amount.fen <= Amount.maximumFen, "fen \(amount.fen) out of range from \(debug(text))")
    let description = amount.description
    roundTrip(text, amount, description) { text throws(AmountError) in try Amount(parsing: text) }
    roundTrip(text, amount, description) { text throws(AmountError) in try Amount(userInput: text) }
    roundTrip(text, amount, String(amount.fen)) { text throws(AmountError) in try Amount(fenText: text) }
    for options in ReadingOptions.allCombinations {
        let words = amount.reading(options).words
        require(!words.isEmpty, "empty reading of \(description)")
        let vocabulary = Set(options.vocabulary)
        for word in words {
            require(vocabulary.contains(word), "reading of \(description) (\(options)) says \(word), not in the vocabulary")
        }
    }
}
