import AnnounceServer

extension VoiceScript {
    /// The larger units a speaker says in context, in script order, for a
    /// script with group units: what `language`'s reader records in context
    /// (``NumberReader/groupUnits(styles:variants:)``). The planner says a
    /// reading with the longest runs a voice has, so each group replaces two
    /// or three joins.
    public static func groupUnits(for coverage: VoiceCoverage, language: Language = .default) -> [String] {
        language.reader.groupUnits(styles: coverage.styles, variants: coverage.variants)
    }
}
