import AnnounceEngine
import AnnounceTestSupport
import Foundation
import Testing

@Suite struct PortableMathTests {
    /// How many units in the last place `value` is from `reference`.
    private func ulps(_ value: Double, _ reference: Double) -> Double {
        if value == reference { return 0 }
        return abs(value - reference) / reference.ulp
    }

    private func uniform(_ generator: inout SplitMix64, _ range: ClosedRange<Double>) -> Double {
        let unit = Double(generator.next() >> 11) / Double(1 << 53)
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }

    @Test("exp is within 2 ulp of the C library's over the range the engine meets")
    func exponential() {
        var generator = SplitMix64(seed: 11)
        var worst = 0.0
        for _ in 0..<200_000 {
            let x = uniform(&generator, -50...50)
            worst = max(worst, ulps(PortableMath.exp(x), Foundation.exp(x)))
        }
        #expect(worst <= 2, "worst \(worst) ulp")
        #expect(PortableMath.exp(0) == 1)
        #expect(ulps(PortableMath.exp(1), Foundation.exp(1)) <= 1)
        #expect(PortableMath.exp(710) == .infinity)
        #expect(PortableMath.exp(-746) == 0)
        #expect(PortableMath.exp(.nan).isNaN)
        #expect(ulps(PortableMath.exp(-700), Foundation.exp(-700)) <= 2)
        #expect(ulps(PortableMath.exp(709.7), Foundation.exp(709.7)) <= 2)
    }

    @Test("log10 is within 2 ulp of the C library's, from subnormal to huge")
    func decimalLogarithm() {
        var generator = SplitMix64(seed: 12)
        var worst = 0.0
        for _ in 0..<200_000 {
            let x = Foundation.pow(10, uniform(&generator, -300...300))
            let reference = Foundation.log10(x)
            // Near 1 the logarithm is tiny: compare its error to the
            // argument's rounding instead.
            guard abs(reference) > 1e-3 else { continue }
            worst = max(worst, ulps(PortableMath.log10(x), reference))
        }
        #expect(worst <= 2, "worst \(worst) ulp")
        #expect(PortableMath.log10(1) == 0)
        #expect(PortableMath.log10(0) == -.infinity)
        #expect(PortableMath.log10(-1).isNaN)
        #expect(PortableMath.log10(.infinity) == .infinity)
        #expect(abs(PortableMath.log10(Double.leastNonzeroMagnitude) - Foundation.log10(Double.leastNonzeroMagnitude)) < 1e-12)
    }

    @Test("pow10 of the engine's gains and levels is within 1e-14 of the C library's")
    func powerOfTen() {
        var generator = SplitMix64(seed: 13)
        var worst = 0.0
        for _ in 0..<200_000 {
            let x = uniform(&generator, -10...10)
            let reference = Foundation.pow(10, x)
            worst = max(worst, abs(PortableMath.pow10(x) - reference) / reference)
        }
        #expect(worst <= 1e-14, "worst relative error \(worst)")
    }

    @Test("a gain in dB and back, and the loudness of an energy and back, round-trip")
    func decibelsRoundTrip() {
        for gain in stride(from: -60.0, through: 20, by: 0.25) {
            #expect(abs(Decibels.decibels(amplitude: Decibels.amplitude(gain)) - gain) < 1e-12)
            #expect(abs(Decibels.loudness(energy: Decibels.energy(loudness: gain)) - gain) < 1e-12)
        }
    }
}
