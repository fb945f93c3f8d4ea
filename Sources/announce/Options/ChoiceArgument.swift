import ArgumentParser

/// An option whose values are the cases of a string enum (`--format caf`):
/// its value list and default as the parser shows them, read straight from
/// the raw values.
///
/// The parser's generic versions give the same strings through string
/// interpolation of an unknown type, which asks the runtime for conformances
/// it finds by scanning every conformance record in the binary: several
/// such scans per type at every start, for help text a render never prints.
///
/// Public only because the library's public enums conform, whose witnesses
/// must be as visible as the parser's protocol.
public protocol ChoiceArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceArgument {
    /// The case whose raw value is `argument` in any case (`--style Currency`).
    public init?(argument: String) {
        self.init(anyCase: argument)
    }

    /// Each case's raw value, in the cases' order.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }

    /// None: a case's description is its raw value.
    public static var allValueDescriptions: [String: String] { [:] }

    /// The completion offers every value.
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// The raw value.
    public var defaultValueDescription: String { rawValue }
}
