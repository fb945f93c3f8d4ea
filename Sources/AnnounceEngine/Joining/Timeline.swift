/// Prepared clips laid end to end with silences between them: the joined
/// announcement before any speed change.
import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

package struct Timeline: Sendable {
    /// The clips in speaking order, already faded in and out.
    package let clips: [PreparedClip]
    /// The silence after each clip but the last, in frames.
    package var gaps: [Int]

    /// Clips with the given gaps; `gaps` has one entry fewer than `clips`.
    package init(clips: [PreparedClip], gaps: [Int]) {
        self.clips = clips
        self.gaps = gaps
    }

    /// The frames of speech, without gaps.
    package var clipFrames: Int { clips.reduce(0) { $0 + $1.audio.samples.count } }

    /// The total length in frames.
    package var frameCount: Int { clipFrames + gaps.reduce(0, +) }

    /// The frame each clip starts at.
    package var offsets: [Int] {
        var position = 0
        return clips.indices.map { index in
            defer { position += clips[index].audio.samples.count + (index < gaps.count ? gaps[index] : 0) }
            return position
        }
    }

    /// The joined samples, each clip times `scale` and the silence of its
    /// gap after it: one pass, one allocation of the final size.
    package func join(scale: Float = 1) -> [Float] {
        laidOut(silence: 0) { index, target in
            clips[index].audio.samples.withUnsafeBufferPointer { clip in
                guard let source = clip.baseAddress else { return }
                if scale == 1 {
                    target.initialize(from: source, count: clip.count)
                } else {
                    for frame in 0..<clip.count { target[frame] = source[frame] * scale }
                }
            }
        }
    }

    /// The joined 16-bit samples: `parts` holds each clip's samples (its
    /// clip converted, so of the same length) and the gaps are silence.
    package func join(pcm16 parts: [[Int16]]) -> [Int16] {
        laidOut(silence: 0) { index, target in
            parts[index].withUnsafeBufferPointer { part in
                guard let source = part.baseAddress else { return }
                target.initialize(from: source, count: min(part.count, clips[index].audio.samples.count))
            }
        }
    }

    /// The clips laid end to end with the silence of each gap after it, in
    /// one allocation of the final size: `place` writes clip `index`'s
    /// samples (as many as the clip has) at `target`.
    private func laidOut<Sample>(
        silence: Sample, _ place: (_ index: Int, _ target: UnsafeMutablePointer<Sample>) -> Void
    ) -> [Sample] {
        [Sample](unsafeUninitializedCapacity: frameCount) { output, initialized in
            guard let base = output.baseAddress else { return }
            var position = 0
            for (index, clip) in clips.enumerated() {
                place(index, base + position)
                position += clip.audio.samples.count
                if index < gaps.count {
                    (base + position).initialize(repeating: silence, count: gaps[index])
                    position += gaps[index]
                }
            }
            initialized = position
        }
    }

    /// The true peak of the joined samples as a linear amplitude: the
    /// largest of the clips', each measured with silence around it. Exact
    /// when ``clipsBoundTruePeak``; never below the true peak of the file,
    /// which ends before the interpolator has seen its last frames.
    package var truePeakAmplitude: Double {
        clips.reduce(0) { max($0, $1.measurement.truePeakAmplitude) }
    }

    /// Whether ``truePeakAmplitude`` bounds the true peak of the joined
    /// samples. Clips at least ``ClipMeasurement/joinSpan`` apart never meet
    /// in the true-peak interpolator. Closer ones do, but only through their
    /// faded edges, which stay far below the peak: the interpolator can at
    /// most raise the largest edge sample by ``ClipMeasurement/spanGain``.
    /// Without fades (or with very short ones) that bound can fail, and the
    /// joined samples must be measured.
    package var clipsBoundTruePeak: Bool {
        let peak = truePeakAmplitude
        for (index, gap) in gaps.enumerated() where gap < ClipMeasurement.joinSpan {
            let edges = max(clips[index].measurement.edgePeak, clips[index + 1].measurement.edgePeak)
            if edges * ClipMeasurement.spanGain > peak { return false }
        }
        return true
    }
}
