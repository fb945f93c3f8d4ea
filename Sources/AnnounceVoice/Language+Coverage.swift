import AnnounceCommon
import AnnounceLanguage

extension Language {
    /// `asked` as this language covers it: 两 always where the language
    /// reads it so; a variant it does not define is refused.
    /// - Throws: ``LanguageError`` for a variant the language lacks.
    package func coverage(_ asked: VoiceCoverage) throws(LanguageError) -> VoiceCoverage {
        let reading = try readingOptions(ReadingOptions(liang: asked.liang, leadYi: asked.leadYi))
        var coverage = asked
        coverage.liang = reading.liang
        return coverage
    }
}
