import AnnounceServer
import Testing

/// Numbers in messages.
struct DecimalFormattingTests {
    @Test("decimals as messages show them, whole numbers included", arguments: [
        (6.0, 2, 1, "6.0"), (1.35, 2, 1, "1.35"), (-16.24, 1, 1, "-16.2"), (7.4, 0, 0, "7"), (-0.4, 0, 0, "0"),
        (1.5, 0, 1, "2"), (4.0, 3, 0, "4"),
    ])
    func decimal(value: Double, maximum: Int, minimum: Int, expected: String) {
        #expect(value.decimal(maximumDigits: maximum, minimumDigits: minimum) == expected)
    }
}
