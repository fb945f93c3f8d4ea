import AnnounceServer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension LabelEdges {
    /// The noise floor of what the labels leave out.
    struct Floor {
        let levels: Levels
        let outside: [Bool]
        let fewest: Int
        let percentile: Double
        /// Over the whole recording: the windows left out, if there are a
        /// few (20 ms: the gaps of a take read without pauses), else all windows.
        let overall: Double

        init(levels: Levels, outside: [Bool], fewest: Int, percentile: Double) {
            self.levels = levels
            self.outside = outside
            self.fewest = fewest
            self.percentile = percentile
            let left = (0..<levels.count).filter { outside[$0] }.map(levels.windowLevel)
            overall = Self.percentile(left.count >= 4 ? left : (0..<levels.count).map(levels.windowLevel), percentile)
        }

        /// The floor near window `center`: the percentile of the windows left
        /// out within `span` windows, else ``overall``.
        func near(_ center: Int, span: Int) -> Double {
            let values = (max(0, center - span)..<min(levels.count, center + span + 1)).filter { outside[$0] }.map(levels.windowLevel)
            return values.count >= fewest ? Self.percentile(values, percentile) : overall
        }

        private static func percentile(_ values: [Double], _ share: Double) -> Double {
            guard !values.isEmpty else { return SegmentFinder().lowestFloor }
            let sorted = values.sorted()
            return sorted[Int(Double(sorted.count - 1) * share)]
        }
    }
}

extension LabelEdges {
    /// The levels of a recording in windows of `length` samples, and of any stretch of it.
    struct Levels {
        let samples: [Float]
        let length: Int
        /// Mean square per window.
        private let power: [Double]

        init(samples: [Float], length: Int) {
            self.samples = samples
            self.length = length
            power = samples.withUnsafeBufferPointer { buffer in
                (0..<(buffer.count / length)).map { window in
                    var sum = 0.0
                    for index in (window * length)..<((window + 1) * length) { sum += Double(buffer[index]) * Double(buffer[index]) }
                    return sum / Double(length)
                }
            }
        }

        var count: Int { power.count }

        /// The level of window `index`, in dBFS.
        func windowLevel(_ index: Int) -> Double { Self.decibels(power[index]) }

        /// The level of `range` of the samples, in dBFS.
        func level(_ range: Range<Int>) -> Double {
            guard !range.isEmpty else { return SegmentFinder().lowestFloor }
            var sum = 0.0
            for index in range { sum += Double(samples[index]) * Double(samples[index]) }
            return Self.decibels(sum / Double(range.count))
        }

        /// Where sound first lasts `lasting` windows above `loud` dBFS, going
        /// from sample `start` toward `limit` (either way), in windows
        /// measured from `start`; nil when there is none.
        func firstSound(from start: Int, toward limit: Int, above loud: Double, lasting: Int) -> Int? {
            let step = limit >= start ? length : -length
            var position = start
            var run = 0
            var runStart = start
            while step > 0 ? position + step <= limit : position + step >= limit {
                let range = step > 0 ? position..<(position + step) : (position + step)..<position
                if level(range) >= loud {
                    if run == 0 { runStart = step > 0 ? range.lowerBound : range.upperBound }
                    run += 1
                    if run >= lasting { return runStart }
                } else {
                    run = 0
                }
                position += step
            }
            return nil
        }

        private static func decibels(_ power: Double) -> Double {
            power > 0 ? max(SegmentFinder().lowestFloor, 10 * log10(power)) : SegmentFinder().lowestFloor
        }
    }
}
