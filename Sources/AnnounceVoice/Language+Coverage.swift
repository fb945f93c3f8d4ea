import AnnounceCommon
import AnnounceLanguage

extension Language {
    /// `asked` as this language covers it: 两 always where the language
    /// reads it so; a variant it does not define is refused.
    /// - Throws: ``LanguageError`` for a variant the language lacks.
    package func coverage(_ asked: VoiceCoverage) throws(LanguageError) -> VoiceCoverage {
        var coverage = asked
        let defaults = defaultReading
        if asked.leadYi && !readingVariants.contains(.leadYi) && !defaults.leadYi {
            throw LanguageError(.undefinedVariant(.leadYi), tag: tag, language: self)
        }
        coverage.liang = asked.liang || defaults.liang
        return coverage
    }
}
