import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

/// Reading a tier's clips: every field is checked at load, where nothing
/// but the clips' places is kept; an announcement then reads only its own
/// clips, and of a clip's limiter data only the gain it is limited at.
extension PackReader {
    /// Where one clip's fields lie in the pack, found at load.
    package struct ClipPlace: Sendable {
        /// The clip's fields, after its name.
        package var fields: Int
        /// Its limiter entries.
        package var limited: [LimitedPlace]
        /// Its frames, which bound its limiter needs.
        package var frames: Int
    }

    /// Where one of a clip's limiter entries lies, found at load: an
    /// announcement reads only the entry of the gain it is limited at.
    package struct LimitedPlace: Sendable {
        /// The entry's grid step.
        package var step: Int
        /// Where the entry starts.
        package var offset: Int
    }

    /// What a reading of a clip's samples keeps.
    private enum SamplesKeeping {
        /// Nothing, checking every sample (the load).
        case nothing
        /// The samples as the pack stores them: floats, or 16-bit codes.
        case stored
        /// The samples to join, made from the codes with the fade.
        case made(FadeCurve)
    }

    /// A clip's samples as a reading kept them.
    private struct Samples {
        var frames: Int
        var floats: [Float] = []
        var compact: DevicePack.CompactSamples?
    }

    /// Reads a tier (its speed, then each clip's name and fields), checking
    /// every field and keeping where each clip lies.
    mutating func tierPlaces() throws(PackError) -> (speed: Double, clips: [String: ClipPlace]) {
        let speed = try f64("a tier")
        guard speed.isFinite, speed >= 1, speed <= RenderSettings.speeds.upperBound else {
            throw PackError(.damaged, "\(name): a tier has the speed \(speed)")
        }
        let count = try self.count("a tier's clips")
        var clips: [String: ClipPlace] = [:]
        for _ in 0..<count {
            let file = try text("a clip's file")
            let fields = offset
            let (frames, _, _) = try clipHead(Self.what(file), keeping: .nothing)
            var limited: [LimitedPlace] = []
            _ = try limitedEntries(Self.what(file), frames: frames, keep: false, places: &limited)
            guard clips[file] == nil else { throw PackError(.damaged, "\(name): \(Self.what(file)) is in a tier twice") }
            clips[file] = ClipPlace(fields: fields, limited: limited, frames: frames)
        }
        return (speed, clips)
    }

    /// The clip `file`, whose fields start here, as the pack stores it:
    /// its samples as floats or codes, and its limiter data at every gain.
    mutating func storedClip(_ file: String, sampleRate: Int) throws(PackError) -> DevicePack.Clip {
        let (frames, prepared, compact) = try clipHead(Self.what(file), keeping: .stored, file: file, sampleRate: sampleRate)
        var places: [LimitedPlace] = []
        let limited = try limitedEntries(Self.what(file), frames: frames, keep: true, places: &places)
        // A stored reading keeps what it read.
        return DevicePack.Clip(prepared: prepared!, limited: limited, compact: compact)
    }

    /// The clip `file`, whose fields start here, ready to join: its
    /// samples made (from the codes, faded with `fade`, when the pack holds
    /// them so), and its measurement.
    mutating func preparedClip(_ file: String, sampleRate: Int, fade: FadeCurve) throws(PackError) -> PreparedClip {
        let (_, prepared, _) = try clipHead(Self.what(file), keeping: .made(fade), file: file, sampleRate: sampleRate)
        // A made reading keeps what it read.
        return prepared!
    }

    /// How the clip `file`, of `frames` frames, is limited by the limiter
    /// entry that starts here; nil when the entry is not of grid step
    /// `step` (bytes changed after load).
    mutating func limited(_ file: String, frames: Int, step: Int) throws(PackError) -> DevicePack.Limited? {
        let entry = try limitedEntry(Self.what(file), frames: frames, keep: true) { _ in false }
        return entry.step == step ? entry.limited : nil
    }

    /// A clip named in refusals: escaped, so every refusal is one line.
    /// Every reading takes it as an autoclosure: made only for a refusal,
    /// not on every field an announcement reads.
    private static func what(_ file: String) -> String { "clip \(MessageText.escaped(file))" }

    /// A clip's fields up to its limiter data, checked; the prepared clip
    /// unless `keeping` is `nothing`.
    private mutating func clipHead(
        _ what: @autoclosure () -> String, keeping: SamplesKeeping, file: String = "", sampleRate: Int = 0
    ) throws(PackError) -> (frames: Int, prepared: PreparedClip?, compact: DevicePack.CompactSamples?) {
        let duration = try f64(what())
        let gain = try f64(what())
        let fadeFrames = Int(try u32(what()))
        let samples = try self.samples(what(), keeping: keeping)
        let keep: Bool
        if case .nothing = keeping { keep = false } else { keep = true }
        let measurement = try self.measurement(what(), keep: keep)
        guard samples.frames > 0, duration.isFinite, gain.isFinite else {
            throw PackError(.damaged, "\(name): \(what()) holds samples no prepared clip has")
        }
        guard let measurement else { return (samples.frames, nil, nil) }
        let prepared = PreparedClip(
            path: file, audio: AudioBuffer(sampleRate: sampleRate, samples: samples.floats), originalDuration: duration,
            gain: gain, fadeFrames: fadeFrames, measurement: measurement)
        return (samples.frames, prepared, samples.compact)
    }

    /// A clip's samples: floats, or 16-bit codes with a scale, checked in
    /// one pass over the pack's bytes. Codes are checked by the largest of
    /// them, which makes the largest sample with the same operations.
    private mutating func samples(_ what: @autoclosure () -> String, keeping: SamplesKeeping) throws(PackError) -> Samples {
        switch try u32(what()) {
        case 0:
            let count = try self.count(what(), itemSize: 4)
            var floats: [Float] = []
            let valid = try read(count * 4, what()) { raw in
                let sample = { (item: Int) in
                    Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: item * 4, as: UInt32.self)))
                }
                if case .nothing = keeping {
                    return (0..<count).allSatisfy { sample($0).isFinite && abs(sample($0)) <= 1 }
                }
                floats = [Float](unsafeUninitializedCapacity: count) { output, initialized in
                    for item in 0..<count { output[item] = sample(item) }
                    initialized = count
                }
                return floats.allSatisfy { $0.isFinite && abs($0) <= 1 }
            }
            guard valid else { throw PackError(.damaged, "\(name): \(what()) holds samples no prepared clip has") }
            return Samples(frames: count, floats: floats)
        case 1:
            let scale = try f32(what())
            let faded = try u32(what())
            let count = try self.count(what(), itemSize: 2)
            var samples = Samples(frames: count)
            let largest = try read(count * 2, what()) { raw in
                // The largest magnitude as an integer (exact), in a local
                // the compiler keeps in a register: the loop making the
                // samples is the phone's hot path.
                var largest: UInt32 = 0
                guard let base = raw.baseAddress else { return Float(largest) }
                @inline(__always) func code(_ item: Int) -> Int16 {
                    Int16(bitPattern: UInt16(littleEndian: base.loadUnaligned(fromByteOffset: item &* 2, as: UInt16.self)))
                }
                switch keeping {
                case .nothing:
                    for item in 0..<count { largest = max(largest, Int32(code(item)).magnitude) }
                case .stored:
                    let codes = [Int16](unsafeUninitializedCapacity: count) { output, initialized in
                        var top: UInt32 = 0
                        for item in 0..<count {
                            let value = code(item)
                            top = max(top, Int32(value).magnitude)
                            output[item] = value
                        }
                        largest = top
                        initialized = count
                    }
                    samples.compact = DevicePack.CompactSamples(codes: codes, scale: scale, faded: faded == 1)
                case .made:
                    // As CompactSamples.samples(fade:) makes them, to the bit.
                    samples.floats = [Float](unsafeUninitializedCapacity: count) { output, initialized in
                        var top: UInt32 = 0
                        for item in 0..<count {
                            let value = code(item)
                            top = max(top, Int32(value).magnitude)
                            output[item] = Float(value) / 32_768 * scale
                        }
                        largest = top
                        initialized = count
                    }
                }
                return Float(largest)
            }
            guard scale.isFinite, scale > 0, faded <= 1, largest / 32_768 * scale <= 1 else {
                throw PackError(.damaged, "\(name): \(what()) holds samples no prepared clip has")
            }
            if case .made(let fade) = keeping, faded == 1 {
                samples.floats.withUnsafeMutableBufferPointer { fade.apply(to: $0) }
            }
            return samples
        default:
            throw PackError(.damaged, "\(name): \(what()) is stored in a way this engine does not read")
        }
    }

    /// A clip's limiter data, every entry checked: kept by grid step when
    /// `keep`, and where each entry lies added to `places`.
    private mutating func limitedEntries(
        _ what: @autoclosure () -> String, frames: Int, keep: Bool, places: inout [LimitedPlace]
    ) throws(PackError) -> [Int: DevicePack.Limited] {
        let count = try self.count("\(what())'s limiter data")
        var limited: [Int: DevicePack.Limited] = [:]
        for _ in 0..<count {
            let start = offset
            let (step, entry) = try limitedEntry(what(), frames: frames, keep: keep) { step in
                places.contains { $0.step == step }
            }
            places.append(LimitedPlace(step: step, offset: start))
            if let entry { limited[step] = entry }
        }
        return limited
    }

    /// One limiter entry of a clip of `frames` frames, checked: its grid
    /// step, and how the clip is limited there when `keep`. A step `seen`
    /// before is refused.
    private mutating func limitedEntry(
        _ what: @autoclosure () -> String, frames: Int, keep: Bool, seen: (Int) -> Bool
    ) throws(PackError) -> (step: Int, limited: DevicePack.Limited?) {
        let step = Int(try i32(what()))
        let down = try f32(what())
        let runCount = try self.count("\(what())'s limiter needs", itemSize: 6)
        var runs: [DevicePack.NeedRun] = []
        if keep { runs.reserveCapacity(runCount) }
        var end = 0
        for _ in 0..<runCount {
            let gap = try varint(what())
            let length = try varint(what())
            let value = try f32(what())
            guard gap <= UInt64(frames - end), length <= UInt64(frames - end) - gap, value.isFinite, value > 0, value < 1 else {
                throw PackError(.damaged, "\(name): \(what()) holds limiter needs outside the clip")
            }
            let start = end + Int(gap)
            if keep { runs.append(DevicePack.NeedRun(start: start, length: Int(length), value: value)) }
            end = start + Int(length)
        }
        guard down.isFinite, down > 0, down <= 1, !seen(step) else {
            throw PackError(.damaged, "\(name): \(what()) holds limiter data no export writes")
        }
        let measurement = try self.measurement(what(), keep: keep)
        return (step, measurement.map { DevicePack.Limited(needs: runs, down: down, measurement: $0) })
    }

    /// A measurement, checked; kept when `keep`.
    private mutating func measurement(_ what: @autoclosure () -> String, keep: Bool) throws(PackError) -> ClipMeasurement? {
        let loudness = try f64(what())
        let truePeak = try f64(what())
        let edgePeak = try f64(what())
        let step = Int(try u32(what()))
        let itemSize: Int
        switch try u32(what()) {
        case 0: itemSize = 8
        case 1: itemSize = 4
        default: throw PackError(.damaged, "\(name): \(what()) holds a measurement this engine does not read")
        }
        let count = try self.count(what(), itemSize: itemSize)
        var cumulative: [Double] = []
        let valid = try read(count * itemSize, what()) { raw in
            let value = { (item: Int) -> Double in
                itemSize == 8
                    ? Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: item * 8, as: UInt64.self)))
                    : Double(Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: item * 4, as: UInt32.self))))
            }
            guard keep else { return (0..<count).allSatisfy { value($0).isFinite && value($0) >= 0 } }
            cumulative = [Double](unsafeUninitializedCapacity: count) { output, initialized in
                for item in 0..<count { output[item] = value(item) }
                initialized = count
            }
            return cumulative.allSatisfy { $0.isFinite && $0 >= 0 }
        }
        guard step > 0, count > 0, truePeak.isFinite, truePeak >= 0, edgePeak.isFinite, edgePeak >= 0, valid else {
            throw PackError(.damaged, "\(name): \(what()) holds a measurement no clip can have")
        }
        guard keep else { return nil }
        return ClipMeasurement(
            loudness: loudness, truePeakAmplitude: truePeak, edgePeak: edgePeak,
            energy: EnergyProfile(stepFrames: step, cumulative: cumulative))
    }
}
