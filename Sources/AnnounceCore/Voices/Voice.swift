#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A voice: a folder of prerecorded clips and its manifest, `voice.json`.
///
/// A voice says each word of a phrase with one clip. It may also have clips
/// for runs of words (`一百`, `支付宝到账`), which sound more natural; the
/// planner prefers the longest run that has a clip (see ``plan(_:)``).
public struct Voice: Sendable {
    /// The manifest's file name inside the voice folder.
    public static let manifestName = "voice.json"

    /// The voice folder.
    public let directory: String
    public let manifest: VoiceManifest
    /// The clip keys as UTF-8 bytes: hashing bytes is much cheaper than
    /// hashing (normalising) CJK strings, and the planner looks up often.
    private let clipsByBytes: [[UInt8]: Entry]
    /// The longest clip key, in UTF-8 bytes: no run of words longer than this
    /// can match, so the planner stops looking there.
    private let longestKey: Int

    /// Loads the voice in `path`: a voice folder, or its `voice.json`.
    /// Checks the manifest, not the clip files (``ClipPlan`` names files;
    /// `announce voice check` decodes them).
    public init(at path: String) throws(VoiceError) {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw VoiceError(.notFound, "no voice at '\(path)': no such folder")
        }
        let directory = isDirectory ? path : Paths.parent(of: path)
        let manifestPath = isDirectory ? Paths.join(path, Self.manifestName) : path
        guard FileManager.default.fileExists(atPath: manifestPath) else {
            throw VoiceError(.notFound, "no voice at '\(path)': \(Self.manifestName) not found")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: manifestPath))
        } catch {
            throw VoiceError(.unreadableManifest, "\(manifestPath): cannot be read")
        }
        let manifest = try VoiceManifest(json: data, source: manifestPath)
        self.init(directory: directory.isEmpty ? "." : directory, manifest: manifest)
    }

    /// A voice from a manifest already in memory; clip files are relative to `directory`.
    public init(directory: String, manifest: VoiceManifest) {
        self.directory = directory
        self.manifest = manifest
        self.clipsByBytes = Dictionary(uniqueKeysWithValues: manifest.clips.map { key, file in
            (Array(key.utf8), Entry(file: file, rules: manifest.rules[key] ?? []))
        })
        self.longestKey = manifest.clips.keys.map(\.utf8.count).max() ?? 0
    }

    /// The voice's id, as in messages: `default`.
    public var id: String { manifest.id }

    /// The voice's sample rate: the manifest's, else the most common of the
    /// clips' rates `clipRates` (the highest on a tie); nil when neither says.
    public func sampleRate(clipRates: [Int]) -> Int? {
        if let rate = manifest.sampleRate { return rate }
        var counts: [Int: Int] = [:]
        for rate in clipRates { counts[rate, default: 0] += 1 }
        return counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }

    /// The full path of a clip file named in the manifest.
    public func path(ofClip file: String) -> String {
        Paths.join(directory, file)
    }

    /// Whether the voice can say `word` with a clip of its own.
    public func hasClip(for word: String) -> Bool {
        manifest.clips[word] != nil
    }

    /// The words of `options`' readings that have no clip: empty when the
    /// voice can read every amount with these options.
    public func missingWords(for options: ReadingOptions) -> [String] {
        options.vocabulary.filter { !hasClip(for: $0) }
    }

    /// Checks, before any audio is made, that every phrase with this prefix
    /// and these options can be planned.
    /// - Throws: ``VoiceError`` naming the first word without a clip.
    public func requireClips(prefix: Prefix, options: ReadingOptions) throws(VoiceError) {
        _ = try plan(words: prefix.words, prefixCount: prefix.words.count)
        if let word = missingWords(for: options).first {
            throw missingClip(word)
        }
    }

    /// Chooses the clips that say `phrase`: at each point the longest run of
    /// words that has a clip whose rules (``ClipRule``) hold there (greedy
    /// longest match), down to single words.
    /// - Throws: ``VoiceError`` naming the word and the voice when a word
    ///   has no clip.
    public func plan(_ phrase: Phrase) throws(VoiceError) -> ClipPlan {
        try plan(words: phrase.words, prefixCount: phrase.prefix.words.count)
    }

    func plan(words: [String], prefixCount: Int) throws(VoiceError) -> ClipPlan {
        var clips: [ClipPlan.Clip] = []
        let hasClip = { (range: Range<Int>) in self.hasClip(for: words, range) }
        var start = 0
        while start < words.count {
            var match: (end: Int, file: String)?
            var run: [UInt8] = []
            for end in start..<words.count {
                run.append(contentsOf: words[end].utf8)
                if run.count > longestKey { break }
                if let entry = clipsByBytes[run],
                    entry.rules.allSatisfy({
                        $0.holds(in: words, range: start..<(end + 1), prefixCount: prefixCount, hasClip: hasClip)
                    })
                {
                    match = (end + 1, entry.file)
                }
            }
            guard let match else { throw missingClip(words[start]) }
            clips.append(ClipPlan.Clip(
                words: Array(words[start..<match.end]), file: match.file, isPrefix: match.end <= prefixCount))
            start = match.end
        }
        return ClipPlan(clips: clips)
    }

    /// Whether the voice has a clip for `words[range]` run together.
    private func hasClip(for words: [String], _ range: Range<Int>) -> Bool {
        var run: [UInt8] = []
        for word in words[range] { run.append(contentsOf: word.utf8) }
        return clipsByBytes[run] != nil
    }

    /// A clip file and where it may be used.
    private struct Entry: Sendable {
        let file: String
        let rules: [ClipRule]
    }

    private func missingClip(_ word: String) -> VoiceError {
        VoiceError(.missingClip(word: word), "voice '\(id)' (\(directory)) has no clip for '\(word)'")
    }
}
