import AnnounceCommon
import AnnounceLanguage
import Testing

/// Template texts, presets and the refusals (docs/MESSAGES.md T1–T9).
struct TemplateTests {
    @Test("each preset's parts are what its text parses to", arguments: Template.presets.map(\.name))
    func presetsParse(name: String) throws {
        let preset = try Template(name)
        #expect(preset.name == name)
        let parsed = try Template(preset.source)
        #expect(parsed.parts == preset.parts)
        #expect(parsed.name == nil && parsed.description == preset.source && preset.description == name)
    }

    @Test("fixed text: blanks split words, commas are pauses, 元 after {amount} belongs to the slot")
    func structure() throws {
        #expect(try Template("{prefix}{amount}元").parts == [.slot(.prefix), .slot(.amount)])
        #expect(try Template("{amount} 元").parts == [.slot(.amount)])
        #expect(try Template("美团 收款{amount}元整").parts == [.words(["美团", "收款"]), .slot(.amount), .words(["整"])])
        #expect(
            try Template("{count}笔, 共计 {amount}元").parts
                == [.slot(.count), .words(["笔"]), .pause(mark: ","), .words(["共计"]), .slot(.amount)])
        #expect(try Template("收款、成功").parts == [.words(["收款"]), .pause(mark: "、"), .words(["成功"])])
        #expect(try Template(" 收款成功 ").parts == [.words(["收款成功"])])
        #expect(try Template("{count}笔").slots == [.count])
        #expect(Template.summary.slots == [.prefix, .count, .amount])
        #expect(Template.received.slots.isEmpty)
        #expect(Template.summary.fixedWords == ["笔", "共计"])
        #expect(try Template(String(repeating: "好", count: Template.maximumLength)).parts.count == 1)
    }

    @Test("bad templates are refused with one line naming the problem", arguments: [
        ("", TemplateError.Problem.empty, "is empty"),
        ("  ，, ", .empty, "is empty"),
        (String(repeating: "好", count: 65), .tooLong, "is longer than 64 characters"),
        ("退款\n{amount}元", .controlCharacter, "contains control characters"),
        ("退款\t{amount}元", .controlCharacter, "contains control characters"),
        ("退款{amount元", .unbalancedBraces, "has unbalanced braces"),
        ("退款amount}元", .unbalancedBraces, "has unbalanced braces"),
        ("退款{{amount}}元", .unbalancedBraces, "has unbalanced braces"),
        ("退款{amount}元{", .unbalancedBraces, "has unbalanced braces"),
        ("退款{amout}元", .unknownSlot("amout"), "has an unknown slot {amout}"),
        ("退款{}元", .unknownSlot(""), "has an unknown slot {}"),
        ("退款{ amount }元", .unknownSlot(" amount "), "has an unknown slot { amount }"),
        ("{amount}元{amount}元", .repeatedSlot(.amount), "has {amount} more than once"),
        ("{count}笔{count}笔", .repeatedSlot(.count), "has {count} more than once"),
        ("{prefix}{prefix}{amount}元", .repeatedSlot(.prefix), "has {prefix} more than once"),
        ("退款{amount}", .amountWithoutYuan, "must say 元 right after {amount}"),
        ("退款{amount}块", .amountWithoutYuan, "must say 元 right after {amount}"),
        ("{amount}，元", .amountWithoutYuan, "must say 元 right after {amount}"),
        ("{amount} {count}笔", .amountWithoutYuan, "must say 元 right after {amount}"),
        ("{amount}元元", .yuanTwice, "says 元 twice"),
        ("退款元{amount}元", .yuanTwice, "says 元 twice"),
        ("{prefix}{count}笔，共计{amount}元，优惠五元", .yuanTwice, "says 元 twice"),
        ("收款五元", .yuanWithoutAmount, "says 元 without {amount}"),
        ("{count}", .countWithoutMeasureWord, "needs a measure word right after {count}"),
        ("{count}{amount}元", .countWithoutMeasureWord, "needs a measure word right after {count}"),
        ("{count}，笔", .countWithoutMeasureWord, "needs a measure word right after {count}"),
        ("refnd", .unknownPreset, "is not a preset (did you mean 'refund'? payment, refund, topup, summary, received)"),
        ("Paymant", .unknownPreset, "is not a preset (did you mean 'payment'?"),
        ("xyzzy", .unknownPreset, "is not a preset (payment, refund, topup, summary, received)"),
    ])
    func refusals(text: String, problem: TemplateError.Problem, message: String) {
        #expect(throws: TemplateError(template: text, problem: problem)) { try Template(text) }
        let line = TemplateError(template: text, problem: problem).description
        #expect(line.contains(message), "\(line)")
        #expect(!line.contains("\n") && line.hasPrefix("template '"), "\(line)")
    }
}

@Suite struct PresetPinyinTests {
    @Test("every preset's fixed words and every prefix preset have pinyin kept with the preset, matching the lexicon")
    func presetPinyin() throws {
        var words: [String] = Prefix.presets.flatMap(\.prefix.words) + Prefix.standard.words
        for (_, template) in Template.presets {
            for part in template.parts { if case .words(let fixed) = part { words += fixed } }
        }
        for word in Set(words) {
            let given = try #require(Pinyin.presetWords[word], "preset word '\(word)' has no pinyin with its preset")
            #expect(Pinyin.syllables(of: word) == given.split(separator: " ").map(String.init))
            #expect(Pinyin.syllables(of: word, pronunciations: [:]) != nil)
        }
    }
}
