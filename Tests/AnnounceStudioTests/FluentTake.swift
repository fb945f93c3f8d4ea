@testable import AnnounceServer
@testable import AnnounceStudio
import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation

/// A take read fluently: the script's items, said by the bundled voice at a
/// speaking level, with short pauses between the words (too short for
/// energy segmentation, which bridges gaps under 250 ms), in noise at
/// -48 dBFS; written at any rate, mono or stereo, with a label track.
struct FluentTake {
    /// Where each word sounds above the noise (from its first to its last
    /// sample above -36 dBFS in the clean take, the noise peaking at
    /// -43 dBFS), in seconds: where a label on the word starts and ends.
    var words: [(start: Double, end: Double)] = []
    /// The take at 16 kHz, noise added.
    var samples: [Float] = []
    /// The item whose word has a stop closure inside it, and the closure.
    var closure: (item: Int, start: Double, end: Double)?

    static let rate = 16_000
    /// The stop closure put inside a two-syllable word: 50 ms of quiet, then
    /// a 5 ms burst, as the k of 款 or the d of 到 sound inside a word.
    static let closureLength = 0.05
    static let burstLength = 0.005

    /// The items of `script` with `pause` seconds between words, after a
    /// lead-in of 0.5 s, in noise of `noise` peak amplitude (0.0069 is
    /// -48 dBFS RMS; 0 leaves the pauses digital silence); the word of item
    /// `closureKey` (a two-syllable one) gets a stop closure between its syllables.
    init(_ script: VoiceScript, pause: Double, closureKey: String? = nil, noise: Double = 0.0069) throws {
        let voice = try Voice(at: VoiceBuilderTests.bundledPath)
        var random = VoiceBuilderTests.Random(state: 11)
        var clean = [Float](repeating: 0, count: Int(0.5 * Double(Self.rate)))
        let quiet = Float(pow(10, -36.0 / 20))
        for (index, item) in script.items.enumerated() {
            guard let file = voice.manifest.clips[item.key] else { throw FluentTakeError.noClip(item.key) }
            let clip = VoiceBuilderTests.atSpeakingLevel(try SoundFile.readMono(path: voice.path(ofClip: file)).audio.samples)
            guard let first = clip.firstIndex(where: { abs($0) >= quiet }), let last = clip.lastIndex(where: { abs($0) >= quiet }) else {
                throw FluentTakeError.silentClip(item.key)
            }
            var word = Array(clip[first...last])
            if item.key == closureKey {
                // Between the syllables: the quietest 10 ms in the middle third.
                let frame = Self.rate / 100
                let candidates = stride(from: word.count / 3, to: 2 * word.count / 3 - frame, by: frame / 2)
                let split = candidates.min { TestAudio.rms(word[$0..<($0 + frame)]) < TestAudio.rms(word[$1..<($1 + frame)]) } ?? word.count / 2
                let closureStart = Double(clean.count + split) / Double(Self.rate)
                let burst = TestAudio.noise(seconds: Self.burstLength, amplitude: 0.3, rate: Self.rate, seed: 5)
                word = Array(word[..<split]) + TestAudio.silence(seconds: Self.closureLength, rate: Self.rate) + burst + Array(word[split...])
                closure = (index, closureStart, closureStart + Self.closureLength)
            }
            words.append((Double(clean.count) / Double(Self.rate), Double(clean.count + word.count) / Double(Self.rate)))
            clean += word
            clean += TestAudio.silence(seconds: index + 1 < script.items.count ? pause : 0.5, rate: Self.rate)
        }
        samples = clean.map { $0 + Float((random.next() * 2 - 1) * noise) }
    }

    /// Writes the take at `rate` Hz, two channels (the right one quieter) when
    /// `stereo`, as `name` in `folder`; returns its path.
    func write(_ name: String, in folder: ScratchFolder, rate: Int, stereo: Bool) throws -> String {
        let resampled = rate == Self.rate ? samples : try Resampler.resample(AudioBuffer(sampleRate: Self.rate, samples: samples), to: rate, path: name).samples
        let path = folder.file(name)
        if stereo {
            try StereoWriter.write(left: resampled, right: resampled.map { $0 * 0.8 }, rate: rate, to: path)
        } else {
            try SoundFile.write(AudioBuffer(sampleRate: rate, samples: resampled), format: OutputFormat(container: .wav, encoding: .pcm16), to: path)
        }
        return path
    }

    /// A label track of `spans` (seconds), one region each, numbered, as
    /// Audacity exports it.
    static func track(_ spans: [(start: Double, end: Double)]) -> String {
        spans.enumerated().map { "\(String(format: "%.6f", $1.start))\t\(String(format: "%.6f", $1.end))\t\($0 + 1)\n" }.joined()
    }
}

enum FluentTakeError: Error { case noClip(String), silentClip(String) }
