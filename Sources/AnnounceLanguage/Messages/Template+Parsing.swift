import AnnounceCommon

extension Template {
    /// The characters that are a pause in fixed text rather than part of a word.
    public static let pauseMarks: Set<Character> = ["，", ",", "、"]

    /// Creates a template from a preset name (`payment`, `refund`, `topup`,
    /// `summary`, `received`) or a template text (`退款{amount}元`), read in
    /// the default language. A text whose unit after `{amount}` is another
    /// language's is read in that language (a message then reads it in its
    /// own, or refuses it).
    ///
    /// An argument of ASCII letters, digits, `-` and `_` alone is taken as a
    /// preset name, so a misspelt name is refused rather than said as words.
    /// - Throws: ``TemplateError`` naming the problem, as the default
    ///   language reads the text.
    public init(_ argument: String) throws(TemplateError) {
        do {
            self = try Template(argument, in: .default)
        } catch {
            // Only a text whose {amount} lacks the default unit and has
            // another language's is that language's template.
            let unit = Language.default.amountUnit
            guard error.problem == .amountWithoutYuan,
                  let read = Language.all.lazy.filter({ $0.amountUnit != unit && argument.contains("{amount}") && argument.contains($0.amountUnit) })
                      .compactMap({ try? Template(argument, in: $0) }).first
            else { throw error }
            self = read
        }
    }

    /// Creates a template from one of `language`'s preset names or a
    /// template text read with its unit (``Language/amountUnit``).
    /// - Throws: ``TemplateError`` naming the problem.
    public init(_ argument: String, in language: Language) throws(TemplateError) {
        if let preset = language.templatePresets.first(where: { $0.name == argument.lowercased() }) {
            self = preset.template
            return
        }
        if !argument.isEmpty, argument.unicodeScalars.allSatisfy(Self.isPresetNameScalar) {
            throw TemplateError(template: argument, problem: .unknownPreset, language: language)
        }
        self.init(
            name: nil, source: argument, parts: try Self.parts(of: argument, unit: language.amountUnit, language: language),
            languageTag: language.tag)
    }

    /// Parses a template text (T1–T9 of docs/MESSAGES.md) whose `{amount}`
    /// is followed by `unit`; no preset names. `language` is named in errors.
    static func parts(of text: String, unit: String, language: Language) throws(TemplateError) -> [Part] {
        func fail(_ problem: TemplateError.Problem) -> TemplateError {
            TemplateError(template: text, problem: problem, language: language)
        }
        guard text.count <= maximumLength else { throw fail(.tooLong) }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw fail(.controlCharacter)
        }
        var pieces: [Piece] = []
        var seen = Set<Slot>()
        var slotName: String?
        var fixed = ""
        for character in text {
            if var name = slotName {
                if character == "}" {
                    guard let slot = Slot(rawValue: name) else { throw fail(.unknownSlot(name)) }
                    guard seen.insert(slot).inserted else { throw fail(.repeatedSlot(slot)) }
                    pieces.append(.slot(slot))
                    slotName = nil
                } else if character == "{" {
                    throw fail(.unbalancedBraces)
                } else {
                    name.append(character)
                    slotName = name
                }
            } else if character == "{" {
                if !fixed.isEmpty { pieces.append(.text(fixed)) }
                fixed = ""
                slotName = ""
            } else if character == "}" {
                throw fail(.unbalancedBraces)
            } else {
                fixed.append(character)
            }
        }
        guard slotName == nil else { throw fail(.unbalancedBraces) }
        if !fixed.isEmpty { pieces.append(.text(fixed)) }
        return try parts(of: pieces, unit: unit, fail: fail)
    }

    /// What the character scan yields: slots and runs of fixed text.
    private enum Piece {
        case slot(Slot)
        case text(String)
    }

    /// Turns slots and fixed text into parts: takes the unit after `{amount}`
    /// into its slot (T4), refuses it anywhere else (T5), splits fixed text into
    /// words and pauses (T2, T3) and checks that `{count}` has its measure
    /// word (T6).
    private static func parts(
        of pieces: [Piece], unit: String, fail: (TemplateError.Problem) -> TemplateError
    ) throws(TemplateError) -> [Part] {
        let hasAmount = pieces.contains { if case .slot(.amount) = $0 { true } else { false } }
        var parts: [Part] = []
        var expectingUnit = false
        for piece in pieces {
            switch piece {
            case .slot(let slot):
                if expectingUnit { throw fail(.amountWithoutYuan) }
                parts.append(.slot(slot))
                expectingUnit = slot == .amount
            case .text(let text):
                var rest = Substring(text)
                if expectingUnit {
                    rest = rest.drop(while: \.isWhitespace)
                    guard rest.hasPrefix(unit) else {
                        // Only blanks between {amount} and the next slot: keep looking.
                        if rest.isEmpty { continue }
                        throw fail(.amountWithoutYuan)
                    }
                    rest = rest.dropFirst(unit.count)
                    expectingUnit = false
                }
                if rest.contains(unit) { throw fail(hasAmount ? .yuanTwice : .yuanWithoutAmount) }
                parts += fixedParts(rest)
            }
        }
        if expectingUnit { throw fail(.amountWithoutYuan) }
        for (index, part) in parts.enumerated() where part == .slot(.count) {
            guard index + 1 < parts.count, case .words = parts[index + 1] else { throw fail(.countWithoutMeasureWord) }
        }
        guard parts.contains(where: { if case .pause = $0 { false } else { true } }) else { throw fail(.empty) }
        return parts
    }

    /// Fixed text as words (split at blanks) and pauses (at commas).
    private static func fixedParts(_ text: Substring) -> [Part] {
        var parts: [Part] = []
        var word = ""
        var words: [String] = []
        func endWord() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        func endWords() {
            endWord()
            if !words.isEmpty { parts.append(.words(words)) }
            words = []
        }
        for character in text {
            if character.isWhitespace {
                endWord()
            } else if pauseMarks.contains(character) {
                endWords()
                parts.append(.pause(mark: String(character)))
            } else {
                word.append(character)
            }
        }
        endWords()
        return parts
    }

    private static func isPresetNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
        default: false
        }
    }
}
