import AnnounceCore
import Testing

struct AmountParsingTests {
    @Test("canonical amounts", arguments: [
        ("0", 0), ("0.0", 0), ("0.00", 0), ("0.01", 1), ("0.5", 50), ("1", 100), ("123.45", 12345),
        ("100.10", 10010), ("999999999999.99", 99_999_999_999_999), ("99999999.99", 9_999_999_999),
    ] as [(String, UInt64)])
    func canonical(text: String, fen: UInt64) throws {
        #expect(try Amount(parsing: text).fen == fen)
    }

    @Test("strict parser refusals", arguments: [
        ("-5", AmountError.Problem.negative), ("+5", .sign), (".5", .missingIntegerDigits),
        ("5.", .missingFractionDigits), ("1.234", .tooManyDecimals), ("1e3", .notDecimal), ("1E3", .notDecimal),
        ("1,000", .notDecimal), ("1_000", .notDecimal), ("¥12", .notDecimal), ("12元", .notDecimal),
        ("５", .notDecimal), ("十二", .notDecimal), ("", .empty), (" 5", .notDecimal), ("5 ", .notDecimal),
        ("00012", .leadingZero), ("01.5", .leadingZero), ("1000000000000", .tooLarge),
        ("99999999999999999999999", .tooLarge), ("1.2.3", .notDecimal), ("0x10", .notDecimal),
        ("-", .notDecimal), ("--5", .notDecimal), ("1.-5", .notDecimal), ("NaN", .notDecimal), ("inf", .notDecimal),
    ] as [(String, AmountError.Problem)])
    func strictRefusals(text: String, problem: AmountError.Problem) {
        #expect(throws: AmountError(input: text, problem: problem)) { try Amount(parsing: text) }
    }

    @Test("command-line conveniences", arguments: [
        (" 123.45 ", 12345), ("\t7\n", 700), ("¥12", 1200), ("￥12.50", 1250), ("1,234.50", 123_450),
        ("12,345,678", 1_234_567_800), ("１２３．４５", 12345), ("¥１,０００", 100_000), ("\u{3000}5\u{3000}", 500),
        ("999,999,999,999.99", 99_999_999_999_999),
    ] as [(String, UInt64)])
    func conveniences(text: String, fen: UInt64) throws {
        #expect(try Amount(userInput: text).fen == fen)
    }

    @Test("command-line refusals", arguments: [
        ("1,00", AmountError.Problem.misplacedSeparators), ("12,34.5", .misplacedSeparators),
        ("1234,567", .misplacedSeparators), (",123", .misplacedSeparators), ("1,234,", .misplacedSeparators),
        ("1,234.5,0", .misplacedSeparators), ("1,2a4", .notDecimal), ("¥¥12", .notDecimal), ("¥ 12", .notDecimal),
        ("12¥", .notDecimal), ("$12", .notDecimal), ("-5", .negative), ("－5", .negative), ("¥-5", .negative),
        ("+5", .sign), ("1.234", .tooManyDecimals), ("1e3", .notDecimal), ("   ", .empty), ("¥", .empty),
        ("12元", .notDecimal), ("一百", .notDecimal), ("1 000", .notDecimal), ("1，000", .notDecimal),
        ("0,123", .leadingZero), ("1,000,000,000,000", .tooLarge),
    ] as [(String, AmountError.Problem)])
    func userRefusals(text: String, problem: AmountError.Problem) {
        #expect(throws: AmountError(input: text, problem: problem)) { try Amount(userInput: text) }
    }

    @Test("whole fen", arguments: [("12345", 12345), ("0", 0), (" 7 ", 7), ("99999999999999", 99_999_999_999_999)]
        as [(String, UInt64)])
    func fen(text: String, fen: UInt64) throws {
        #expect(try Amount(fenText: text).fen == fen)
    }

    @Test("whole fen refusals", arguments: [
        ("1.5", AmountError.Problem.notWholeFen), ("-3", .negative), ("+3", .sign), ("", .empty), ("012", .leadingZero),
        ("100000000000000", .fenTooLarge), ("¥5", .notWholeFen), ("1,000", .notWholeFen), ("abc", .notWholeFen),
    ] as [(String, AmountError.Problem)])
    func fenRefusals(text: String, problem: AmountError.Problem) {
        #expect(throws: AmountError(input: text, problem: problem)) { try Amount(fenText: text) }
    }

    @Test("messages name the input and the problem on one line")
    func messages() {
        #expect(AmountError(input: "1.234", problem: .tooManyDecimals).description == "'1.234' has more than 2 decimal places")
        #expect(AmountError(input: "-5", problem: .negative).description == "'-5': negative amounts cannot be announced")
        #expect(AmountError(input: "1e3", problem: .notDecimal).description == "'1e3' is not a decimal amount")
        let control = AmountError(input: "1\n2\u{0}", problem: .notDecimal).description
        #expect(!control.contains("\n") && control.contains("\\n"))
        let long = AmountError(input: String(repeating: "9", count: 10_000), problem: .tooLarge).description
        #expect(long.count < 200)
    }

    @Test("the largest amount, and nothing above it")
    func range() throws {
        #expect(try Amount(fen: Amount.maximumFen).description == "999999999999.99")
        #expect(throws: AmountError.self) { try Amount(fen: Amount.maximumFen + 1) }
        #expect(try Amount(parsing: "123.4").description == "123.40")
        #expect(try Amount(parsing: "0.05").description == "0.05")
        #expect(try Amount(parsing: "100.00").description == "100")
    }
}
