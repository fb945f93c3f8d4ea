import ArgumentParser

/// A plain decimal number on the command line, `6`, `0.5` or `1.35`: no
/// sign, exponent, hexadecimal (`0x10`), `inf` or `nan`, which `Double`'s
/// own parser would take.
struct DecimalArgument: ExpressibleByArgument, Sendable {
    let value: Double

    init(_ value: Double) {
        self.value = value
    }

    init?(argument: String) {
        let parts = argument.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 6,
            whole.allSatisfy({ $0.isASCII && $0.isNumber }),
            parts.count == 1 || (!parts[1].isEmpty && parts[1].count <= 6 && parts[1].allSatisfy({ $0.isASCII && $0.isNumber })),
            let value = Double(argument)
        else { return nil }
        self.value = value
    }

    var defaultValueDescription: String {
        value.description
    }
}
