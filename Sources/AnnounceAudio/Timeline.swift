/// Prepared clips laid end to end with silences between them: the joined
/// announcement before any speed change.
struct Timeline {
    /// The samples of each clip, in speaking order.
    let clips: [[Float]]
    /// The silence after each clip but the last, in frames.
    var gaps: [Int]

    /// Clips with the given gaps; `gaps` has one entry fewer than `clips`.
    init(clips: [[Float]], gaps: [Int]) {
        self.clips = clips
        self.gaps = gaps
    }

    /// The frames of speech, without gaps.
    var clipFrames: Int { clips.reduce(0) { $0 + $1.count } }

    /// The total length in frames.
    var frameCount: Int { clipFrames + gaps.reduce(0, +) }

    /// The joined samples: each clip faded in and out by `fade`, then the
    /// silence of its gap. One allocation of the final size.
    func join(fade: Fade) -> [Float] {
        let total = frameCount
        return [Float](unsafeUninitializedCapacity: total) { output, initialized in
            var position = 0
            for (index, clip) in clips.enumerated() {
                let count = clip.count
                clip.withUnsafeBufferPointer { clip in
                    let target = UnsafeMutableBufferPointer(rebasing: output[position..<(position + count)])
                    _ = target.initialize(fromContentsOf: clip)
                    fade.apply(to: target)
                }
                position += count
                if index < gaps.count {
                    let gap = gaps[index]
                    output.baseAddress?.advanced(by: position).initialize(repeating: 0, count: gap)
                    position += gap
                }
            }
            initialized = position
        }
    }
}
