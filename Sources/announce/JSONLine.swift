import AnnounceCore
import Foundation

/// The JSON lines announce prints: one object per amount, one line each.
/// Keys are sorted, so the output is stable byte for byte.
enum JSONLine {
    private struct ExplainLine: Encodable {
        let amount: String
        let text: String
        let words: [String]
    }

    private struct ErrorLine: Encodable {
        let amount: String
        let error: String
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func explain(input: String, phrase: Phrase) -> String {
        encode(ExplainLine(amount: input, text: phrase.text, words: phrase.words))
    }

    static func error(input: String, message: String) -> String {
        encode(ErrorLine(amount: input, error: message))
    }

    private static func encode(_ value: some Encodable) -> String {
        // Encoding plain strings and arrays of strings cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
