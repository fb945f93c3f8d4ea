import AnnounceCommon
import AnnounceLanguage
import Foundation
import Testing

@Suite struct LanguageTests {
    @Test("a tag names its language, in any case, and so does the short name")
    func tags() throws {
        #expect(try Language(tag: "cmn-Hans") == .mandarin)
        #expect(try Language(tag: "CMN-hans") == .mandarin)
        #expect(try Language(tag: "yue-Hans") == .cantonese)
        #expect(try Language(tag: "cantonese") == .cantonese)
        #expect(try Language(tag: "Cantonese") == .cantonese && (try Language(tag: "MANDARIN")) == .mandarin)
        #expect(Language.packaged.map(\.tag).starts(with: ["cmn-Hans", "yue-Hans"]))
        for language in Language.packaged {
            #expect(try Language(tag: language.tag) == language && Language(tag: language.cliName.uppercased()) == language)
        }
        #expect(Set(Language.packaged.map(\.tag)).count == Language.packaged.count)
        // Registered languages (a test's own) come after the package's.
        #expect(Language.all.starts(with: Language.packaged))
    }

    @Test("a tag that is none, or names a language announce does not speak, is one line", arguments: [
        ("", "'' is not a language tag"), ("中文", "'中文' is not a language tag"), ("cmn_Hans", "'cmn_Hans' is not a language tag"),
        ("cmn-", "'cmn-' is not a language tag"), ("x", "'x' is not a language tag"),
        ("fr", "'fr' is not a language announce speaks"), ("cmn-Hant", "'cmn-Hant' is not a language announce speaks"),
        ("yue", "'yue' is not a language announce speaks"),
    ])
    func badTags(tag: String, expected: String) {
        #expect {
            try Language(tag: tag)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(expected) && !text.contains("\n") && (error as? LanguageError)?.category == .usage
        }
    }

    @Test("Cantonese reads 2 before a unit as 两, as its speakers do, and has no 一十")
    func cantoneseReadings() throws {
        let options = try Language.cantonese.readingOptions(ReadingOptions())
        #expect(options == ReadingOptions(liang: true, subunitLiang: true))
        #expect(try Amount(parsing: "200").reading(options).text == "两百元")
        #expect(try Amount(parsing: "2").reading(options).text == "两元")
        #expect(try Amount(parsing: "12").reading(options).text == "十二元")
        #expect(try Amount(parsing: "0.2").reading(options).text == "零点二元")
        #expect(try Amount(parsing: "22000").reading(options).text == "两万二千元")
        #expect(throws: LanguageError.self) { try Language.cantonese.readingOptions(ReadingOptions(leadYi: true)) }
        let currency = try Language.cantonese.readingOptions(ReadingOptions(style: .currency))
        #expect(currency == ReadingOptions(style: .currency, liang: true, subunitLiang: true))
        // 两 before 角, and before 分 with nothing said before it (CANTONESE.md).
        for (amount, read) in [
            ("0.2", "两角"), ("0.02", "两分"), ("0.22", "两角二分"), ("22222222.22", "两千二百二十二万二千二百二十二元两角二分"),
            ("2.2", "两元两角"), ("2.02", "两元零二分"), ("0.12", "一角二分"), ("0.32", "三角二分"),
        ] {
            #expect(try Amount(parsing: amount).reading(currency).text == read, "\(amount)")
        }
        // Mandarin's currency reading keeps 二, with 两 or without.
        #expect(try Amount(parsing: "0.22").reading(ReadingOptions(style: .currency, liang: true)).text == "二角二分")
    }

    @Test("a message made for another language's voice is refused by a Cantonese one, in one line")
    func otherReading() throws {
        try Language.cantonese.check(ReadingOptions(liang: true))
        try Language.cantonese.check(ReadingOptions(style: .currency, liang: true))
        #expect {
            try Language.cantonese.check(ReadingOptions())
        } throws: { error in
            "\(error)" == "the message is read without 两, which Cantonese says before 百/千/万/亿 and 元: it was made for a voice of another language"
        }
        #expect(throws: LanguageError.self) { try Language.cantonese.check(ReadingOptions(liang: true, leadYi: true)) }
        for options in ReadingOptions.allCombinations { try Language.mandarin.check(options) }
    }

    @Test("Mandarin keeps every option as asked")
    func mandarinReadings() throws {
        for options in ReadingOptions.allCombinations {
            #expect(try Language.mandarin.readingOptions(options) == options)
        }
        #expect(Language.cantonese.readingOptions(among: ReadingOptions.allCombinations) == [
            ReadingOptions(style: .decimal, liang: true, subunitLiang: true), ReadingOptions(style: .currency, liang: true, subunitLiang: true),
        ])
    }

    @Test("the refusal of an option names the language and the option")
    func refusalText() {
        #expect {
            try Language.cantonese.readingOptions(ReadingOptions(leadYi: true))
        } throws: { error in
            "\(error)" == "Cantonese has no 一十 reading (--variant lead-yi): a leading ten is said 十 alone, as in 十二"
        }
    }

    @Test("a reading with another language's own variant (Cantonese's 两角) is that language's message, not a variant to ask for")
    func anotherLanguagesOwnReading() {
        #expect {
            try Language.mandarin.readingOptions(Language.cantonese.defaultReading)
        } throws: { error in
            (error as? LanguageError)?.kind == .otherReading
        }
        #expect((try? Language.cantonese.readingOptions(Language.cantonese.defaultReading)) == Language.cantonese.defaultReading)
    }

    /// A language with one variant of its own, for the registration's refusals.
    struct OneVariant: LanguageRules {
        let variant: ReadingVariant
        var tag: String { "qaa-Zxxx" }
        var cliName: String { "onevariant" }
        var displayName: String { "Onevariant" }
        var readingVariants: [ReadingVariant] { [variant] }
        var romanisation: String { "plain" }
        var romanisationExample: (word: String, syllables: String) { ("一", "yi1") }
        func syllables(of text: String, pronunciations: [String: String]) -> [String]? { nil }
    }

    @Test("a language whose variant has another's name or key, a field's key or capitals is refused, and not registered", arguments: [
        ReadingVariant(name: "liang", key: "twoBefore", words: "二", summary: "another liang"),
        ReadingVariant(name: "two-before", key: "leadYi", words: "二", summary: "another key"),
        ReadingVariant(name: "two-before", key: "amount", words: "二", summary: "a field's key"),
        ReadingVariant(name: "Two-Before", key: "twoBefore", words: "二", summary: "capitals"),
    ])
    func clashingVariant(variant: ReadingVariant) {
        #expect {
            try Language.register(OneVariant(variant: variant))
        } throws: { error in
            (error as? LanguageError)?.kind == .clashingVariant(variant) && !"\(error)".contains("\n")
        }
        #expect(!Language.all.contains { $0.tag == "qaa-Zxxx" })
        #expect(ReadingVariant(name: variant.name) != variant)
    }

    @Test("Mandarin's clip rules are its tone sandhi; Cantonese has none, and a run of it gets none")
    func clipRules() {
        #expect(Language.mandarin.clipRules == ClipRule.allCases)
        #expect(Language.mandarin.defaultClipRules(for: "五百") == [.thirdPairs])
        #expect(Language.mandarin.defaultClipRules(for: "一万") == [.leadsGroup])
        #expect(Language.cantonese.clipRules.isEmpty)
        #expect(Language.cantonese.defaultClipRules(for: "五百").isEmpty)
        #expect(Language.cantonese.runsRecordedTogether(for: ReadingOptions(liang: true)).isEmpty)
        #expect(Language.mandarin.runsRecordedTogether(for: ReadingOptions()).contains("五百"))
    }

    @Test("Jyutping: one syllable per character, tones 1–6, no sandhi; pinyin keeps its marks")
    func romanisation() {
        #expect(Language.cantonese.syllables(of: "一百二十三点四五元") == ["jat1", "baak3", "ji6", "sap6", "saam1", "dim2", "sei3", "ng5", "jyun4"])
        #expect(Language.cantonese.syllables(of: "支付宝到账") == ["zi1", "fu6", "bou2", "dou3", "zoeng3"])
        #expect(Language.cantonese.syllables(of: "美团", pronunciations: ["美团": "mei5 tyun4"]) == ["mei5", "tyun4"])
        #expect(Language.cantonese.syllables(of: "美团", pronunciations: ["美团": "mei5 tyun7"]) == nil)
        #expect(Language.cantonese.syllables(of: "啤") == nil)
        #expect(Language.cantonese.spoken(["ng5", "baak3"]) == ["ng5", "baak3"])
        #expect(Language.mandarin.spoken(["wu3", "bai3"]) == ["wu2", "bai3"])
        #expect(Language.mandarin.shown("wan4") == "wàn" && Language.cantonese.shown("maan6") == "maan6")
        // Every character the Mandarin lexicon knows, Cantonese knows too.
        for character in Pinyin.lexicon.keys {
            #expect(Jyutping.lexicon[character] != nil, "\(character)")
        }
        #expect(Jyutping.lexicon.values.allSatisfy(Jyutping.isSyllable))
    }
}
