import AnnounceCommon
import AnnounceLanguage
import Foundation
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
        (" 123.45 ", 12345), ("\t7\n", 700), ("¥12", 1200), ("12元", 1200), ("¥12.50元", 1250), ("￥12.50", 1250), ("1,234.50", 123_450),
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
        ("元12", .notDecimal), ("12元元", .notDecimal), ("12 元", .notDecimal), ("元", .empty), ("一百", .notDecimal), ("1 000", .notDecimal), ("1，000", .notDecimal),
        ("0,123", .leadingZero), ("1,000,000,000,000", .tooLarge),
    ] as [(String, AmountError.Problem)])
    func userRefusals(text: String, problem: AmountError.Problem) {
        #expect(throws: AmountError(input: text, problem: problem)) { try Amount(userInput: text) }
    }

    /// Blanks are trimmed one Unicode scalar at a time: a blank with a
    /// combining mark, a joiner or a variation selector glued to it is one
    /// Character, and trimming Characters would silently drop the mark too.
    /// Whatever invisible is left is refused, naming the character.
    @Test("invisible characters are refused, not trimmed away", arguments: [
        (" \u{0301}123", 0x0301), ("\u{0301}123", 0x0301), ("123\u{0301}", 0x0301), ("1\u{0301}23", 0x0301),
        ("\u{200D}1", 0x200D), (" \u{200D}1", 0x200D), ("1\u{200D} ", 0x200D), ("1\u{FE0F}", 0xFE0F),
        (" 1\u{FE0F} ", 0xFE0F), ("\u{FEFF}5", 0xFEFF), ("\u{200B}5", 0x200B), ("5\u{200C}", 0x200C),
        ("\u{202E}12", 0x202E), ("¥\u{200D}12", 0x200D), ("\u{00AD}12", 0x00AD), ("1\u{E0101}", 0xE0101),
        ("\u{0}12", 0x0), ("12\u{7}", 0x7), ("\u{3000}\u{20DD}7", 0x20DD), ("\u{2060}1", 0x2060),
        ("１\u{0301}", 0x0301),
    ] as [(String, UInt32)])
    func invisible(text: String, scalar: UInt32) {
        let expected = AmountError(input: text, problem: .invisibleCharacter(Unicode.Scalar(scalar)!))
        #expect(throws: expected) { try Amount(userInput: text) }
        #expect(throws: expected) { try Amount(fenText: text) }
        let message = expected.description
        #expect(message.contains(String(format: "U+%04X", scalar)) && !message.contains("\n"))
        #expect(message.unicodeScalars.allSatisfy { !MessageText.isInvisible($0) })
    }

    @Test("blanks of every kind are trimmed by scalar, conveniences still work", arguments: [
        ("\u{3000}１２３．４５\u{3000}", 12345), ("\u{A0}¥12\u{2003}", 1200), ("\r\n5\t", 500), ("\u{85}9", 900),
        ("\u{2028}8\u{2029}", 800), ("￥１,０００.５", 100_050),
    ] as [(String, UInt64)])
    func blanks(text: String, fen: UInt64) throws {
        #expect(try Amount(userInput: text).fen == fen)
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
        let hidden = AmountError(input: "1\u{200D}\u{202E}\t\\", problem: .notDecimal).description
        #expect(hidden == "'1\\u{200D}\\u{202E}\\t\\\\' is not a decimal amount")
        #expect(AmountError(input: "\u{301}1", problem: .notDecimal).description == "'\\u{301}1' is not a decimal amount")
        #expect(AmountError(input: " \u{301}1", problem: .notDecimal).description == "' \\u{301}1' is not a decimal amount")
        #expect(AmountError(input: "é1", problem: .notDecimal).description == "'é1' is not a decimal amount")
        let invisible = AmountError(input: "\u{200D}1", problem: .invisibleCharacter("\u{200D}")).description
        #expect(invisible == "'\\u{200D}1' contains an invisible character: U+200D ZERO WIDTH JOINER (a format character)")
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
