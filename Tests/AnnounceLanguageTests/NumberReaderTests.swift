import AnnounceCommon
import AnnounceLanguage
import AnnounceTestSupport
import Testing

/// A language's reader, taken in the steps the worst-case search takes:
/// carrying the state on changes no reading, and every word it says is one
/// its vocabulary lists.
struct NumberReaderTests {
    /// Each packaged language with each set of options a voice of it reads with.
    static let cases: [(Language, ReadingOptions)] = Language.packaged.flatMap { language in
        language.readingOptions(among: ReadingOptions.allCombinations).map { (language, $0) }
    }

    @Test("the steps, carried or not, read as the language reads; every word is in the reader's vocabulary",
          arguments: 0..<cases.count)
    func stepsReadAsTheLanguage(index: Int) throws {
        let (language, options) = Self.cases[index]
        let reader = language.reader
        let vocabulary = Set(reader.vocabulary(options))
        var generator = SplitMix64(seed: 0x7265_6164_6572 &+ UInt64(index))
        var amounts: [UInt64] = [0, 1, 2, 10, 12, 20, 200, 202, 205, 1_000, 10_000, 20_000, 1_000_100, 2_000_000_000, 99_999_999_999_999]
        for _ in 0..<20_000 {
            let digits = Int(generator.next() % 14) + 1
            var fen: UInt64 = 0
            for _ in 0..<digits { fen = fen * 10 + (generator.next() % 4 == 0 ? 0 : generator.next() % 10) }
            amounts.append(fen % (Amount.maximumFen + 1))
        }
        var failures = 0
        for fen in amounts {
            let amount = try Amount(fen: fen)
            let read = language.reading(of: amount, options: options).words
            // The same steps without carried: what it clears is never looked at.
            var state = ReaderState()
            var words: [String] = []
            var divisor: UInt64 = 1
            for _ in 1..<Amount.maximumIntegerDigits { divisor *= 10 }
            for digitIndex in 0..<Amount.maximumIntegerDigits {
                words += reader.read(digitIndex, Int(amount.yuan / divisor % 10), state: &state, options: options)
                divisor /= 10
            }
            words += reader.finish(fen: Int(fen % 100), state: state, options: options)
            if words != read || !read.allSatisfy(vocabulary.contains) {
                failures += 1
                if failures <= 5 { Issue.record("\(language) \(amount): \(read.joined()) by steps \(words.joined())") }
            }
        }
        #expect(failures == 0)
    }

    @Test("with no language, amounts and counts read as the default language reads them")
    func noLanguageIsTheDefault() throws {
        for fen: UInt64 in [0, 2, 200, 1_234_500, 100_000_200] {
            let amount = try Amount(fen: fen)
            for options in ReadingOptions.allCombinations {
                #expect(amount.reading(options) == Language.default.reading(of: amount, options: options))
            }
        }
        for value in [1, 2, 10, 200, 10_000] {
            #expect(try Count(value).words == Language.default.reader.countWords(value))
        }
    }
}
