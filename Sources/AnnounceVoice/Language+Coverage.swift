import AnnounceCommon
import AnnounceLanguage

extension Language {
    /// `asked` as this language covers it: 两 always where the language
    /// reads it so; a variant it does not define is refused.
    /// - Throws: ``LanguageError`` for a variant the language lacks.
    package func coverage(_ asked: VoiceCoverage) throws(LanguageError) -> VoiceCoverage {
        var coverage = asked
        coverage.variants = try readingOptions(asked.reading(.decimal)).variants
        return coverage
    }
}
