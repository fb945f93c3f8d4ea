import AnnounceServer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a sound found in a recording is like, to tell speech from noise
/// and one item from another when the count of sounds is off.
///
/// - ``voicing``: the share of 30 ms frames with a clear pitch (normalised
///   autocorrelation above 0.5 at a lag of 2.5–16 ms, 60–400 Hz). Every
///   syllable has a voiced vowel; a cough, a knock or a rustle has none.
/// - ``spectra``: per 20 ms frame, the log energy in 16 bands from 150 Hz to
///   6 kHz, less the frame's mean (so the level does not count); two takes
///   of one item are close by ``distance`` (dynamic time warping), two
///   different items are not.
struct SoundFeatures {
    let voicing: Double
    let spectra: [[Float]]

    init(_ samples: ArraySlice<Float>, sampleRate: Int) {
        voicing = Self.voicing(samples, sampleRate: sampleRate)
        spectra = Self.spectra(samples, sampleRate: sampleRate)
    }

    /// Below this share of voiced frames a sound is noise, not speech.
    static let noiseVoicing = 0.1

    static func voicing(_ samples: ArraySlice<Float>, sampleRate: Int) -> Double {
        let frame = max(1, sampleRate * 30 / 1000)
        let shortest = max(1, sampleRate / 400)
        let longest = max(shortest + 1, sampleRate / 60)
        let base = samples.startIndex
        var frames = 0
        var voiced = 0
        var start = 0
        while start + frame + longest <= samples.count {
            var energy = 0.0
            for index in 0..<frame {
                let value = Double(samples[base + start + index])
                energy += value * value
            }
            frames += 1
            if energy > 1e-9 {
                var best = 0.0
                var lag = shortest
                while lag <= longest {
                    var product = 0.0
                    var lagged = 0.0
                    for index in 0..<frame {
                        let value = Double(samples[base + start + index + lag])
                        product += Double(samples[base + start + index]) * value
                        lagged += value * value
                    }
                    if lagged > 1e-12 { best = max(best, product / (energy * lagged).squareRoot()) }
                    lag += lag < sampleRate / 200 ? 1 : 2
                }
                if best > 0.5 { voiced += 1 }
            }
            start += frame
        }
        return frames == 0 ? 0 : Double(voiced) / Double(frames)
    }

    static func spectra(_ samples: ArraySlice<Float>, sampleRate: Int) -> [[Float]] {
        let frame = max(16, sampleRate / 50)
        let bands = 16
        let frequencies = (0..<bands).map { 150 * pow(40.0, Double($0) / Double(bands - 1)) }
            .filter { $0 < Double(sampleRate) / 2 }
        let window = (0..<frame).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(frame - 1)) }
        let base = samples.startIndex
        var result: [[Float]] = []
        var start = 0
        while start + frame <= samples.count {
            var row: [Float] = []
            for frequency in frequencies {
                // Goertzel-free: a direct correlation with one complex tone.
                let step = 2 * Double.pi * frequency / Double(sampleRate)
                var real = 0.0
                var imaginary = 0.0
                for index in 0..<frame {
                    let value = Double(samples[base + start + index]) * window[index]
                    real += value * cos(step * Double(index))
                    imaginary += value * sin(step * Double(index))
                }
                row.append(Float(log10(real * real + imaginary * imaginary + 1e-10)))
            }
            let mean = row.reduce(0, +) / Float(max(1, row.count))
            result.append(row.map { $0 - mean })
            start += frame / 2
        }
        return result
    }

    /// The mean frame distance along the best warping path: 0 for the same sound.
    static func distance(_ a: [[Float]], _ b: [[Float]]) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return .infinity }
        func frameDistance(_ x: [Float], _ y: [Float]) -> Double {
            var sum: Float = 0
            for index in 0..<min(x.count, y.count) { sum += abs(x[index] - y[index]) }
            return Double(sum) / Double(max(1, x.count))
        }
        var previous = [Double](repeating: .infinity, count: b.count + 1)
        var previousSteps = [Int](repeating: 0, count: b.count + 1)
        previous[0] = 0
        for i in 1...a.count {
            var current = [Double](repeating: .infinity, count: b.count + 1)
            var steps = [Int](repeating: 0, count: b.count + 1)
            for j in 1...b.count {
                let cost = frameDistance(a[i - 1], b[j - 1])
                var best = previous[j - 1]
                var bestSteps = previousSteps[j - 1]
                if previous[j] < best { (best, bestSteps) = (previous[j], previousSteps[j]) }
                if current[j - 1] < best { (best, bestSteps) = (current[j - 1], steps[j - 1]) }
                current[j] = best + cost
                steps[j] = bestSteps + 1
            }
            previous = current
            previousSteps = steps
        }
        return previous[b.count] / Double(max(1, previousSteps[b.count]))
    }
}
