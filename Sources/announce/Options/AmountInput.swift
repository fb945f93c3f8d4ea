import AnnounceServer
import AnnounceStudio
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

    @Flag(help: "Announce all the amounts as one burst: the summary template with their count and exact total.")
    var together = false

    func validate() throws {
        if let option = amountArguments.first(where: Self.looksLikeOption) {
            throw ValidationError("Unknown option '\(option)'")
        }
        if stdin && !arguments.isEmpty {
            throw ValidationError("give amounts as arguments or with --stdin, not both")
        }
        if together && stdin {
            throw ValidationError("--together takes its amounts as arguments, not from --stdin")
        }
    }

    /// Checks the amounts against the template: one without `{amount}` is
    /// said once and takes no amounts.
    func validate(template: Template) throws {
        try validate()
        if !template.slots.contains(.amount) && !together {
            guard arguments.isEmpty && !stdin else {
                throw ValidationError("template '\(template)' has no {amount}: give no amounts")
            }
            return
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

    /// The amounts given as arguments, as given.
    var argumentAmounts: [String] { arguments }

    /// How many amounts the command line gives.
    var amountCount: Int { arguments.count }

    /// One amount as given, or a line of standard input too long to be one.
    enum Entry {
        case amount(String)
        case tooLong(line: Int, bytes: Int)
    }

    /// Runs `body` for each amount, in order; with `--stdin` each answer is
    /// flushed as soon as it is made. An amount `body` rejects (a fault that
    /// ``ExitStatus`` calls data) is reported and the others go on; any other
    /// fault ends the command. Returns the status the rejected ones give.
    func forEach(json: Bool, _ body: (String) throws -> Void) throws -> ExitStatus {
        var status = ExitStatus.success
        let reader = stdin ? LineReader(descriptor: 0) : nil
        let next = together || arguments.isEmpty && !stdin ? Self.entries([.amount(arguments.joined(separator: " "))]) : entries(reader)
        while let entry = next() {
            defer { if stdin { Console.flush() } }
            switch entry {
            case .tooLong(let line, let bytes):
                status = max(status, .dataError)
                Console.reject(input: "", message: LineReader.tooLongMessage(line: line, bytes: bytes), json: json)
            case .amount(let text):
                do {
                    try body(text)
                } catch {
                    let fault = ExitStatus(for: error)
                    guard fault == .dataError else { throw Console.fail(error) }
                    status = max(status, fault)
                    Console.reject(input: text, message: ExitStatus.message(for: error), json: json)
                }
            }
        }
        Console.flush()
        if let failure = reader?.failure {
            Console.error("cannot read standard input: \(failure)")
            status = max(status, .noInput)
        }
        return status
    }

    /// The amounts, in order, as given; with `--stdin`, read line by line
    /// as they arrive. A closure rather than an `AnySequence`, whose generic
    /// box costs every start a scan of the runtime's conformance records.
    func entries(_ reader: LineReader?) -> () -> Entry? {
        guard stdin, let reader else { return Self.entries(arguments.map { Entry.amount($0) }) }
        var number = 0
        return {
            guard let line = reader.next() else { return nil }
            number += 1
            switch line {
            case .bytes(let bytes): return .amount(String(decoding: bytes, as: UTF8.self))
            case .tooLong(let count): return .tooLong(line: number, bytes: count)
            }
        }
    }

    /// `list`'s entries, in order.
    static func entries(_ list: [Entry]) -> () -> Entry? {
        var index = 0
        return {
            guard index < list.count else { return nil }
            index += 1
            return list[index - 1]
        }
    }

    /// The amount arguments without the `--` that ends the options
    /// (`.allUnrecognized` hands it over with the amounts).
    private var arguments: [String] {
        var arguments = amountArguments
        if let end = arguments.firstIndex(of: "--") { arguments.remove(at: end) }
        return arguments
    }
}
