import AnnounceAudioTestSupport
import AnnounceExtensionLogic
import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// A language of the test's own, which no line of `Sources` knows: tag
/// `qaa-Hans` (qaa–qtz are the codes ISO 639 reserves for local use), its
/// own romanisation (`sillab`: the syllable, a dash, the tone 1–4), its own
/// reading (两 before 百/千/万/亿 always, 一十 on request) and one clip rule.
struct Testese: LanguageRules {
    var tag: String { "qaa-Hans" }
    var cliName: String { "testese" }
    var displayName: String { "Testese" }
    var ownReading: ReadingOptions { ReadingOptions(liang: true) }
    var readingVariants: [ReadingVariant] { [.leadYi] }
    var romanisation: String { "sillab" }
    var romanisationExample: (word: String, syllables: String) { ("到账", "do-3 zang-4") }

    static let lexicon: [Character: String] = [
        "零": "lin-2", "一": "ik-1", "二": "ni-4", "两": "lon-3", "三": "sam-1", "四": "si-4", "五": "ng-3",
        "六": "lok-4", "七": "cit-1", "八": "pat-1", "九": "kiu-3", "十": "sip-2", "百": "pak-3", "千": "cen-1",
        "万": "van-4", "亿": "ik-4", "点": "tim-3", "元": "ngen-2", "角": "kok-3", "分": "fun-1", "到": "do-3", "账": "zang-4",
    ]

    func syllables(of text: String, pronunciations: [String: String]) -> [String]? {
        if let given = pronunciations[text] { return given.split(separator: " ").map(String.init) }
        var result: [String] = []
        for character in text {
            guard let syllable = pronunciations[String(character)] ?? Self.lexicon[character] else { return nil }
            result.append(syllable)
        }
        return result
    }

    var clipRules: [ClipRule] { [.leadsGroup] }
    func defaultClipRules(for key: String) -> [ClipRule] { key == "一万" || key == "一亿" ? [.leadsGroup] : [] }
    func runsRecordedTogether(for options: ReadingOptions) -> [String] { ["一万", "一亿"] }
    func wordInstruction(for text: String) -> String { "on its own, plainly" }
}

/// Testese through every step, from a voice made here: plan, `voice
/// check`'s budget and its worst-case search, the script, a pack and the
/// phone's render, the phone's samples and name the server's.
@Suite struct OutsideLanguageTests {
    static let language: Language = {
        try! Language.register(Testese())
        return try! Language(tag: "qaa-Hans")
    }()

    /// A voice of Testese in `scratch`: one tone per clip its script asks
    /// for (each word, the runs, the prefix 到账), 0.3 s each.
    static func voice(in scratch: ScratchFolder) throws -> Voice {
        let script = try VoiceScript(
            options: ReadingOptions(style: .decimal, leadYi: true), prefixes: [try Prefix("到账")], language: language)
        var clips: [String: Any] = [:]
        for (index, item) in script.items.enumerated() {
            let frequency = 180 + Double(index) * 7
            _ = try scratch.clip(item.file, TestAudio.tone(frequency, seconds: 0.3, amplitude: 0.3, rate: 16_000))
            clips[item.text] = ["file": item.file, "when": item.when.map(\.rawValue)]
        }
        let covers: [String: Any] = [
            "styles": ["decimal"], "liang": true, "leadYi": true, "prefixes": ["到账"], "templates": ["payment"], "units": "words",
        ]
        let manifest: [String: Any] = ["format": 1, "id": "testese", "language": "qaa-Hans", "clips": clips, "covers": covers]
        try JSONSerialization.data(withJSONObject: manifest, options: .sortedKeys).write(to: scratch.url("voice.json"))
        return try Voice(at: scratch.path)
    }

    @Test("a registered language is found by its tag and its name, and the package's own are unchanged")
    func registered() throws {
        #expect(Self.language.displayName == "Testese" && Self.language.romanisation == "sillab")
        #expect(try Language(tag: "testese") == Self.language)
        #expect(!Language.packaged.contains(Self.language) && Language.all.contains(Self.language))
        #expect(throws: LanguageError.self) { try Language.register(RenamedTestese()) }
    }

    @Test("its script romanises in its own way and records its own runs")
    func script() throws {
        let script = try VoiceScript(options: ReadingOptions(), prefixes: [try Prefix("到账")], language: Self.language)
        let items = Dictionary(script.items.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(items["两"]?.romanisation == "lon-3")
        #expect(items["一万"]?.romanisation == "ik-1 van-4" && items["一万"]?.when == [.leadsGroup])
        #expect(items["五"]?.instruction == "on its own, plainly")
        #expect(script.markdown.contains("| sillab |"))
    }

    @Test("plan, voice check's budget and worst case, a pack and the phone's render, on a voice made here")
    func everyStep() throws {
        let scratch = try ScratchFolder("testese")
        defer { scratch.remove() }
        let voice = try Self.voice(in: scratch)
        #expect(voice.language == Self.language)

        // Plan: its own 两, its 一十 on request, its rule for 一万.
        let announcer = try Announcer(voice: voice, options: .init(prefix: try Prefix("到账")))
        #expect(try announcer.plan(try Amount(parsing: "200")).text == "到账两百元")
        #expect(try announcer.plan(try Amount(parsing: "10000")).clips.map(\.words) == ["到账", "一万", "元"])
        #expect(try announcer.plan(try Amount(parsing: "110000")).clips.map(\.words) == ["到账", "十", "一", "万", "元"])
        let leadYi = try Announcer(voice: voice, options: .init(prefix: try Prefix("到账"), reading: ReadingOptions(leadYi: true)))
        #expect(try leadYi.plan(try Amount(parsing: "12")).text == "到账一十二元")

        // voice check: every clip usable, and the worst case its search finds fits.
        let inspection = VoiceInspection(voice: voice)
        #expect(inspection.problems.isEmpty, "\(inspection.problems)")
        let budget = try #require(inspection.budget)
        #expect(!budget.rows.isEmpty && budget.failures.isEmpty)
        #expect(budget.rows.allSatisfy { $0.amount != nil && $0.seconds > 2 })

        // The pack, and the phone's render of a push made for the voice.
        let pack = try DevicePack(
            data: Data(try PackExport(announcer: announcer, manifestPath: scratch.file("voice.json")).make().encoded()), name: "testese")
        let phone = PackAnnouncer(pack: pack)
        #expect(phone.language == Self.language)
        let message = try announcer.message(amount: try Amount(parsing: "2345.67"), count: nil)
        // As the phone reads it back from the push's JSON.
        let line = PushMessage(message, language: Self.language).object.line
        #expect(line.contains("\"language\":\"qaa-Hans\""))
        let push = try PushMessage(fields: try JSONSerialization.jsonObject(with: Data(line.utf8)))
        let onPhone = try phone.render(push)
        let onServer = try announcer.render(announcer.plan(message))
        #expect(onPhone.soundName == onServer.soundName)
        #expect(onPhone.rendered.samples == onServer.rendered.samples)
    }
}

/// Testese under another tag: a second language of the same name.
private struct RenamedTestese: LanguageRules {
    var tag: String { "qab-Hans" }
    var cliName: String { "testese" }
    var displayName: String { "Testese" }
    var romanisation: String { "sillab" }
    var romanisationExample: (word: String, syllables: String) { ("到账", "do-3 zang-4") }
    func syllables(of text: String, pronunciations: [String: String]) -> [String]? { nil }
}
