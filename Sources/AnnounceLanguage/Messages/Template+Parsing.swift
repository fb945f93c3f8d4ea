import AnnounceCommon

extension Template {
    /// The characters that are a pause in fixed text rather than part of a word.
    public static let pauseMarks: Set<Character> = ["，", ",", "、"]

    /// Creates a template from a preset name (`payment`, `refund`, `topup`,
    /// `summary`, `received`) or a template text (`退款{amount}元`).
    ///
    /// An argument of ASCII letters, digits, `-` and `_` alone is taken as a
    /// preset name, so a misspelt name is refused rather than said as words.
    /// - Throws: ``TemplateError`` naming the problem.
    public init(_ argument: String) throws(TemplateError) {
        if let preset = Self.presets.first(where: { $0.name == argument.lowercased() }) {
            self = preset.template
            return
        }
        if !argument.isEmpty, argument.unicodeScalars.allSatisfy(Self.isPresetNameScalar) {
            throw TemplateError(template: argument, problem: .unknownPreset)
        }
        self.init(name: nil, source: argument, parts: try Self.parts(of: argument))
    }

    /// Parses a template text (T1–T9 of docs/MESSAGES.md); no preset names.
    static func parts(of text: String) throws(TemplateError) -> [Part] {
        func fail(_ problem: TemplateError.Problem) -> TemplateError {
            TemplateError(template: text, problem: problem)
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
        return try parts(of: pieces, fail: fail)
    }

    /// What the character scan yields: slots and runs of fixed text.
    private enum Piece {
        case slot(Slot)
        case text(String)
    }

    /// Turns slots and fixed text into parts: takes the 元 after `{amount}`
    /// into its slot (T4), refuses any other 元 (T5), splits fixed text into
    /// words and pauses (T2, T3) and checks that `{count}` has its measure
    /// word (T6).
    private static func parts(
        of pieces: [Piece], fail: (TemplateError.Problem) -> TemplateError
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
                    guard rest.first == "元" else {
                        // Only blanks between {amount} and the next slot: keep looking.
                        if rest.isEmpty { continue }
                        throw fail(.amountWithoutYuan)
                    }
                    rest = rest.dropFirst()
                    expectingUnit = false
                }
                if rest.contains("元") { throw fail(hasAmount ? .yuanTwice : .yuanWithoutAmount) }
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
