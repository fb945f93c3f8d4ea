/// The engine's exponential and logarithms, made of IEEE 754's exactly
/// rounded operations only (addition, subtraction, multiplication,
/// division, `squareRoot`, scaling by powers of two): the same bits on every
/// platform, the phone's included.
///
/// The C library's `exp`, `log10` and `pow` are not exactly rounded, and
/// glibc's and Apple's differ in their last bits; a gain computed with them
/// would make the phone's samples differ from the server's. The engine uses
/// these instead, on both. They are within 2 units in the last place of the
/// exact values over the range the engine uses (the tests measure it
/// against the C library).
///
/// Swift compiles each operation here as written: it never fuses a
/// multiplication and an addition unless asked to.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package enum PortableMath {
    /// ln 2 in two parts: `ln2High` has its low 32 bits zero, so `k × ln2High`
    /// is exact for the k an exponent can have (fdlibm's split).
    private static let ln2High = 6.93147180369123816490e-01
    private static let ln2Low = 1.90821492927058770002e-10
    private static let log2e = 1.44269504088896338700e+00
    /// 1 / ln 10 and ln 10, rounded to the nearest double.
    private static let inverseLn10 = 0.43429448190325182765
    private static let ln10 = 2.30258509299404568402
    private static let squareRootOfTwo = 1.41421356237309504880
    /// 1 / n! for n = 2 ... 14, each the nearest double.
    private static let inverseFactorials: [Double] = [
        5.00000000000000000000e-01, 1.66666666666666666667e-01, 4.16666666666666666667e-02,
        8.33333333333333333333e-03, 1.38888888888888888889e-03, 1.98412698412698412698e-04,
        2.48015873015873015873e-05, 2.75573192239858906526e-06, 2.75573192239858906526e-07,
        2.50521083854417187751e-08, 2.08767569878680989792e-09, 1.60590438368216145994e-10,
        1.14707455977297247139e-11,
    ]

    /// e^`x`: 0 below about -745, infinity above about 709.78, NaN for NaN.
    package static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        // x = k ln 2 + r with |r| ≤ ln 2 / 2, then e^x = 2^k e^r.
        let k = (x * log2e).rounded(.toNearestOrEven)
        let r = (x - k * ln2High) - k * ln2Low
        // e^r = 1 + r + r² q(r), q from Taylor's series to r^14 / 14! (the
        // rest is below 1e-17 of e^r for |r| ≤ 0.35), added smallest first
        // so that the rounding errors stay in the last place.
        var q = 0.0
        for coefficient in inverseFactorials.reversed() {
            q = q * r + coefficient
        }
        let sum = 1 + (r + r * r * q)
        return scale(sum, byPowerOfTwo: Int(k))
    }

    /// The natural logarithm of `x`: -infinity for 0, NaN below 0 and for NaN.
    package static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return x }
        // x = m × 2^e with m in [√2 / 2, √2): then ln x = e ln 2 + ln m.
        var value = x
        var exponent = 0
        if value < Double.leastNormalMagnitude {
            value *= 18_014_398_509_481_984  // 2^54, exact
            exponent -= 54
        }
        exponent += Int(value.exponent)
        var m = value.significand
        if m > squareRootOfTwo {
            m /= 2
            exponent += 1
        }
        // ln m = 2 atanh(f) = 2 (f + f³/3 + f⁵/5 + …) with f = (m - 1) / (m + 1),
        // |f| ≤ 0.172: terms past f^23 / 23 are below 1e-18.
        let f = (m - 1) / (m + 1)
        let s = f * f
        var series = 0.0
        var n = 23.0
        while n >= 3 {
            series = (series + 1 / n) * s
            n -= 2
        }
        let logM = 2 * f + 2 * f * series
        let e = Double(exponent)
        return e * ln2High + (logM + e * ln2Low)
    }

    /// The base-10 logarithm of `x`: -infinity for 0, NaN below 0.
    package static func log10(_ x: Double) -> Double {
        Self.log(x) * inverseLn10
    }

    /// 10^`x`.
    package static func pow10(_ x: Double) -> Double {
        if x.isNaN { return x }
        return Self.exp(x * ln10)
    }

    /// `value × 2^power`, exact unless the result is subnormal (then
    /// rounded once, as any product is).
    private static func scale(_ value: Double, byPowerOfTwo power: Int) -> Double {
        var result = value
        var remaining = power
        // A power of two outside the normal exponents is applied in steps.
        while remaining > 1000 {
            result *= Double(sign: .plus, exponent: 1000, significand: 1)
            remaining -= 1000
        }
        while remaining < -1000 {
            result *= Double(sign: .plus, exponent: -1000, significand: 1)
            remaining += 1000
        }
        return result * Double(sign: .plus, exponent: remaining, significand: 1)
    }
}
