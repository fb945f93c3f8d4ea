import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceTestSupport
import Foundation
import Testing

struct VoiceTests {
    static func manifest(_ clips: [String: String], id: String = "test") throws -> VoiceManifest {
        let json = try JSONSerialization.data(withJSONObject: ["format": 1, "language": "cmn-Hans", "id": id, "clips": clips])
        return try VoiceManifest(json: json, source: "voice.json")
    }

    static let singleWords: [String: String] = Dictionary(
        uniqueKeysWithValues: ReadingOptions(style: .currency, liang: true).vocabulary.map { ($0, "\($0).wav") }
            + ReadingOptions().vocabulary.map { ($0, "\($0).wav") }.filter { $0.0 == "点" }
            + [("到账", "daozhang.wav"), ("支付宝到账", "alipay.wav")])

    static func plan(_ amount: String, clips: [String: String], prefix: String = "到账") throws -> [String] {
        let voice = Voice(directory: "/v", manifest: try manifest(clips))
        let message = try Message(template: .payment, amount: try Amount(parsing: amount), prefix: try Prefix(prefix))
        return try voice.plan(message).clips.map(\.text)
    }

    @Test("single words plan one clip each, the prefix first")
    func singleWordPlan() throws {
        let voice = Voice(directory: "/v", manifest: try Self.manifest(Self.singleWords))
        let plan = try voice.plan(try Message(amount: try Amount(parsing: "123.45")))
        #expect(plan.clips.map(\.text) == ["到账", "一", "百", "二", "十", "三", "点", "四", "五", "元"])
        #expect(plan.clips.map(\.isPrefix) == [true] + Array(repeating: false, count: 9))
        #expect(plan.clips[1].file == "一.wav")
        #expect(voice.path(ofClip: plan.clips[0].file) == "/v/daozhang.wav")
    }

    @Test("the longest run of words that has a clip wins")
    func longestMatch() throws {
        var clips = Self.singleWords
        clips["一百"] = "yibai.wav"
        clips["一百二"] = "yibaier.wav"
        clips["十元"] = "shiyuan.wav"
        clips["支付宝"] = "zhifubao.wav"
        clips["支付宝到账"] = nil
        #expect(try Self.plan("123.45", clips: clips) == ["到账", "一百二", "十", "三", "点", "四", "五", "元"])
        #expect(try Self.plan("110", clips: clips) == ["到账", "一百", "一", "十元"])
        #expect(try Self.plan("10", clips: clips, prefix: "支付宝 到账") == ["支付宝", "到账", "十元"])
        clips["支付宝到账"] = "alipay.wav"
        let voice = Voice(directory: "/v", manifest: try Self.manifest(clips))
        let plan = try voice.plan(try Message(amount: try Amount(parsing: "10"), prefix: try Prefix("支付宝 到账")))
        #expect(plan.clips.map(\.words) == [["支付宝", "到账"], ["十", "元"]])
        #expect(plan.clips.map(\.isPrefix) == [true, false])
    }

    @Test("a word without a clip names the word and the voice")
    func missingWord() throws {
        #expect {
            try Self.plan("5", clips: Self.singleWords, prefix: "美团到账")
        } throws: { error in
            (error as? VoiceError)?.kind == .missingClip(word: "美团到账")
                && (error as? VoiceError)?.description == "voice 'test' (/v) has no clip for '美团到账'"
        }
        var clips = Self.singleWords
        clips["两"] = nil
        let voice = Voice(directory: "/v", manifest: try Self.manifest(clips))
        #expect(voice.missingWords(for: ReadingOptions(liang: true)) == ["两"])
        #expect(voice.missingWords(for: ReadingOptions()) == [])
        #expect(throws: VoiceError.self) { try voice.requireClips(prefix: .standard, options: ReadingOptions(liang: true)) }
        try voice.requireClips(prefix: .standard, options: ReadingOptions())
    }

    @Test("the voice's rate: the manifest's, else the clips' most common, the highest on a tie")
    func sampleRate() throws {
        let voice = Voice(directory: "/v", manifest: try Self.manifest(Self.singleWords))
        #expect(voice.sampleRate(clipRates: [16000, 22050, 16000]) == 16000)
        #expect(voice.sampleRate(clipRates: [16000, 22050]) == 22050)
        #expect(voice.sampleRate(clipRates: []) == nil)
        let json = #"{"format": 1, "language": "cmn-Hans", "id": "x", "sampleRate": 48000, "clips": {"一": "a.wav"}}"#
        let stated = Voice(directory: "/v", manifest: try VoiceManifest(json: Data(json.utf8), source: "voice.json"))
        #expect(stated.sampleRate(clipRates: [16000, 16000]) == 48000)
    }

    @Test("manifest errors are one clear line", arguments: [
        ("{", "not valid JSON"),
        ("[1, 2]", "the manifest must be a JSON object"),
        (#"{"id": "x", "clips": {"一": "a.wav"}}"#, "'format' is missing"),
        (#"{"format": 2, "id": "x", "clips": {"一": "a.wav"}}"#, "format 2 is not supported"),
        (#"{"format": "1", "id": "x", "clips": {"一": "a.wav"}}"#, "'format' must be a number"),
        (#"{"format": 1, "language": "cmn-Hans", "clips": {"一": "a.wav"}}"#, "'id' is missing"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "Bad Id", "clips": {"一": "a.wav"}}"#, "'id' must be"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x"}"#, "'clips' is missing"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": ["a.wav"]}"#, "'clips' must be an object"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {}}"#, "'clips' is empty"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一": 5}}"#, "clip '一' must name a file (a string), not a number"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一": null}}"#, "clip '一' must name a file (a string), not null"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一": "../../etc/passwd"}}"#, "must be a file inside the voice folder"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一": "/etc/passwd"}}"#, "must be a file inside the voice folder"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "name": 3, "clips": {"一": "a.wav"}}"#, "'name' must be a string"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "sampleRate": 5, "clips": {"一": "a.wav"}}"#, "'sampleRate' must be"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一 二": "a.wav"}}"#, "without blanks"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "id": "y", "clips": {"一": "a.wav"}}"#, "not valid JSON at byte 49: duplicate key 'id'"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一": "a.wav", "一": "b.wav"}}"#, "duplicate key '一'"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一": "a.wav"},}"#, "not valid JSON at byte"),
        (#"{"format": 1, "id": "x", "clips": {"一": "a.wav"}}"#,
         "'language' is missing: state the language the voice speaks, " + Language.packaged.map { "'\($0.tag)' (\($0.displayName))" }.joined(separator: " or ")),
        (#"{"format": 1, "language": 5, "id": "x", "clips": {"一": "a.wav"}}"#, "'language' must be a string such as 'cmn-Hans'"),
        (#"{"format": 1, "language": "中文", "id": "x", "clips": {"一": "a.wav"}}"#, "'language' '中文' is not a language tag such as 'cmn-Hans'"),
        (#"{"format": 1, "language": "cmn_Hans", "id": "x", "clips": {"一": "a.wav"}}"#, "'language' 'cmn_Hans' is not a language tag"),
        (#"{"format": 1, "language": "fr", "id": "x", "clips": {"一": "a.wav"}}"#,
         "'language' 'fr' is not a language announce speaks: " + Language.packaged.map { "'\($0.tag)' (\($0.displayName), '\($0.cliName)')" }.joined(separator: ", ")),
        (#"{"format": 1, "language": "yue-Hans", "id": "x", "covers": {"styles": ["decimal"], "liang": true, "leadYi": true, "prefixes": [""], "templates": ["payment"]}, "clips": {"一": "a.wav"}}"#,
         "'covers': Cantonese has no 一十 reading (--variant lead-yi)"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "covers": {"styles": ["decimal"], "leadyi": true, "prefixes": [""], "templates": ["payment"]}, "clips": {"一": "a.wav"}}"#,
         "'covers'.'leadyi' is not a field here (known: leadYi, liang, prefixes, styles, templates, units)"),
        (#"{"format": 1, "language": "yue-Hans", "id": "x", "clips": {"一万": {"file": "a.wav", "when": "leads-group"}}}"#,
         "clip '一万': unknown rule 'leads-group' (Cantonese has no clip rules)"),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "maximumAmount": "0", "clips": {"一": "a.wav"}}"#, "'maximumAmount' must be above 0"),
    ])
    func manifestErrors(json: String, expected: String) {
        #expect {
            try VoiceManifest(json: Data(json.utf8), source: "/v/voice.json")
        } throws: { error in
            let message = (error as? VoiceError)?.description ?? ""
            return message.hasPrefix("/v/voice.json: ") && message.contains(expected) && !message.contains("\n")
        }
    }

    @Test("a covers object without a variant's key does not cover that variant; a key that is not true or false is refused")
    func coversWithoutVariantKeys() throws {
        let without = #"{"format": 1, "language": "cmn-Hans", "id": "x", "covers": {"styles": ["decimal"], "leadYi": true, "prefixes": [""], "templates": ["payment"]}, "clips": {"一": "a.wav"}}"#
        let manifest = try VoiceManifest(json: Data(without.utf8), source: "/v/voice.json")
        #expect(manifest.covers?.variants == [.leadYi])
        let bad = without.replacingOccurrences(of: #""leadYi": true"#, with: #""leadYi": "yes""#)
        #expect(throws: VoiceError.self) { try VoiceManifest(json: Data(bad.utf8), source: "/v/voice.json") }
    }

    @Test("a manifest that is not UTF-8 is refused in the project's words, with no Swift debug text")
    func manifestInvalidUTF8() {
        var bytes = Array(#"{"format": 1, "language": "cmn-Hans", "id": ""#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#"", "clips": {"一": "a.wav"}}"#.utf8)
        #expect {
            try VoiceManifest(json: Data(bytes), source: "/v/voice.json")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("/v/voice.json: not valid JSON at byte 45: ") && text.contains("UTF-8")
                && !text.contains("DecodingError") && !text.contains("Debug") && !text.contains("\n")
        }
    }

    /// File names and keys come from the manifest's author: a NUL, tab or
    /// newline in them is shown escaped, so a message is always one line.
    @Test("manifest messages escape control and invisible characters", arguments: [
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一\n二": "a.wav"}}"#, #"clip word '一\n二'"#),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一\t": "a.wav"}}"#, #"clip word '一\t'"#),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"\u0000": "a.wav"}}"#, #"clip word '\0'"#),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一\u202e": "a.wav"}}"#, #"clip word '一\u{202E}'"#),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一": "a\nb.wav"}}"#, #"clip '一': 'a\nb.wav' must be a file"#),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一": "a\u0000.wav"}}"#, #"clip '一': 'a\0.wav' must be a file"#),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一\r": 5}}"#, #"clip word '一\r' must be non-empty"#),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一\u200d": {"file": 5}}}"#, #"clip word '一\u{200D}'"#),
        (#"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": {"一": "a\u2028.wav"}}"#, #"'a\u{2028}.wav' must be a file"#),
    ])
    func escapedManifestMessages(json: String, expected: String) {
        for source in ["/v/voice.json", "/v\n\t/voice.json"] {
            #expect {
                try VoiceManifest(json: Data(json.utf8), source: source)
            } throws: { error in
                let message = (error as? VoiceError)?.description ?? ""
                return message.contains(expected) && message.hasPrefix(MessageText.escaped(source))
                    && !message.unicodeScalars.contains { MessageText.isInvisible($0) }
            }
        }
    }

    @Test("a well-formed manifest keeps its fields; unknown fields are ignored")
    func manifestFields() throws {
        let json = #"{"format": 1, "id": "brand", "name": "Brand voice", "language": "cmn-hans", "license": "CC0-1.0", "#
            + #""provenance": "studio", "sampleRate": 22050, "generator": {"tool": "x"}, "clips": {"一": "sub/yi.wav"}}"#
        let manifest = try VoiceManifest(json: Data(json.utf8), source: "voice.json")
        #expect(manifest.id == "brand" && manifest.name == "Brand voice" && manifest.sampleRate == 22050 && manifest.language == .mandarin)
        #expect(manifest.clips == ["一": "sub/yi.wav"] && manifest.license == "CC0-1.0")
    }

    @Test("the bundled voice has a clip for every word any reading option can produce")
    func bundledVoiceIsComplete() throws {
        let voice = try Voice(store: VoiceBundle(folder: RepositoryPaths.bundledVoice))
        #expect(voice.id == "default")
        for options in ReadingOptions.allCombinations {
            #expect(voice.missingWords(for: options) == [], "\(options)")
        }
        for preset in Prefix.presets {
            try voice.requireClips(prefix: preset.prefix, options: ReadingOptions())
        }
        for file in voice.manifest.clips.values {
            #expect(FileManager.default.fileExists(atPath: voice.path(ofClip: file)), "\(file)")
        }
        #expect(try voice.plan(try Message(amount: try Amount(parsing: "100"))).clips.map(\.text) == ["到账", "一百", "元"])
    }

    @Test("the phone's store: a missing folder or manifest is a clear notFound")
    func missingVoice() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let directory = scratch.file("voice")
        let store = VoiceBundle(folder: URL(fileURLWithPath: directory))
        #expect(throws: VoiceError(.notFound, "no voice at '\(directory)': no such folder")) { try Voice(store: store) }
        try scratch.folder("voice")
        #expect(throws: VoiceError(.notFound, "no voice at '\(directory)': voice.json not found")) { try Voice(store: store) }
        try scratch.folder("voice/voice.json")
        #expect(throws: VoiceError(.unreadableManifest, "\(directory)/voice.json: cannot be read")) { try Voice(store: store) }
    }

    @Test("the phone's store locates clips in its folder, refuses a folder in a clip's place, and leaves a missing one to the reader")
    func bundleClips() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        try scratch.folder("voice/sub")
        let folder = URL(fileURLWithPath: scratch.file("voice"))
        let manifest = #"{"format": 1, "language": "cmn-Hans", "id": "t", "clips": {"一": "yi.wav", "二": "sub/er.wav"}}"#
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("voice.json"))
        try Data("clip".utf8).write(to: folder.appendingPathComponent("yi.wav"))
        let voice = try Voice(store: VoiceBundle(folder: folder))
        #expect(voice.path(ofClip: "yi.wav") == folder.path + "/yi.wav")
        #expect(voice.path(ofClip: "sub/er.wav") == folder.path + "/sub/er.wav")
        try scratch.folder("voice/sub/er.wav")
        #expect(throws: VoiceError(.unusableFile, "\(folder.path)/voice.json: clip '二' (sub/er.wav) is a folder, not a regular file")) {
            try Voice(store: VoiceBundle(folder: folder))
        }
    }
}
