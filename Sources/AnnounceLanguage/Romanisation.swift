/// How a romanisation (pinyin, Jyutping) spells a word: one syllable per
/// character, each from a pronunciation the caller gives or from the
/// language's lexicon.
enum Romanisation {
    /// The syllables of `text`: `given` (the whole word's, syllables
    /// separated by blanks or `-`) when there is one, else each character's
    /// from `pronunciations` or `lexicon`; nil when a character has none, or
    /// a syllable is not one `isSyllable` accepts.
    static func syllables(
        of text: String, given: String?, pronunciations: [String: String], lexicon: [Character: String],
        isSyllable: (String) -> Bool
    ) -> [String]? {
        if let given {
            let parts = given.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
            return parts.count == text.count && parts.allSatisfy(isSyllable) ? parts : nil
        }
        var result: [String] = []
        for character in text {
            guard let syllable = pronunciations[String(character)] ?? lexicon[character], isSyllable(syllable) else {
                return nil
            }
            result.append(syllable)
        }
        return result
    }
}
