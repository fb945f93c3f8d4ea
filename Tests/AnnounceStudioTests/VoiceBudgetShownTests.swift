import AnnounceServer
@testable import AnnounceStudio
import Testing

/// How `voice check` names a reading in its budget table and messages.
@Suite struct VoiceBudgetShownTests {
    @Test("a reading is shown by its style and the variants a reader may ask for, not a language's own", arguments: [
        (ReadingOptions(), "decimal"),
        (ReadingOptions(style: .currency, liang: true, leadYi: true), "currency, 两, 一十"),
        (Language.cantonese.defaultReading, "decimal, 两"),
        (ReadingOptions(style: .currency, liang: true, subunitLiang: true), "currency, 两"),
    ])
    func shown(options: ReadingOptions, expected: String) {
        #expect(VoiceBudget.shown(options) == expected)
    }
}
