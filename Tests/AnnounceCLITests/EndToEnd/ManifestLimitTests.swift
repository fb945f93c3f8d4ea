import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// A `voice.json` cannot exhaust time or memory: what a manifest may hold is
/// bounded (docs/VOICES.md, "Limits"), one over a limit is refused in one
/// line with exit 66, and a voice at every limit at once is checked, each
/// measured on the built binary by what the kernel counted for it.
struct ManifestLimitTests {
    /// What each run may use: a second of CPU and 50 MB. A clip word of
    /// 10,000 characters took 21 s and 800 MB, and one of 100,000 died
    /// after 4 GB, before the limits.
    static let memory = 50 << 20
    static let cpu = 1.0
    /// A debug build (what `swift test` runs) executes the coverage search
    /// six to eight times slower than the release build users run (the
    /// voice at every limit: about 2.9 s of CPU against 0.45 s), so that
    /// voice is given ten seconds there. Refusals get no allowance.
    #if DEBUG
        static let searchFactor = 10.0
    #else
        static let searchFactor = 1.0
    #endif

    static func check(_ voice: URL) throws -> (ProcessResult, ProcessRunner.Usage) {
        try ProcessRunner.runMeasured(CommandRunner.executable, ["voice", "check", voice.path], timeout: 120)
    }

    /// A copy of the bundled voice whose manifest `edit` changed.
    static func voice(in scratch: ScratchFolder, _ edit: (inout [String: Any]) -> Void) throws -> URL {
        let voice = try VoiceCommandTests.copyOfBundledVoice(in: scratch)
        try VoiceCommandTests.editManifest(voice, edit)
        return voice
    }

    static func addClips(_ manifest: inout [String: Any], _ clips: [String: Any]) {
        var all = manifest["clips"] as? [String: Any] ?? [:]
        all.merge(clips) { $1 }
        manifest["clips"] = all
    }

    static func covers(_ manifest: inout [String: Any], prefixes: [String]) {
        var covers = manifest["covers"] as? [String: Any] ?? [:]
        covers["prefixes"] = prefixes
        manifest["covers"] = covers
    }

    /// Pads `voice`'s manifest with trailing blanks to `size` bytes.
    static func pad(_ voice: URL, to size: Int) throws {
        let url = voice.appendingPathComponent("voice.json")
        var data = try Data(contentsOf: url)
        data.append(Data(repeating: UInt8(ascii: " "), count: size - data.count))
        try data.write(to: url)
    }

    /// Eleven prefixes of announce's own words beyond the bundled voice's
    /// five: sixteen, the most a voice covers.
    static let extraPrefixes = ["收款", "到账 收款", "退款", "收款 成功", "会员充值", "共计", "支付宝", "微信", "收款 到账 收款", "到账 到账", "微信 收款 到账"]

    @Test("a clip word of 100,000 characters is refused in one line naming the limit (exit 66), within a second and 50 MB")
    func hugeWord() throws {
        let scratch = try ScratchFolder("limits")
        defer { scratch.remove() }
        let voice = try Self.voice(in: scratch) { Self.addClips(&$0, [String(repeating: "一", count: 100_000): "yi1.wav"]) }
        let (result, usage) = try Self.check(voice)
        #expect(result.status == 66, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.hasPrefix("announce: ") && result.stderr.contains("is 100000 characters long; a clip word has at most 64"), "\(result)")
        #expect(usage.cpuSeconds <= Self.cpu && usage.peakBytes <= Self.memory, "\(usage)")
    }

    @Test("one over each limit is refused in one line naming it (exit 66), within a second and 50 MB", arguments: [
        "size", "word", "clips", "file", "prefixes", "prefix twice",
    ])
    func overALimit(limit: String) throws {
        let scratch = try ScratchFolder("limits")
        defer { scratch.remove() }
        let expected: String
        let voice: URL
        switch limit {
        case "size":
            voice = try Self.voice(in: scratch) { _ in }
            try Self.pad(voice, to: (4 << 20) + 1)
            expected = "voice.json: is too large (4194305 bytes; at most 4194304)"
        case "word":
            voice = try Self.voice(in: scratch) { Self.addClips(&$0, [String(repeating: "元", count: 65): "yuan2.wav"]) }
            expected = "is 65 characters long; a clip word has at most 64"
        case "clips":
            voice = try Self.voice(in: scratch) { manifest in
                let count = (manifest["clips"] as? [String: Any])?.count ?? 0
                Self.addClips(&manifest, Dictionary(uniqueKeysWithValues: (count..<501).map { ("词\($0)", "yi1.wav") }))
            }
            expected = "'clips' lists 501 clips; a voice has at most 500"
        case "file":
            voice = try Self.voice(in: scratch) { Self.addClips(&$0, ["收款": String(repeating: "a/", count: 510) + "b.wav"]) }
            expected = "clip '收款': the file name is 1025 bytes long; a clip file name has at most 1024"
        case "prefixes":
            voice = try Self.voice(in: scratch) { manifest in
                Self.covers(&manifest, prefixes: ["到账", "支付宝到账", "微信收款", "收款到账", ""] + Self.extraPrefixes + ["成功"])
            }
            expected = "'covers' names 17 prefixes; a voice covers at most 16"
        default:
            voice = try Self.voice(in: scratch) { Self.covers(&$0, prefixes: ["到账", "支付宝到账", "到账"]) }
            expected = "'covers' names '到账' twice"
        }
        let (result, usage) = try Self.check(voice)
        #expect(result.status == 66, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("announce: ") && result.stderr.contains(expected), "\(result)")
        #expect(usage.cpuSeconds <= Self.cpu && usage.peakBytes <= Self.memory, "\(usage)")
    }

    @Test("a voice at every limit at once (a manifest of 4 MB, 500 clips, many of them runs of number words, words of 64 characters, a file name of 1024 bytes, 16 prefixes, every template and reading) is checked within a second and 50 MB")
    func everyLimit() throws {
        let scratch = try ScratchFolder("limits")
        defer { scratch.remove() }
        // A file name of exactly 1024 bytes: folders of 200, and the rest.
        let folders = (0..<4).map { String(repeating: Character(String(UnicodeScalar(UInt8(97 + $0)))), count: 200) }
        let longName = folders.joined(separator: "/") + "/" + String(repeating: "e", count: 1024 - 4 * 201 - 4) + ".wav"
        #expect(longName.utf8.count == 1024)
        let voice = try Self.voice(in: scratch) { manifest in
            var clips = manifest["clips"] as? [String: Any] ?? [:]
            // Every group unit a script lists, with its rules.
            if let script = try? VoiceScript(coverage: VoiceCoverage(
                styles: [.decimal, .currency], variants: [.liang, .leadYi], prefixes: [""], templates: ["payment"], units: .groups))
            {
                for item in script.items { clips[item.key] = ["file": "yi1.wav", "when": item.when.map(\.rawValue)] }
            }
            // A clip for each word of the extra prefixes.
            for word in Self.extraPrefixes.flatMap({ $0.split(separator: " ").map(String.init) }) { clips[word] = "dao4-zhang4.wav" }
            // Words of 64 characters: a long phrase, and a run of number words
            // as long as a key may be.
            clips[String(repeating: "收款成功", count: 16)] = longName
            clips[String(repeating: "九", count: 64)] = "jiu3.wav"
            // The rest: runs of number words (up to a whole reading, with
            // 共计 before some) cut from the readings of random amounts, the
            // clips that make the search keep most states.
            var generator = SplitMix64(seed: 24)
            while clips.count < 500 {
                let fen = generator.next() % (1 + (UInt64(1) << (generator.next() % 34)))
                let options = ReadingOptions(style: fen % 2 == 0 ? .currency : .decimal, liang: fen % 3 == 0)
                guard let words = try? Amount(fen: fen).reading(options).words, !words.isEmpty else { continue }
                let start = Int(generator.next() % UInt64(words.count))
                let end = start + 1 + Int(generator.next() % UInt64(words.count - start))
                let run = (generator.next() % 4 == 0 ? "共计" : "") + words[start..<end].joined()
                if run.count >= 2 && clips[run] == nil { clips[run] = "yi1.wav" }
            }
            manifest["clips"] = clips
            Self.covers(&manifest, prefixes: ["到账", "支付宝到账", "微信收款", "收款到账", ""] + Self.extraPrefixes)
            var covers = manifest["covers"] as? [String: Any] ?? [:]
            covers["units"] = "groups"
            manifest["covers"] = covers
            // Three of the 4 MB a manifest may be, made up to it below.
            manifest["provenance"] = String(repeating: "录", count: 1_000_000)
        }
        try Self.pad(voice, to: 4 << 20)
        let file = voice.appendingPathComponent(longName)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // (FileManager's copy quietly makes nothing at a path this long.)
        try Data(contentsOf: voice.appendingPathComponent("yi1.wav")).write(to: file)
        let (result, usage) = try Self.check(voice)
        // Usable, and its runs, all said by 一's clip, say other tones than their script's.
        #expect(result.status == 78, "\(result)")
        #expect(result.stdout.contains(", 500 clips,") && result.stdout.hasSuffix("usable\n"), "\(result)")
        #expect(result.stdout.contains("\ntones: "), "\(result)")
        #expect(usage.cpuSeconds <= Self.cpu * Self.searchFactor && usage.peakBytes <= Self.memory, "\(usage)")
    }
}
