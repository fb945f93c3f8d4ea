import AnnounceCommon
import AnnounceLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A voice: a folder of prerecorded clips and its manifest, `voice.json`.
///
/// A voice says each word of a phrase with one clip. It may also have clips
/// for runs of words (`一百`, `支付宝到账`), which sound more natural; the
/// planner prefers the longest run that has a clip (AnnounceServer's `Announcer` plans with it).
public struct Voice: Sendable {
    /// The manifest's file name inside the voice folder.
    public static let manifestName = "voice.json"

    /// The voice folder.
    public let directory: String
    /// The voice's manifest, checked when the voice was loaded.
    package let manifest: VoiceManifest
    /// The clip keys as UTF-8 bytes: hashing bytes is much cheaper than
    /// hashing (normalising) CJK strings, and the planner looks up often.
    private let clipsByBytes: [[UInt8]: Entry]
    /// The longest clip key, in UTF-8 bytes: no run of words longer than this
    /// can match, so the planner stops looking there.
    private let longestKey: Int

    /// Where each clip file named in the manifest is, as its store located
    /// it (on the server, its real path with links resolved), keyed by the
    /// name's UTF-8 bytes: checked once when the voice is loaded, so every
    /// reader (check, digest, renderer) opens the file that was checked.
    /// Empty for a voice made from a manifest in memory.
    private let resolvedClips: [[UInt8]: String]
    /// The same, keyed by the name as a String, for a lookup per clip per
    /// render without building a byte array. String keys merge canonically
    /// equivalent names, so each entry keeps its exact name to compare.
    private let resolvedByName: [String: (file: String, path: String)]

    /// The largest manifest read: a voice.json is a few kilobytes.
    public static let maximumManifestBytes = 4 << 20

    /// Loads the voice `store` holds: reads and checks its manifest, and
    /// asks the store where each clip file it names is (the store refuses a
    /// file it may not read; see ``VoiceStore``). It does not decode clips
    /// (plans name files; `announce voice check` decodes them).
    /// - Throws: ``VoiceError``: what the store throws (`notFound`,
    ///   `unreadableManifest`, `unusableFile`), or `invalidManifest`.
    public init(store: some VoiceStore) throws(VoiceError) {
        let bytes = try store.readManifest(limit: Self.maximumManifestBytes)
        let manifest = try VoiceManifest(json: Data(bytes), source: store.manifestPath)
        var resolved: [[UInt8]: String] = [:]
        for (word, file) in manifest.clips.sorted(by: { $0.key < $1.key }) where resolved[Array(file.utf8)] == nil {
            resolved[Array(file.utf8)] = try store.locateClip(file, word: word)
        }
        self.init(directory: store.directory, manifest: manifest, resolvedClips: resolved)
    }

    /// A voice from a manifest already in memory; clip files are relative to `directory`.
    package init(directory: String, manifest: VoiceManifest) {
        self.init(directory: directory, manifest: manifest, resolvedClips: [:])
    }

    private init(directory: String, manifest: VoiceManifest, resolvedClips: [[UInt8]: String]) {
        self.directory = directory
        self.manifest = manifest
        self.clipsByBytes = Dictionary(uniqueKeysWithValues: manifest.clips.map { key, file in
            (Array(key.utf8), Entry(file: file, rules: manifest.rules[key] ?? []))
        })
        self.longestKey = manifest.clips.keys.map(\.utf8.count).max() ?? 0
        self.resolvedClips = resolvedClips
        var byName: [String: (file: String, path: String)] = [:]
        for (bytes, path) in resolvedClips {
            let file = String(decoding: bytes, as: UTF8.self)
            if byName[file] == nil { byName[file] = (file, path) }
        }
        self.resolvedByName = byName
    }

    /// The voice's id, as in messages: `default`.
    public var id: String { manifest.id }

    /// The language the voice speaks, as its manifest states.
    public var language: Language { manifest.language }

    /// The voice's sample rate: the manifest's, else the most common of the
    /// clips' rates `clipRates` (the highest on a tie); nil when neither says.
    package func sampleRate(clipRates: [Int]) -> Int? {
        if let rate = manifest.sampleRate { return rate }
        var counts: [Int: Int] = [:]
        for rate in clipRates { counts[rate, default: 0] += 1 }
        return counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }

    /// The full path of a clip file named in the manifest: for a voice
    /// loaded from a store, where the store located it.
    package func path(ofClip file: String) -> String {
        guard !resolvedClips.isEmpty else { return Paths.join(directory, file) }
        if let entry = resolvedByName[file], entry.file.utf8.elementsEqual(file.utf8) { return entry.path }
        return resolvedClips[Array(file.utf8)] ?? Paths.join(directory, file)
    }

    /// Whether the voice can say `word` with a clip of its own.
    public func hasClip(for word: String) -> Bool {
        manifest.clips[word] != nil
    }

    /// The words of `options`' readings that have no clip: empty when the
    /// voice can read every amount with these options.
    public func missingWords(for options: ReadingOptions) -> [String] {
        language.reader.vocabulary(options).filter { !hasClip(for: $0) }
    }

    /// Checks, before any audio is made, that every phrase with this prefix
    /// and these options can be planned.
    /// - Throws: ``VoiceError`` naming the first word without a clip.
    public func requireClips(prefix: Prefix, options: ReadingOptions) throws(VoiceError) {
        try requireClips(prefix: prefix)
        if let word = missingWords(for: options).first {
            throw missingClip(word)
        }
    }

    /// Chooses the clips that say `words`, the first `prefixCount` of them
    /// the lead: at each point the longest run of words that has a clip
    /// whose rules (``ClipRule``) hold there (greedy longest match), down to
    /// single words. ``plan(_:)`` calls it once per stretch between pauses.
    /// - Throws: ``VoiceError`` naming the word and the voice when a word
    ///   has no clip.
    package func plan(words: [String], prefixCount: Int) throws(VoiceError) -> ClipPlan {
        var clips: [ClipPlan.Clip] = []
        let hasClip = { (range: Range<Int>) in self.hasClip(for: words, range) }
        let rules = manifest.language.rules
        var start = 0
        while start < words.count {
            var match: (end: Int, file: String)?
            var run: [UInt8] = []
            for end in start..<words.count {
                run.append(contentsOf: words[end].utf8)
                if run.count > longestKey { break }
                if let entry = clipsByBytes[run],
                    entry.rules.allSatisfy({
                        $0.holds(
                            in: words, range: start..<(end + 1), prefixCount: prefixCount, word: rules.ruleWord(of:),
                            hasClip: hasClip)
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

    /// Checks that the voice can say `prefix`; a word it cannot say is
    /// refused with the presets named and how a voice adds a prefix.
    package func requireClips(prefix: Prefix) throws(VoiceError) {
        do {
            _ = try plan(words: prefix.words, prefixCount: prefix.words.count)
        } catch {
            let presets = language.prefixPresets.map(\.name).joined(separator: ", ")
            throw VoiceError(
                error.kind,
                "\(error.message), the prefix: name a preset (\(presets)) or a phrase the voice has clips for; a voice adds a prefix with a clip for its words (docs/VOICES.md)")
        }
    }

    private func missingClip(_ word: String) -> VoiceError {
        VoiceError(
            .missingClip(word: word),
            "voice '\(id)' (\(MessageText.escaped(directory))) has no clip for \(MessageText.quoted(word))")
    }
}
