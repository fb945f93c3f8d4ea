@testable import AnnounceServer
@testable import AnnounceStudio
import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// What a label track may hold besides one region per word: points and
/// regions mixed, and a label over nothing but silence.
struct LabelTrackTests {
    @Test("a label track mixing points and regions uses both: a point's item runs to the next label, whichever kind")
    func pointsAndRegions() throws {
        let script = try FluentLabelTests.script()
        let take = try FluentTake(script, pause: 0.15)
        let folder = try ScratchFolder("labels")
        defer { folder.remove() }
        let recording = try take.write("take.wav", in: folder, rate: 16_000, stereo: false)
        var track = ""
        for (index, word) in take.words.enumerated() {
            // Every third word a point 10 ms before it, the others regions on the word.
            let line = index % 3 == 1 ? "\(word.start - 0.01)\t\(word.start - 0.01)\tpoint" : "\(word.start)\t\(word.end)\tregion"
            track += line + "\n"
        }
        try track.write(toFile: folder.file("take.txt"), atomically: true, encoding: .utf8)
        var builder = try VoiceSessionTests.builder(script)
        builder.labels = [folder.file("take.txt")]
        let report = try builder.build(recordings: [recording], into: folder.file("voice"))
        #expect(report.items.count == script.items.count)
        for (index, item) in report.items.enumerated() {
            let word = take.words[index]
            #expect(item.start <= word.start && item.end >= word.end - 0.001, "\(item.text): \(item.start)–\(item.end), word \(word)")
            #expect(index + 1 == take.words.count || item.end <= take.words[index + 1].start, "\(item.text) ends in the word after")
        }
    }

    @Test("a label over nothing but silence is named as silence, not noise, in noise and in digital silence", arguments: [0.0069, 0])
    func silence(noise: Double) throws {
        let script = try FluentLabelTests.script()
        let take = try FluentTake(script, pause: 0.15, noise: noise)
        let folder = try ScratchFolder("labels")
        defer { folder.remove() }
        let recording = try take.write("take.wav", in: folder, rate: 16_000, stereo: false)
        // A label in the lead-in, before the words' own.
        try ("0.05\t0.4\tnothing\n" + FluentTake.track(take.words)).write(toFile: folder.file("take.txt"), atomically: true, encoding: .utf8)
        var builder = try VoiceSessionTests.builder(script)
        builder.labels = [folder.file("take.txt")]
        #expect {
            _ = try builder.build(recordings: [recording], into: folder.file("voice"))
        } throws: { error in
            let lines = (error as? VoiceBuildError)?.lines ?? []
            return lines.count == 1 && lines[0].hasSuffix("take.txt line 1: the label 0.05–0.4 s holds only silence (nothing 12 dB above the noise floor): label a word, or delete the label")
        }
        #expect(try folder.contents() == ["take.txt", "take.wav"])
    }
}
