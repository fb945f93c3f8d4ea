import ArgumentParser

/// Where amounts come from: the command line, or standard input with
/// `--stdin`, one amount per line, read as a stream so memory stays flat.
struct AmountInput: ParsableArguments {
    // `.allUnrecognized` so that `-5` arrives as an amount (and is refused as
    // a negative amount) instead of being taken for an unknown option.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("Amounts in yuan, e.g. 123.45 (or fen with --fen).", valueName: "amount"))
    var amountArguments: [String] = []

    @Flag(help: "Read one amount per line from standard input.")
    var stdin = false

    func validate() throws {
        if let option = amountArguments.first(where: Self.looksLikeOption) {
            throw ValidationError("Unknown option '\(option)'")
        }
        if stdin && !arguments.isEmpty {
            throw ValidationError("give amounts as arguments or with --stdin, not both")
        }
        if !stdin && arguments.isEmpty {
            throw ValidationError("give at least one amount, or --stdin to read them from standard input")
        }
    }

    /// `--foo` or `-x` is a mistyped option; `-5`, `-.5` and `-` are amounts.
    static func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), let second = argument.dropFirst().first else { return false }
        return second == "-" ? argument.count > 2 : second.isLetter
    }

    /// How many amounts the command line gives.
    var amountCount: Int { arguments.count }

    /// The amounts, in order, as given.
    func amounts() -> AnySequence<String> {
        if stdin {
            return AnySequence(sequence(state: ()) { _ in readLine(strippingNewline: true) })
        }
        return AnySequence(arguments)
    }

    /// The amount arguments without the `--` that ends the options
    /// (`.allUnrecognized` hands it over with the amounts).
    private var arguments: [String] {
        var arguments = amountArguments
        if let end = arguments.firstIndex(of: "--") { arguments.remove(at: end) }
        return arguments
    }
}
