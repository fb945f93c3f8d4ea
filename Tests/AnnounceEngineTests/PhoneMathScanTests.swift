import AnnounceTestSupport
import Foundation
import Testing

/// The phone must make the server's samples, so the code it runs may not
/// call the platform's transcendental functions, whose last bits differ
/// between glibc and Apple's libm: the engine computes them with
/// `PortableMath`.
@Suite struct PhoneMathScanTests {
    /// Calls of the C library's transcendental functions, bare or through a
    /// module (`Foundation.pow`), and `Float`/`Double` members that wrap
    /// them. `PortableMath.exp(` is a member call and passes.
    static let pattern =
        #"(?<![\w.])(?<!func )(pow|powf|exp|expf|exp2|expm1|log|logf|log10|log10f|log2|log1p|sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|cbrt|hypot|erf|erfc|tgamma|lgamma)\s*\("#
            + #"|\b(Foundation|Darwin|Glibc|Musl)\.(pow|exp|log|log10|sin|cos)\b"#

    /// Whether `code` calls one of them.
    static func callsPlatformMath(_ code: String) -> Bool {
        code.range(of: pattern, options: .regularExpression) != nil
    }

    /// The folders of the code the phone compiles.
    static let phoneFolders = ["Sources/AnnounceEngine", "Sources/AnnounceWire", "Sources/AnnounceExtensionLogic"]

    @Test("the phone's code calls no transcendental function of the platform")
    func noPlatformMath() throws {
        var found: [String] = []
        for folder in Self.phoneFolders {
            for line in try PhoneSources.lines(below: folder) where Self.callsPlatformMath(line.code) {
                found.append("\(line.file):\(line.number): \(line.code.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "platform math on the phone's path:\n\(found.joined(separator: "\n"))")
    }

    @Test("the scan finds the calls it must refuse", arguments: [
        "let x = pow(10, y)", "return exp(-1 / t)", "20 * log10(a)", "Foundation.pow(2, 3)", "Darwin.log(x)", "cos (phase)",
    ])
    func scanCatches(_ line: String) {
        #expect(Self.callsPlatformMath(line))
    }

    @Test("member calls of the engine's own math pass", arguments: [
        "PortableMath.exp(x)", "PortableMath.log10(e)", "Decibels.amplitude(g)", "value.squareRoot()", "explain(x)", "logger(x)",
    ])
    func scanPasses(_ line: String) {
        #expect(!Self.callsPlatformMath(line))
    }
}
