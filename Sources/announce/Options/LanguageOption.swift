import AnnounceServer
import ArgumentParser

/// `--language`, as `voice script` and `voice tones` take it: a language's
/// name or tag, in any case.
enum LanguageOption {
    /// The language `value` names; a usage error (one line, exit 64) when
    /// it names none.
    static func parse(_ value: String) throws -> Language {
        do {
            return try Language(tag: value)
        } catch {
            Console.error("--language \(error.description)")
            throw Console.exit(.usage)
        }
    }
}
