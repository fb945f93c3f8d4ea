import AnnounceServer
import Testing

/// A batch line that cannot be taken is rejected with one line, whatever
/// its field names hold (inputs the fuzzer found).
struct BatchItemMessageTests {
    @Test("field names from the line are escaped in the rejection", arguments: [
        (#"{"amount":"1","a\nb":1}"#, #"unknown field 'a\nb'"#),
        (#"{"amount":"1","\u2028":1}"#, #"unknown field '\u{2028}'"#),
    ])
    func unknownField(line: String, expected: String) {
        #expect {
            try BatchItem.parse(line, line: 1, fenByDefault: false)
        } throws: { error in
            let message = (error as? BatchItem.Invalid)?.description ?? ""
            return message.hasPrefix(expected)
                && !message.unicodeScalars.contains { ["\n", "\r", "\u{2028}", "\u{2029}"].contains($0) }
        }
    }
}
