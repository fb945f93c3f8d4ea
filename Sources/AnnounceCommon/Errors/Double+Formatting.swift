extension Double {
    /// The value with at most `maximumDigits` decimals and at least
    /// `minimumDigits`, as in `6.0`, `1.35`, `-16.2`. Used for messages, so it
    /// needs no locale and never traps: non-finite and huge values fall back
    /// to `description`.
    package func decimal(maximumDigits: Int = 2, minimumDigits: Int = 1) -> String {
        guard isFinite, abs(self) < 1e15, maximumDigits >= 0, maximumDigits <= 6 else { return description }
        var scale = 1
        for _ in 0..<maximumDigits { scale *= 10 }
        let scaled = Int((abs(self) * Double(scale)).rounded())
        var fraction = maximumDigits == 0 ? "" : String(scaled % scale)
        fraction = String(repeating: "0", count: maximumDigits - fraction.count) + fraction
        while fraction.count > minimumDigits, fraction.last == "0" { fraction.removeLast() }
        let sign = self < 0 && scaled != 0 ? "-" : ""
        let whole = "\(sign)\(scaled / scale)"
        return fraction.isEmpty ? whole : "\(whole).\(fraction)"
    }

    /// The value with at most three decimals and no trailing zeros: `1.35`, `4`.
    package var shortDescription: String { decimal(maximumDigits: 3, minimumDigits: 0) }
}
