import AnnounceAudioTestSupport
import AnnounceExtensionLogic
import AnnounceServer
@testable import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// A language of the test's own, which no line of `Sources` knows: tag
/// `qaa-Hans` (qaa–qtz are the codes ISO 639 reserves for local use), its
/// own romanisation (`sillab`: the syllable, a dash, the tone 1–4), its own
/// grammar of money (``TesteseReader``), its own variant (`ten-alone`), its
/// own unit words (箍, 角, 仙) and presets, and its own clip rule, by
/// position (`ends-stretch`).
struct Testese: LanguageRules {
    var tag: String { "qaa-Hans" }
    var cliName: String { "testese" }
    var displayName: String { "Testese" }
    var reader: any NumberReader { TesteseReader() }
    var readingVariants: [ReadingVariant] { [Self.tenAlone] }
    var romanisation: String { "sillab" }
    var romanisationExample: (word: String, syllables: String) { ("到账", "do-3 zang-4") }

    /// A leading ten said 十 alone (十两箍), where Testese says 一十.
    static let tenAlone = ReadingVariant(
        name: "ten-alone", key: "tenAlone", words: "十", summary: "a leading ten said 十 alone: 十两箍")

    static let lexicon: [Character: String] = [
        "零": "lin-2", "一": "ik-1", "两": "lon-3", "三": "sam-1", "四": "si-4", "五": "ng-3",
        "六": "lok-4", "七": "cit-1", "八": "pat-1", "九": "kiu-3", "十": "sip-2", "百": "pak-3", "千": "cen-1",
        "万": "van-4", "亿": "ik-4", "箍": "kho-1", "角": "kak-2", "仙": "sen-1", "到": "do-3", "账": "zang-4",
        "退": "the-3", "款": "khuan-2",
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

    // Presets: its own words, and its own unit after `{amount}`.
    var prefixPresets: [(name: String, words: [String])] { [("none", [])] }
    var standardPrefix: [String] { ["到账"] }
    var templatePresets: [(name: String, text: String)] { [("payment", "{prefix}{amount}箍"), ("refund", "退款{amount}箍")] }
    var amountUnit: String { "箍" }

    // Clips: a number's last word and its 箍 said together, as at the end
    // of a sentence, fit only there.
    var clipRules: [ClipRule] { [Self.endsStretch] }

    /// The clip ends the stretch: nothing is said after it before a pause
    /// (the prefix's end) or the end of the announcement.
    static let endsStretch = ClipRule("ends-stretch", lookBehind: 0) { site in
        let end = site.range.upperBound
        if end == site.prefixCount { return true }
        if end < site.count { return false }
        return site.complete ? true : nil
    }

    func defaultClipRules(for key: String) -> [ClipRule] { key.count >= 2 && key.hasSuffix("箍") ? [Self.endsStretch] : [] }
    func runsRecordedTogether(for options: ReadingOptions) -> [String] {
        ["一箍", "两箍", "三箍", "四箍", "五箍", "六箍", "七箍", "八箍", "九箍", "十箍"]
    }
    func wordInstruction(for text: String) -> String { "on its own, plainly" }
    func runNote(for text: String) -> String { " (as at the end of a sentence)" }
}

/// Testese's grammar of money, all its own: digits in groups of four under
/// 万 and 亿, one 零 for the zeros between said digits, a ten always 一十
/// (十 alone with `ten-alone`), and 2 before every unit word said 两 (两十,
/// 一十两万, 两箍, 两角, 两仙), so 二 is never said; the units 箍, 角 and
/// 仙, in both styles alike: `一百两十三箍四角五仙`, `零箍`, `五仙`.
struct TesteseReader: NumberReader {
    static let digits = ["零", "一", "两", "三", "四", "五", "六", "七", "八", "九"]
    static let places = ["", "十", "百", "千"]
    static let groups = ["亿", "万", ""]
    /// Words said; zeros since the last word said; a digit said in this group.
    static let said = 1, zero = 2, group = 4

    var stateBits: Int { 3 }

    func read(_ index: Int, _ digit: Int, state: inout ReaderState, options: ReadingOptions) -> [String] {
        let place = 3 - index % 4
        var bits = state.rawValue
        var words: [String] = []
        if digit == 0 {
            if bits & Self.said != 0 { bits |= Self.zero }
        } else {
            if bits & Self.zero != 0 { words.append("零") }
            let tenAlone = place == 1 && digit == 1 && bits & Self.said == 0 && options.has(Testese.tenAlone)
            if !tenAlone { words.append(Self.digits[digit]) }
            if place > 0 { words.append(Self.places[place]) }
            bits = (bits | Self.said | Self.group) & ~Self.zero
        }
        if place == 0 && bits & Self.group != 0 {
            if !Self.groups[index / 4].isEmpty { words.append(Self.groups[index / 4]) }
            bits &= ~Self.group
        }
        state.rawValue = bits
        return words
    }

    /// After the units only whether words were said matters.
    func carried(_ state: ReaderState, after index: Int) -> ReaderState {
        index == Amount.maximumIntegerDigits - 1 ? ReaderState(rawValue: state.rawValue & Self.said) : state
    }

    func finish(fen: Int, state: ReaderState, options: ReadingOptions) -> [String] {
        let said = state.rawValue & Self.said != 0
        let tenths = fen / 10
        let hundredths = fen % 10
        var words = said ? ["箍"] : []
        if tenths > 0 {
            words += [Self.digits[tenths], "角"]
        } else if said && hundredths > 0 {
            words.append("零")
        }
        if hundredths > 0 { words += [Self.digits[hundredths], "仙"] }
        return words.isEmpty ? ["零", "箍"] : words
    }

    func vocabulary(_ options: ReadingOptions) -> [String] {
        Self.digits + ["十", "百", "千", "万", "亿", "箍", "角", "仙"]
    }

    /// A count reads as the integer of an amount does, 两 before the measure word.
    func countWords(_ value: Int) -> [String] {
        var state = ReaderState()
        var words: [String] = []
        var divisor = 1
        for _ in 1..<Amount.maximumIntegerDigits { divisor *= 10 }
        for index in 0..<Amount.maximumIntegerDigits {
            words += read(index, value / divisor % 10, state: &state, options: ReadingOptions())
            divisor /= 10
        }
        return words
    }

    var countVocabulary: [String] { Self.digits + ["十", "百", "千", "万"] }

    /// Each digit with each unit, as a speaker of a group-unit script records them.
    func groupUnits(styles: [ReadingStyle], variants: [ReadingVariant]) -> [String] {
        ["十", "百", "千", "万", "箍"].flatMap { unit in Self.digits.dropFirst().map { $0 + unit } }
    }
}

/// Testese through every step, from a voice made here: its grammar, the
/// script, the plan, `voice check`'s budget and its worst-case search, a
/// pack and the phone's render, the phone's samples and name the server's.
@Suite struct OutsideLanguageTests {
    static let language: Language = {
        try! Language.register(Testese())
        return try! Language(tag: "qaa-Hans")
    }()

    static let tenAlone = ReadingOptions(variants: [Testese.tenAlone])

    /// A voice of Testese in `scratch`: one tone per clip its script asks
    /// for (each word, the runs, the prefix 到账), 0.3 s each, or as long
    /// as `seconds` says for a file.
    static func voice(in scratch: ScratchFolder, seconds: (String) -> Double = { _ in 0.3 }) throws -> Voice {
        let script = try VoiceScript(options: tenAlone, prefixes: [try Prefix("到账")], language: language)
        var clips: [String: Any] = [:]
        for (index, item) in script.items.enumerated() {
            let frequency = 180 + Double(index) * 7
            _ = try scratch.clip(item.file, TestAudio.tone(frequency, seconds: seconds(item.file), amplitude: 0.3, rate: 16_000))
            clips[item.text] = ["file": item.file, "when": item.when.map(\.rawValue)]
        }
        let covers: [String: Any] = [
            "styles": ["decimal"], "tenAlone": true, "prefixes": ["到账"], "templates": ["payment"], "units": "words",
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
        #expect(ReadingVariant(name: "ten-alone") == Testese.tenAlone)
        // A preset that does not read in its own unit is refused at once, in one line.
        #expect {
            try Language.register(MisspeltTestese())
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("language 'qac-Hans': a message preset does not read as a template: payment: ") && text.contains("箍")
                && !text.contains("\n")
        }
        #expect(!Language.all.contains { $0.tag == "qac-Hans" })
    }

    @Test("its own grammar: 两 before every unit, 一十 unless ten-alone, 箍/角/仙, and never 二", arguments: [
        ("2", "两箍", "两箍"), ("12", "一十两箍", "十两箍"), ("20", "两十箍", "两十箍"), ("102", "一百零两箍", "一百零两箍"),
        ("123.45", "一百两十三箍四角五仙", "一百两十三箍四角五仙"), ("0.22", "两角两仙", "两角两仙"), ("0", "零箍", "零箍"),
        ("10.05", "一十箍零五仙", "十箍零五仙"), ("120000", "一十两万箍", "十两万箍"), ("100000005", "一亿零五箍", "一亿零五箍"),
        ("2200000000.2", "两十两亿箍两角", "两十两亿箍两角"),
    ])
    func grammar(amount: String, plain: String, tenAlone: String) throws {
        let value = try Amount(parsing: amount)
        #expect(Self.language.reading(of: value, options: ReadingOptions()).text == plain)
        #expect(Self.language.reading(of: value, options: Self.tenAlone).text == tenAlone)
        // The steps the worst-case search takes read the same.
        #expect(Self.language.reader.readingBySteps(of: value, options: Self.tenAlone).text == tenAlone)
        let two = try Count(2)
        let twelve = try Count(12)
        #expect(two.words(in: Self.language) == ["两"] && twelve.words(in: Self.language) == ["一", "十", "两"])
    }

    @Test("no reading says 二, and every word it says is in the reader's vocabulary")
    func vocabulary() throws {
        var generator = SplitMix64(seed: 43)
        let vocabulary = Set(Self.language.reader.vocabulary(Self.tenAlone))
        #expect(!vocabulary.contains("二"))
        for _ in 0..<5000 {
            let amount = try Amount(fen: generator.next() % (Amount.maximumFen + 1))
            for options in [ReadingOptions(), Self.tenAlone] {
                let words = Self.language.reading(of: amount, options: options).words
                #expect(words.allSatisfy(vocabulary.contains), "\(amount): \(words)")
            }
        }
    }

    @Test("its script romanises in its own way and records its own runs under its own rule")
    func script() throws {
        let script = try VoiceScript(options: ReadingOptions(), prefixes: [try Prefix("到账")], language: Self.language)
        let items = Dictionary(script.items.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(items["两"]?.romanisation == "lon-3" && items["二"] == nil)
        #expect(items["箍"]?.romanisation == "kho-1" && items["仙"]?.romanisation == "sen-1")
        #expect(items["三箍"]?.romanisation == "sam-1 kho-1" && items["三箍"]?.when == [Testese.endsStretch])
        #expect(items["五"]?.instruction == "on its own, plainly")
        #expect(script.markdown.contains("| sillab |"))
    }

    @Test("plan, voice check's budget and worst case, a pack and the phone's render, on a voice made here")
    func everyStep() throws {
        let scratch = try ScratchFolder("testese")
        defer { scratch.remove() }
        let voice = try Self.voice(in: scratch)
        #expect(voice.language == Self.language)

        // Plan: its own words, and its run with 箍 only where it ends the stretch.
        let announcer = try Announcer(voice: voice, options: .init(prefix: try Prefix("到账")))
        #expect(try announcer.plan(try Amount(parsing: "200")).text == "到账两百箍")
        #expect(try announcer.plan(try Amount(parsing: "123")).clips.map(\.words) == ["到账", "一", "百", "两", "十", "三箍"])
        #expect(try announcer.plan(try Amount(parsing: "123.45")).clips.map(\.words)
            == ["到账", "一", "百", "两", "十", "三", "箍", "四", "角", "五", "仙"])
        let tenAlone = try Announcer(voice: voice, options: .init(prefix: try Prefix("到账"), reading: Self.tenAlone))
        #expect(try tenAlone.plan(try Amount(parsing: "12")).text == "到账十两箍")
        // Its own template's unit: 箍, not 元.
        #expect(throws: TemplateError.self) { try Template("退款{amount}元", in: Self.language) }
        #expect(try Template("退款{amount}箍", in: Self.language).fixedWords == ["退款"])

        // voice check: every clip usable, and the worst case its search finds fits.
        let inspection = VoiceInspection(voice: voice)
        #expect(inspection.problems.isEmpty, "\(inspection.problems)")
        let budget = try #require(inspection.budget)
        #expect(!budget.rows.isEmpty && budget.failures.isEmpty)
        #expect(budget.rows.allSatisfy { $0.amount != nil && $0.seconds > 2 })

        // The pack, and the phone's render of a push made for the voice, with its own variant.
        let pack = try DevicePack(
            data: Data(try PackExport(announcer: tenAlone, manifestPath: scratch.file("voice.json")).make().encoded()), name: "testese")
        let phone = PackAnnouncer(pack: pack)
        #expect(phone.language == Self.language)
        for text in ["2345.67", "12", "0.22", "120000"] {
            let message = try tenAlone.message(amount: try Amount(parsing: text), count: nil)
            // As the phone reads it back from the push's JSON.
            let line = PushMessage(message, language: Self.language).object.line
            #expect(line.contains("\"language\":\"qaa-Hans\"") && line.contains("\"tenAlone\":true"))
            let push = try PushMessage(fields: try JSONSerialization.jsonObject(with: Data(line.utf8)))
            let onPhone = try phone.render(push)
            let onServer = try tenAlone.render(tenAlone.plan(message))
            let reading = Self.language.reading(of: try Amount(parsing: text), options: Self.tenAlone).text
            #expect(push.message.text == message.text && message.text == "到账" + reading)
            #expect(onPhone.soundName == onServer.soundName)
            #expect(onPhone.rendered.samples == onServer.rendered.samples)
        }
    }

    @Test("the worst-case search reads through its grammar and its rule: the longest plan enumeration finds")
    func worstCase() throws {
        let scratch = try ScratchFolder("testese-worst")
        defer { scratch.remove() }
        // Runs with 箍 longer than their words, so where they fit matters.
        var generator = SplitMix64(seed: 7)
        var frames: [String: Int] = [:]
        let voice = try Self.voice(in: scratch) { file in
            let seconds = (file.contains("-") ? 0.9 : 0.2) + Double(generator.next() % 200) / 1000
            frames[file] = Int(seconds * 16_000)
            return seconds
        }
        let digits: [[Int]] = Array(repeating: [0], count: 6) + [[0, 1], [0, 2], [0, 1, 2], [0, 5], [1, 2, 0], [0, 2, 9]]
        let fractions = [0, 2, 5, 20, 25, 50]
        for options in [ReadingOptions(), Self.tenAlone] {
            var best: (amount: Amount, length: Int)?
            var integers: [UInt64] = [0]
            for set in digits { integers = integers.flatMap { prefix in set.map { prefix * 10 + UInt64($0) } } }
            for integer in integers {
                for fraction in fractions {
                    let amount = try Amount(fen: integer * 100 + UInt64(fraction))
                    let plan = try voice.plan(words: Self.language.reading(of: amount, options: options).words, prefixCount: 0)
                    let length = plan.clips.reduce(0) { $0 + frames[$1.file]! } + (plan.clips.count - 1) * 100
                    if best == nil || length > best!.length || (length == best!.length && amount < best!.amount) { best = (amount, length) }
                }
            }
            let found = try LongestPlan(voice: voice, clipFrames: frames, options: options)
                .longest(upTo: try Amount(fen: Amount.maximumFen), gap: 100, digits: digits, fractions: fractions)
            #expect(found.amount == best?.amount && found.length(gap: 100) == best?.length, "\(options)")
        }
    }
}

/// Testese whose payment preset writes 元 after `{amount}`, where its unit is 箍.
private struct MisspeltTestese: LanguageRules {
    var tag: String { "qac-Hans" }
    var cliName: String { "misspelt-testese" }
    var displayName: String { "Misspelt Testese" }
    var romanisation: String { "sillab" }
    var romanisationExample: (word: String, syllables: String) { ("到账", "do-3 zang-4") }
    var templatePresets: [(name: String, text: String)] { [("payment", "{prefix}{amount}元")] }
    var amountUnit: String { "箍" }
    func syllables(of text: String, pronunciations: [String: String]) -> [String]? { nil }
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
