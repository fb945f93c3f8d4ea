import AnnounceLanguage

extension VoiceCoverage {
    /// Everything a voice of `language` can say: both styles with every
    /// variant the package's languages and `language` offer, the language's standard prefix and every
    /// preset prefix of it (and none), every message preset.
    public static func everything(in language: Language) -> VoiceCoverage {
        VoiceCoverage(
            styles: ReadingStyle.allCases, variants: ReadingVariant.offered(in: language),
            prefixes: [language.standardPrefix.text] + language.prefixPresets.map { $0.prefix.words.joined(separator: " ") },
            templates: language.templatePresets.map(\.name))
    }
}
