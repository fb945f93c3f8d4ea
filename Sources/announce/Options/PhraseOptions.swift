import AnnounceServer
import ArgumentParser

/// The options that decide what is said: prefix, reading style and variants,
/// and how amounts are given. Shared by every command that reads amounts.
struct PhraseOptions: ParsableArguments {
    // No default value: without --prefix the voice's language says its own
    // standard prefix.
    @Option(help: ArgumentHelp(Self.prefixHelp, valueName: "phrase"))
    var prefix: String?

    @Option(help: ArgumentHelp(Self.styleHelp, valueName: "style"))
    var style: ReadingStyle = ReadingOptions().style

    @Option(help: ArgumentHelp(Self.variantHelp, valueName: "name"))
    var variant: [String] = []

    // The variants' older spellings, kept because scripts use them.
    @Flag(help: "--variant liang.")
    var liang = false

    @Flag(name: .customLong("lead-yi"), help: "--variant lead-yi.")
    var leadYi = false

    @Flag(help: "Amounts are whole numbers of fen (12345 is 123.45).")
    var fen = false

    @Option(help: ArgumentHelp(
        "What is said: a preset (\(Template.presets.map(\.name).joined(separator: ", "))) or a template such as '退款{amount}元', with the unit of the voice's language after {amount} (\(Self.unitsByLanguage)).",
        valueName: "template"))
    var template: String = Template.payment.description

    // Taken as it is, so `--count -3` reaches the count's own refusal.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The number of payments for a template's {count} (\(Count.range.lowerBound)-\(Count.range.upperBound)).", valueName: "n"))
    var count: String?

    // The help texts are made once: the parser makes these options several
    // times at every start, and reading the example amount in every style
    // each time is work a render never shows.
    private static let prefixHelp = "A phrase said before the amount, or a preset of the voice's language: "
        + Language.all.map { language in
            "\(language.cliName): " + language.prefixPresets.map { $0.prefix.words.isEmpty ? $0.name : "\($0.name) (\($0.prefix.text))" }
                .joined(separator: ", ")
        }.joined(separator: "; ") + ". Default: the language's standard prefix ("
        + Language.all.map { "\($0.standardPrefix.text) in \($0.cliName)" }.joined(separator: ", ") + ")."

    private static let unitsByLanguage = Language.all.map { "\($0.amountUnit) in \($0.cliName)" }.joined(separator: ", ")

    private static let variantHelp = "A variant of the reading (repeatable): \(ReadingVariant.described)."

    private static let styleHelp = "How the amount is read: "
        + Help.list(ReadingStyle.allCases.map { "\($0.rawValue) (\(helpAmount?.reading(ReadingOptions(style: $0)).text ?? ""))" })
        + "."

    /// The amount the style help reads as an example.
    private static let helpAmount = try? Amount(fen: 12345)

    /// The template, already checked by `validate()`.
    var parsedTemplate: Template {
        (try? Template(template)) ?? .payment
    }

    /// `--count` read, or nil when not given.
    /// - Throws: ``CountError`` for 0, a negative or too large a count, or not a number.
    func parsedCount() throws(CountError) -> Count? {
        try count.map { text throws(CountError) in try Count(parsing: text) }
    }

    /// The reading asked for: the style and every variant named with
    /// `--variant` or its own flag (`--liang`, `--lead-yi`).
    var readingOptions: ReadingOptions {
        var options = ReadingOptions(style: style, liang: liang, leadYi: leadYi)
        for name in variant { ReadingVariant(name: name).map { options.set($0, true) } }
        return options
    }

    func validate() throws {
        if let unknown = variant.first(where: { ReadingVariant(name: $0) == nil }) {
            let nearest = Suggestion.note(to: unknown, among: ReadingVariant.offered.map(\.name))
            throw ValidationError("--variant \(MessageText.quoted(unknown)) is not a variant of the reading\(nearest): \(ReadingVariant.names)")
        }
        do {
            _ = try prefix.map { text throws(PrefixError) in try Prefix(text) }
        } catch {
            throw ValidationError(error.description)
        }
        do {
            _ = try Template(template)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// What is said around the amounts: the template, prefix and reading
    /// options, as the announcer says them.
    var phrasing: Phrasing {
        Phrasing(template: parsedTemplate, prefix: parsedPrefix, reading: readingOptions)
    }

    /// The prefix, already checked by `validate()`.
    var parsedPrefix: Prefix {
        prefix.flatMap { try? Prefix($0) } ?? .standard
    }

    /// Parses one amount as given on the command line or a line of input.
    func amount(_ text: String) throws(AmountError) -> Amount {
        fen ? try Amount(fenText: text) : try Amount(userInput: text)
    }
}

extension ReadingStyle: ChoiceArgument {}
