import AnnounceCommon
import AnnounceLanguage
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The manifest of a voice, `voice.json`: who the voice is, and which clip
/// file says which word. See docs/VOICES.md for the format.
package struct VoiceManifest: Equatable, Sendable {
    /// The only manifest format this version reads.
    package static let supportedFormat = 1

    /// The manifest format; only ``supportedFormat`` is read.
    package var format: Int
    /// A short identifier: lowercase ASCII letters, digits, `.`, `_`, `-`.
    package var id: String
    /// The voice's name, for people.
    package var name: String
    /// The language the voice speaks (`"language": "cmn-Hans"`): it
    /// chooses the reading options, the clip rules the manifest may state
    /// and those a run gets when it states none.
    package var language: Language
    /// The licence under which the clips may be used, if stated.
    package var license: String?
    /// Where the recordings come from (speaker or engine, studio, date), if stated.
    package var provenance: String?
    /// The voice's sample rate, if the manifest states one; otherwise the
    /// rate of its clips.
    package var sampleRate: Int?
    /// Word (or run of words, `一百`) → clip file, relative to the voice folder.
    package var clips: [String: String]
    /// Run of words → where its clip may be used (``ClipRule``); a clip
    /// without rules applies everywhere.
    package var rules: [String: [ClipRule]]
    /// What the voice is made to say (`covers`), as its script said; nil
    /// when the manifest does not say.
    public var covers: VoiceCoverage?
    /// The largest amount the voice is made to say (`maximumAmount`); nil:
    /// ``defaultMaximumAmount``. Render refuses larger amounts.
    public var maximumAmount: Amount?

    /// The largest amount a voice is checked for when its manifest declares
    /// none: 99,999,999.99.
    public static let defaultMaximumAmount = try! Amount(fen: 9_999_999_999)

    /// The most clips a manifest lists: a script of every group unit has
    /// about 200 items, so this leaves room for prefixes and phrases, while
    /// the coverage search (``LongestPlan``), whose states grow with the runs
    /// of number words a voice has, stays within a second.
    package static let maximumClips = 500
    /// The longest clip word, in characters (Unicode scalars): as long as
    /// the longest template (``Template/maximumLength``); a clip says a word
    /// or a run of words, never a sentence.
    package static let maximumWordLength = Template.maximumLength
    /// The longest clip file name, in bytes of UTF-8: a path inside the
    /// voice folder, well under what file systems take (4096).
    package static let maximumFileLength = 1024

    /// The parser manifests are read with: the strict one batch lines use
    /// (duplicate keys, trailing commas and invalid UTF-8 refused), taking
    /// a document as large as a manifest may be.
    private static let parser = JSONLineParser(maximumLength: Voice.maximumManifestBytes)

    /// Parses and checks a manifest. `source` names it in messages.
    package init(json data: Data, source: String) throws(VoiceError) {
        // Names from the manifest and the path are the author's text:
        // escaped (``MessageText``) so that every message is one line.
        let shownSource = MessageText.escaped(source)
        func invalid(_ problem: String) -> VoiceError {
            VoiceError(.invalidManifest, "\(shownSource): \(problem)")
        }
        let bytes = [UInt8](data)
        if let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first != UInt8(ascii: "{") {
            throw invalid("the manifest must be a JSON object")
        }
        let members: [JSONLineParser.Member]
        do {
            members = try Self.parser.parseObject(bytes)
        } catch {
            throw VoiceError(
                .unreadableManifest, "\(shownSource): not valid JSON at byte \(error.offset): \(MessageText.escaped(error.problem))")
        }
        let fields = JSONLineParser.Value.object(members).fields ?? [:]

        guard let format = fields["format"] else { throw invalid("'format' is missing (expected 1)") }
        guard let formatNumber = format.integer else { throw invalid("'format' must be a number") }
        guard formatNumber == Self.supportedFormat else {
            throw invalid("format \(formatNumber) is not supported (this announce reads format \(Self.supportedFormat))")
        }
        guard let id = fields["id"]?.string else {
            throw invalid(fields["id"] == nil ? "'id' is missing" : "'id' must be a string")
        }
        guard !id.isEmpty, id.count <= 64, id.unicodeScalars.allSatisfy(Self.isIdentifierScalar) else {
            throw invalid("'id' must be 1–64 lowercase ASCII letters, digits, '.', '_' or '-'")
        }
        func optionalString(_ key: String) throws(VoiceError) -> String? {
            guard let value = fields[key] else { return nil }
            guard let string = value.string else { throw invalid("'\(key)' must be a string") }
            return string
        }
        guard let languageValue = fields["language"] else {
            throw invalid("'language' is missing: state the language the voice speaks, \(Language.all.map { "'\($0.tag)' (\($0.displayName))" }.joined(separator: " or "))")
        }
        guard let languageTag = languageValue.string else { throw invalid("'language' must be a string such as 'cmn-Hans'") }
        let language: Language
        do {
            language = try Language(tag: languageTag)
        } catch {
            throw invalid("'language' \(error.description)")
        }
        var sampleRate: Int?
        if let rate = fields["sampleRate"] {
            guard let number = rate.integer, (8000...192_000).contains(number) else {
                throw invalid("'sampleRate' must be a whole number of Hz between 8000 and 192000")
            }
            sampleRate = number
        }
        guard let clipsValue = fields["clips"] else { throw invalid("'clips' is missing") }
        guard case .object(let clipMembers) = clipsValue else {
            throw invalid("'clips' must be an object mapping words to file names, not \(clipsValue.kindName)")
        }
        guard !clipMembers.isEmpty else { throw invalid("'clips' is empty") }
        guard clipMembers.count <= Self.maximumClips else {
            throw invalid("'clips' lists \(clipMembers.count) clips; a voice has at most \(Self.maximumClips)")
        }
        var clips: [String: String] = [:]
        var rules: [String: [ClipRule]] = [:]
        for member in clipMembers {
            let (word, value) = (member.key, member.value)
            // Before anything else looks at it: the length of a word bounds
            // the work every later check does with it.
            let length = word.unicodeScalars.count
            guard length <= Self.maximumWordLength else {
                throw invalid(
                    "clip word \(MessageText.quoted(word, limit: 16)) is \(length) characters long; a clip word has at most \(Self.maximumWordLength)")
            }
            guard !word.isEmpty, !word.unicodeScalars.contains(where: Self.isBlankOrControl) else {
                throw invalid("clip word \(MessageText.quoted(word)) must be non-empty, without blanks or control characters")
            }
            let (file, clipRules) = try Self.clipEntry(word, value, language: language, invalid)
            guard file.utf8.count <= Self.maximumFileLength else {
                throw invalid(
                    "clip \(MessageText.quoted(word)): the file name is \(file.utf8.count) bytes long; a clip file name has at most \(Self.maximumFileLength)")
            }
            guard Self.isSafeRelativePath(file) else {
                throw invalid(
                    "clip \(MessageText.quoted(word)): \(MessageText.quoted(file, limit: 200)) must be a file inside the voice folder (no absolute path, no '..', no control characters)")
            }
            clips[word] = file
            let wordRules = clipRules ?? language.defaultClipRules(for: word)
            if !wordRules.isEmpty { rules[word] = wordRules }
        }
        let coverage = try Self.coverageFields(JSONFields(members: members), invalid)
        // What a voice of its language can cover (no 一十 in Cantonese, 两 always).
        do {
            self.covers = try coverage.covers.map { covers throws(LanguageError) in try language.coverage(covers) }
        } catch {
            throw invalid("'covers': \(error.description)")
        }
        self.maximumAmount = coverage.maximumAmount
        self.format = formatNumber
        self.id = id
        self.name = try optionalString("name") ?? id
        self.language = language
        self.license = try optionalString("license")
        self.provenance = try optionalString("provenance")
        self.sampleRate = sampleRate
        self.clips = clips
        self.rules = rules
    }

    /// A clip's file and rules: `"yi.wav"`, or `{"file": "yi2-wan4.wav",
    /// "when": "leads-group"}` where `when` is one rule name or a list of
    /// them. The rules are nil when the manifest states none.
    private static func clipEntry(
        _ word: String, _ value: JSONLineParser.Value, language: Language, _ invalid: (String) -> VoiceError
    ) throws(VoiceError) -> (String, [ClipRule]?) {
        if let file = value.string { return (file, nil) }
        guard let fields = value.fields else {
            throw invalid("clip \(MessageText.quoted(word)) must name a file (a string), not \(value.kindName)")
        }
        guard let file = fields["file"]?.string else {
            throw invalid("clip \(MessageText.quoted(word)): 'file' must name a file (a string)")
        }
        if let extra = fields.keys.sorted().first(where: { $0 != "file" && $0 != "when" }) {
            throw invalid("clip \(MessageText.quoted(word)): unknown field \(MessageText.quoted(extra)) (a clip has 'file' and 'when')")
        }
        let names: [JSONLineParser.Value]
        switch fields["when"] {
        case nil: return (file, nil)
        case .string(let name): names = [.string(name)]
        case .array(let list): names = list
        case let other?: throw invalid("clip \(MessageText.quoted(word)): 'when' must be a rule name or a list of them, not \(other.kindName)")
        }
        let known = language.clipRules.isEmpty
            ? "\(language.displayName) has no clip rules"
            : "known: " + language.clipRules.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        var rules: [ClipRule] = []
        for name in names {
            guard let text = name.string, let rule = language.clipRules.first(where: { $0.rawValue == text }) else {
                throw invalid("clip \(MessageText.quoted(word)): unknown rule \(name.string.map { MessageText.quoted($0) } ?? name.kindName) (\(known))")
            }
            if !rules.contains(rule) { rules.append(rule) }
        }
        return (file, rules)
    }

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", ".", "_", "-": true
        default: false
        }
    }

    /// Blanks, controls and invisible characters (joiners, bidirectional
    /// overrides) have no place in a word a clip says.
    private static func isBlankOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || MessageText.isInvisible(scalar)
    }

    /// Whether `path` is a relative path with no `..`, no empty parts, no
    /// control or invisible characters: a file inside the voice folder.
    package static func isSafeRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"),
            !path.unicodeScalars.contains(where: { $0 != " " && MessageText.isInvisible($0) })
        else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != "" && $0 != "." && $0 != ".." }
    }
}
