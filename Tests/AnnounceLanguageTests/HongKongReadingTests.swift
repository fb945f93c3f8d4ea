import AnnounceCommon
import AnnounceLanguage
import Testing

/// Hong Kong Cantonese (docs/READING.md, "Hong Kong"): traditional
/// characters, 港元 in the decimal style, 蚊/毫/仙 in the currency style,
/// 兩 before every unit, and its own presets and template unit.
struct HongKongReadingTests {
    static let hongKong = Language.cantoneseHongKong

    @Test("decimal readings end in 港元", arguments: [
        ("0", "零港元"), ("0.05", "零點零五港元"), ("2", "兩港元"), ("2.2", "二點二港元"), ("10.05", "十點零五港元"),
        ("12", "十二港元"), ("20", "二十港元"), ("123.45", "一百二十三點四五港元"), ("200", "兩百港元"), ("1010", "一千零一十港元"),
        ("10010", "一萬零一十港元"), ("22000", "兩萬二千港元"), ("100000", "十萬港元"), ("200000000", "兩億港元"),
        ("999999999999.99", "九千九百九十九億九千九百九十九萬九千九百九十九點九九港元"),
    ])
    func decimal(amount: String, expected: String) throws {
        #expect(Self.hongKong.reading(of: try Amount(parsing: amount), options: ReadingOptions()).text == expected)
    }

    @Test("currency readings say 蚊, 毫 and 仙, with 兩 before each", arguments: [
        ("0", "零蚊"), ("0.02", "兩仙"), ("0.5", "五毫"), ("0.22", "兩毫二仙"), ("2", "兩蚊"), ("2.2", "兩蚊兩毫"),
        ("10.05", "十蚊零五仙"), ("7.08", "七蚊零八仙"), ("12.3", "十二蚊三毫"), ("123.45", "一百二十三蚊四毫五仙"),
        ("200", "兩百蚊"), ("20000", "兩萬蚊"), ("999999999999.99", "九千九百九十九億九千九百九十九萬九千九百九十九蚊九毫九仙"),
    ])
    func currency(amount: String, expected: String) throws {
        #expect(Self.hongKong.reading(of: try Amount(parsing: amount), options: ReadingOptions(style: .currency)).text == expected)
    }

    @Test("every word is in the vocabulary and has Jyutping; the words are traditional")
    func vocabulary() throws {
        for style in ReadingStyle.allCases {
            let vocabulary = Self.hongKong.reader.vocabulary(ReadingOptions(style: style))
            for word in vocabulary { #expect(Self.hongKong.syllables(of: word) != nil, "\(word)") }
            #expect(!vocabulary.contains(where: { ["万", "亿", "点", "两", "元", "角", "分"].contains($0) }), "\(vocabulary)")
        }
        #expect(Self.hongKong.reader.vocabulary(ReadingOptions()).contains("港元"))
        #expect(Set(["蚊", "毫", "仙"]).isSubset(of: Self.hongKong.reader.vocabulary(ReadingOptions(style: .currency))))
        for (_, prefix) in Self.hongKong.prefixPresets + [("standard", Self.hongKong.standardPrefix)] {
            for word in prefix.words { #expect(Self.hongKong.syllables(of: word) != nil, "\(word)") }
        }
        for (_, template) in Self.hongKong.templatePresets {
            for word in template.fixedWords { #expect(Self.hongKong.syllables(of: word) != nil, "\(word)") }
        }
    }

    @Test("counts say 兩筆, and 兩百 before a unit")
    func counts() throws {
        let summary = try Message(
            template: .summary, amount: try Amount(parsing: "12.5"), count: try Count(2), prefix: try Prefix("octopus"),
            language: Self.hongKong)
        #expect(summary.text == "八達通收款兩筆，共計十二點五港元")
        #expect(try Count(200).words(in: Self.hongKong) == ["兩", "百"])
        #expect(try Count(12).words(in: Self.hongKong) == ["十", "二"])
    }

    @Test("a preset is the language's: its words, or a refusal naming its presets")
    func presets() throws {
        #expect(Self.hongKong.prefixPresets.map(\.name) == ["alipayhk", "wechathk", "octopus", "fps", "none"])
        #expect(Self.hongKong.standardPrefix.words == ["到賬"])
        #expect(try Prefix("alipayhk", in: Self.hongKong).words == ["支付寶到賬"])
        #expect(try Prefix.standard.resolved(in: Self.hongKong).words == ["到賬"])
        #expect(try Prefix.standard.resolved(in: .cantonese) == .standard)
        #expect(try Prefix("none").resolved(in: Self.hongKong).words.isEmpty)
        #expect(try Prefix("美团 收款").resolved(in: Self.hongKong).words == ["美团", "收款"])
        #expect { try Prefix("alipay").resolved(in: Self.hongKong) } throws: { error in
            "\(error)" == "prefix 'alipay' is not a preset of Cantonese (Hong Kong) (alipayhk, wechathk, octopus, fps, none): give one of them or a phrase"
                && (error as? PrefixError)?.category == .usage
        }
        #expect(throws: PrefixError.self) { try Prefix("octopus").resolved(in: .mandarin) }
        // A push names 微信收款 by the default language's preset name: the same words are the same prefix.
        #expect(try Prefix("wechat").resolved(in: Self.hongKong).words == ["微信收款"])
        // Cantonese keeps Mandarin's presets.
        #expect(Language.cantonese.prefixPresets.map(\.prefix) == Prefix.presets.map(\.prefix))
        #expect(Language.cantonese.templatePresets.map(\.template.source) == Template.presets.map(\.template.source))
        let refund = try Template.refund.resolved(in: Self.hongKong)
        #expect(refund == .refund && refund.source == "退款{amount}港元")
        #expect(try Template("topup", in: Self.hongKong).fixedWords == ["會員充值"])
        #expect(Self.hongKong.templatePresets.map(\.name) == Template.presets.map(\.name))
        let message = try Message(template: .topup, amount: try Amount(parsing: "2"), language: Self.hongKong)
        #expect(message.text == "會員充值兩港元")
    }

    @Test("a template's {amount} is followed by the language's unit, and the error names it")
    func unit() throws {
        #expect(Language.mandarin.amountUnit == "元" && Language.cantonese.amountUnit == "元" && Self.hongKong.amountUnit == "港元")
        #expect(try Template("退款{amount}港元", in: Self.hongKong).parts == [.words(["退款"]), .slot(.amount)])
        #expect(try Template("{amount} 港元 整", in: Self.hongKong).parts == [.slot(.amount), .words(["整"])])
        #expect { try Template("退款{amount}元", in: Self.hongKong) } throws: { error in
            "\(error)" == "template '退款{amount}元' must say 港元 right after {amount}: it is the amount's unit in Cantonese (Hong Kong) (the slot says the amount with its unit words in every style)"
        }
        #expect { try Template("收款港元", in: Self.hongKong) } throws: { error in
            (error as? TemplateError)?.problem == .yuanWithoutAmount && "\(error)".contains("says 港元 without {amount}: write {amount}港元")
        }
        #expect { try Template("退款{amount}港元", in: .mandarin) } throws: { error in
            "\(error)".contains("must say 元 right after {amount}")
        }
        // Without a language, the text reads in the language whose unit it has.
        let read = try Template("退款{amount}港元")
        #expect(try read.resolved(in: Self.hongKong).parts == [.words(["退款"]), .slot(.amount)])
        #expect { try Message(template: read, amount: try Amount(parsing: "1")) } throws: { error in
            (error as? MessageError)?.problem == .template(TemplateError(template: "退款{amount}港元", problem: .amountWithoutYuan))
        }
        // The currency reading's 蚊…仙 is the {amount}港元 slot.
        let currency = try Message(
            template: try Template("退款{amount}港元", in: Self.hongKong), amount: try Amount(parsing: "10.05"),
            options: ReadingOptions(style: .currency), language: Self.hongKong)
        #expect(currency.text == "退款十蚊零五仙")
    }

    @Test("names apart: a tag, a command-line name and a display name")
    func names() throws {
        #expect(try Language(tag: "yue-Hant-HK") == Self.hongKong && (try Language(tag: "cantonese-hk")) == Self.hongKong)
        #expect(Self.hongKong.displayName == "Cantonese (Hong Kong)" && Self.hongKong.romanisation == "jyutping")
        #expect(Language.packaged.contains(Self.hongKong))
        #expect(throws: LanguageError.self) { try Self.hongKong.readingOptions(ReadingOptions(liang: true)) }
    }
}
