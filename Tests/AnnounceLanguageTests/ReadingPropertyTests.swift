import AnnounceCommon
import AnnounceLanguage
import AnnounceTestSupport
import Testing

/// Reads many random amounts in every variant and decodes the words back:
/// catches zero and unit mistakes that no table can list.
struct ReadingPropertyTests {
    static let count = 100_000

    @Test("random amounts read back to themselves", arguments: ReadingOptions.allCombinations)
    func roundTrip(options: ReadingOptions) throws {
        var generator = SplitMix64(seed: 0x616E_6E6F_756E_6365)
        let decoder = ReadingDecoder(options: options)
        let vocabulary = Set(options.vocabulary)
        var failures = 0
        for _ in 0..<Self.count {
            let amount = try Amount(fen: Self.randomFen(using: &generator))
            let words = amount.reading(options).words
            let decoded = Result { try decoder.decode(words) }
            let fine = (try? decoded.get()) == amount.fen && words.allSatisfy(vocabulary.contains)
            if !fine {
                failures += 1
                if failures <= 5 {
                    Issue.record("\(amount) → \(words.joined()) decodes as \(decoded)")
                }
            }
        }
        #expect(failures == 0)
    }

    @Test("the decoder is strict: it refuses readings that break the rules")
    func decoderRefusesWrongReadings() {
        let plain = ReadingDecoder(options: ReadingOptions())
        let wrong: [[String]] = [
            ["一", "万", "一", "元"],  // 10001 without its 零
            ["一", "万", "零", "零", "一", "元"],  // two 零 in a row
            ["一", "亿", "万", "元"],  // an empty group's unit (VT's bug)
            ["一", "十", "元"],  // leading 一十 without V3
            ["十", "万", "零", "九", "千", "元"],  // 零 before a full group
            ["一", "点", "一", "零", "元"],  // trailing fractional zero
            ["两", "百", "元"],  // 两 without V2
            ["一", "百", "十", "元"],  // 十 without its digit after a higher place
        ]
        for words in wrong {
            #expect(throws: ReadingDecoder.Invalid.self, "\(words.joined())") { try plain.decode(words) }
        }
        let liang = ReadingDecoder(options: ReadingOptions(liang: true))
        #expect(throws: ReadingDecoder.Invalid.self) { try liang.decode(["二", "百", "元"]) }
        #expect(throws: ReadingDecoder.Invalid.self) { try liang.decode(["一", "千", "两", "百", "元"]) }
        #expect((try? liang.decode(["两", "万", "二", "千", "元"])) == 2_200_000)
    }

    /// Amounts of every magnitude, with many zero digits, since zeros are
    /// where readings go wrong.
    static func randomFen(using generator: inout SplitMix64) -> UInt64 {
        let digits = Int(generator.next() % 14) + 1
        var fen: UInt64 = 0
        for _ in 0..<digits {
            let roll = generator.next() % 20
            let digit = roll < 8 ? 0 : roll < 11 ? (roll < 10 ? 1 : 2) : roll % 10
            fen = fen * 10 + digit
        }
        return fen
    }
}
