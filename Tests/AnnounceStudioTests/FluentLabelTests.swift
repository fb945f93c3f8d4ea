@testable import AnnounceServer
@testable import AnnounceStudio
import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// A voice read fluently, with an Audacity label track on every word: the
/// labels build it (energy segmentation cannot), and a label edge inside a
/// word is still refused, in a stop closure too.
struct FluentLabelTests {
    static func script() throws -> VoiceScript { try VoiceSessionTests.paymentScript() }

    /// The spans of `words` with each edge moved into its pause by up to
    /// 30 ms (pseudo-random, leaving the labels apart); some edges by the
    /// full 30 ms where the pause leaves room.
    static func loose(_ words: [(start: Double, end: Double)], seed: UInt64) -> [(start: Double, end: Double)] {
        var generator = SplitMix64(seed: seed)
        func share() -> Double { Double(generator.next() % 1001) / 1000 }
        var spans = words
        spans[0].start -= 0.03 * share()
        spans[spans.count - 1].end += 0.03 * share()
        for index in 0..<(words.count - 1) {
            let room = words[index + 1].start - words[index].end - 0.002
            // Alternately the end or the start first: each gets up to 30 ms.
            let first = min(room, index % 3 == 0 ? 0.03 : 0.03 * share())
            let second = min(room - first, 0.03 * share())
            if index % 2 == 0 {
                spans[index].end += first
                spans[index + 1].start -= second
            } else {
                spans[index + 1].start -= first
                spans[index].end += second
            }
        }
        return spans
    }

    /// The take as the builder sees it: mixed to mono, at 16 kHz.
    static func builderView(_ path: String) throws -> [Float] {
        let audio = try SoundFile.readRecording(path: path).audio
        return try Resampler.resample(audio, to: 16_000, path: path).samples
    }

    @Test("a fluent take (pauses of 40, 80 and 150 ms; 16, 44.1 and 48 kHz; mono and stereo) with labels on the words or up to 30 ms loose into the pauses builds, each clip its labelled word trimmed as clips are",
          arguments: [(0.04, 16_000, false), (0.04, 48_000, true), (0.08, 44_100, false), (0.08, 16_000, true), (0.15, 48_000, false), (0.15, 44_100, true)])
    func builds(pause: Double, rate: Int, stereo: Bool) throws {
        let script = try Self.script()
        let take = try FluentTake(script, pause: pause, closureKey: "到账")
        let folder = try ScratchFolder("fluent")
        defer { folder.remove() }
        let recording = try take.write("take.wav", in: folder, rate: rate, stereo: stereo)
        // Energy segmentation bridges the pauses and cannot build this take.
        #expect {
            _ = try VoiceSessionTests.builder(script).build(recordings: [recording], into: folder.file("energy"))
        } throws: { error in
            (error as? VoiceBuildError)?.lines.first?.hasPrefix("found ") == true
        }
        let source = try Self.builderView(recording)
        var built: [[VoiceBuildReport.Item]] = []
        for (name, spans) in [("exact", take.words), ("loose", Self.loose(take.words, seed: UInt64(pause * 1000) + UInt64(rate)))] {
            try FluentTake.track(spans).write(toFile: folder.file("\(name).txt"), atomically: true, encoding: .utf8)
            var builder = try VoiceSessionTests.builder(script)
            builder.labels = [folder.file("\(name).txt")]
            let report = try builder.build(recordings: [recording], into: folder.file(name))
            #expect(report.items.count == script.items.count)
            for (index, item) in report.items.enumerated() {
                let word = take.words[index]
                // The whole word, by the rule's margins, and nothing of its neighbours'.
                #expect(item.start <= word.start && item.end >= word.end - 0.001, "\(name) \(item.text): \(item.start)–\(item.end), word \(word)")
                #expect(index == 0 || item.start >= take.words[index - 1].end, "\(name) \(item.text) starts in the word before")
                #expect(index + 1 == take.words.count || item.end <= take.words[index + 1].start, "\(name) \(item.text) ends in the word after")
                // The clip is the take's own samples there, unchanged.
                let clip = try SoundFile.readMono(path: folder.file("\(name)/\(item.file)")).audio.samples
                let around = Int((item.start * 16_000).rounded())
                let offset = (max(0, around - 8)...(around + 8)).first { start in
                    start + clip.count <= source.count
                        && zip(clip, source[start..<(start + clip.count)]).allSatisfy { abs($0 - $1) <= 1.5 / 32_768 }
                }
                #expect(offset != nil, "\(name) \(item.text): the clip is not the take's samples at \(item.start) s")
            }
            built.append(report.items)
        }
        // Loose labels find the same words as exact ones.
        for (exact, loose) in zip(built[0], built[1]) {
            #expect(abs(exact.start - loose.start) <= 0.005 && abs(exact.end - loose.end) <= 0.005, "\(exact.text): \(exact.start)–\(exact.end) and \(loose.start)–\(loose.end)")
        }
    }

    @Test("a label edge 50 ms inside a word is refused in one line naming the label and the time, also where the edge lands in a stop closure",
          arguments: ["end inside", "start inside", "end in closure", "start in closure"])
    func edgeInsideAWord(kind: String) throws {
        let script = try Self.script()
        let take = try FluentTake(script, pause: 0.08, closureKey: "到账")
        let closure = try #require(take.closure)
        let folder = try ScratchFolder("fluent")
        defer { folder.remove() }
        let recording = try take.write("take.wav", in: folder, rate: 16_000, stereo: false)
        var spans = take.words
        let index: Int
        let edge: Double
        switch kind {
        case "end inside":
            index = 5
            edge = spans[index].end - 0.05
            spans[index].end = edge
        case "start inside":
            index = 6
            edge = spans[index].start + 0.05
            spans[index].start = edge
        case "end in closure":
            // The word's first syllable labelled alone, the label ending in the closure.
            index = closure.item
            edge = (closure.start + closure.end) / 2
            spans[index].end = edge
        default:
            index = closure.item
            edge = (closure.start + closure.end) / 2
            spans[index].start = edge
        }
        try FluentTake.track(spans).write(toFile: folder.file("take.txt"), atomically: true, encoding: .utf8)
        var builder = try VoiceSessionTests.builder(script)
        builder.labels = [folder.file("take.txt")]
        #expect {
            _ = try builder.build(recordings: [recording], into: folder.file("voice"))
        } throws: { error in
            guard let error = error as? VoiceBuildError, error.kind == .mismatch, error.lines.count == 1 else { return false }
            let line = error.lines[0]
            let named = "take.txt line \(index + 1): the label "
            guard line.contains(named), let at = line.range(of: " cuts through a word at ") else { return false }
            let time = Double(line[at.upperBound...].prefix { $0 != " " }) ?? -1
            let closureNamed = !kind.hasSuffix("closure") || line.contains("a stop closure is not a pause")
            return abs(time - edge) <= 0.001 && closureNamed
        }
        #expect(try folder.contents() == ["take.txt", "take.wav"])
    }
}
