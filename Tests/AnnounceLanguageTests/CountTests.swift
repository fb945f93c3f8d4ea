import AnnounceCommon
import AnnounceLanguage
import Testing

/// Counts read before a measure word (docs/MESSAGES.md C1–C5).
struct CountTests {
    static let table: [(Int, String)] = [
        (1, "一"), (2, "两"), (3, "三"), (10, "十"), (11, "十一"), (12, "十二"), (20, "二十"), (22, "二十二"),
        (100, "一百"), (101, "一百零一"), (110, "一百一十"), (200, "两百"), (222, "两百二十二"),
        (1000, "一千"), (1001, "一千零一"), (2000, "两千"), (2200, "两千二百"), (2002, "两千零二"),
        (9999, "九千九百九十九"), (10000, "一万"),
    ]

    @Test("counts read as cardinals before a measure word", arguments: table)
    func reading(value: Int, expected: String) throws {
        let count = try Count(value)
        #expect(count.text == expected)
        #expect(try Count(parsing: String(value)) == count)
        #expect(count.words.allSatisfy(Count.vocabulary.contains))
    }

    @Test("every count is read with the numeral rules, and only the 2 before 笔/百/千/万 becomes 两")
    func everyCount() throws {
        let vocabulary = Set(Count.vocabulary)
        for value in Count.range {
            let words = try Count(value).words
            #expect(words.allSatisfy(vocabulary.contains), "\(value)")
            // The same as the amount's integer reading with 两, apart from a bare 2.
            let amount = try Amount(fen: UInt64(value) * 100).reading(ReadingOptions(liang: true)).words.dropLast()
            #expect(words == Array(amount), "\(value): \(words.joined()) vs \(amount.joined())")
            if let index = words.firstIndex(of: "两") {
                #expect(index == 0 && (words.count == 1 || ["百", "千", "万"].contains(words[1])), "\(value)")
            }
        }
    }

    @Test("bad counts are refused with one line", arguments: [
        ("0", CountError.Problem.zero, "count '0' must be at least 1"),
        ("-3", .negative, "count '-3' is negative: expected 1–10000"),
        ("10001", .tooLarge, "count '10001' is too large: the largest count is 10000"),
        ("99999999999999999999999", .tooLarge, "count '99999999999999999999999' is too large: the largest count is 10000"),
        ("", .empty, "empty count: expected a whole number 1–10000"),
        ("3.0", .notANumber, "count '3.0' is not a whole number: expected digits, 1–10000"),
        ("03", .notANumber, "count '03' is not a whole number: expected digits, 1–10000"),
        ("+3", .notANumber, "count '+3' is not a whole number: expected digits, 1–10000"),
        (" 3", .notANumber, "count ' 3' is not a whole number: expected digits, 1–10000"),
        ("三", .notANumber, "count '三' is not a whole number: expected digits, 1–10000"),
        ("-", .notANumber, "count '-' is not a whole number: expected digits, 1–10000"),
    ])
    func badCounts(text: String, problem: CountError.Problem, message: String) {
        #expect(throws: CountError(input: text, problem: problem)) { try Count(parsing: text) }
        #expect(CountError(input: text, problem: problem).description == message)
    }

    @Test("the integer initializer checks the same range")
    func integerRange() {
        #expect(throws: CountError(input: "0", problem: .zero)) { try Count(0) }
        #expect(throws: CountError(input: "-1", problem: .negative)) { try Count(-1) }
        #expect(throws: CountError(input: "10001", problem: .tooLarge)) { try Count(10001) }
        #expect(throws: CountError(input: "\(Int.max)", problem: .tooLarge)) { try Count(Int.max) }
        #expect(throws: CountError(input: "\(Int.min)", problem: .negative)) { try Count(Int.min) }
    }
}
