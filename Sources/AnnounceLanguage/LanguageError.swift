import AnnounceCommon

/// Why a language cannot be used: a manifest's `language` that is no tag or
/// names a language announce does not speak, or a reading option the
/// voice's language does not define.
public struct LanguageError: CategorizedError, Equatable, Sendable {
    /// The kinds of problem.
    public enum Kind: Equatable, Sendable {
        /// Not a BCP 47 tag (`中文`, `cmn_Hans`).
        case malformed
        /// A tag of a language announce does not speak (`fr`, `cmn-Latn`).
        case unknown
        /// A reading option the language does not define.
        case undefinedVariant(ReadingVariant)
        /// A message read as another language reads it (without the 两
        /// Cantonese always says).
        case otherReading
        /// A variant of a language being registered that is not lower-case,
        /// has another variant's name or key, or a key a message or batch
        /// item has of its own.
        case clashingVariant(ReadingVariant)
        /// A message preset of a language being registered whose text does
        /// not read as a template in it (its problem).
        case badPreset(String)
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// The tag in question.
    public let tag: String
    private let language: Language?

    package init(_ kind: Kind, tag: String, language: Language? = nil) {
        self.kind = kind
        self.tag = tag
        self.language = language
    }

    public static func == (lhs: LanguageError, rhs: LanguageError) -> Bool {
        lhs.kind == rhs.kind && lhs.tag == rhs.tag && lhs.language == rhs.language
    }

    /// A usage error: a manifest's tag reaches the user as the voice's
    /// error (``/AnnounceVoice/VoiceError``), an option as the caller's.
    public var category: ErrorCategory { .usage }

    /// One line naming the tag or option and what announce speaks.
    public var description: String {
        let known = Language.all.map { "'\($0.tag)' (\($0.displayName), '\($0.cliName)')" }.joined(separator: ", ")
        switch kind {
        case .malformed:
            return "\(MessageText.quoted(tag)) is not a language tag such as 'cmn-Hans': announce speaks \(known)"
        case .unknown:
            let nearest = Suggestion.note(to: tag, among: Language.all.flatMap { [$0.cliName, $0.tag] })
            return "\(MessageText.quoted(tag)) is not a language announce speaks\(nearest): \(known)"
        case .undefinedVariant(let variant):
            let note = language?.rules.missingVariantNote(variant).map { ": \($0)" } ?? ""
            return "\(language?.displayName ?? tag) has no \(variant.words) reading (--variant \(variant.name))\(note)"
        case .otherReading:
            let missing = language?.rules.ownReadingNote ?? "the reading \(tag) always uses"
            return "the message is read without \(missing): it was made for a voice of another language"
        case .clashingVariant(let variant):
            return "\(MessageText.quoted(tag))'s reading variant \(MessageText.quoted(variant.name)) (key \(MessageText.quoted(variant.key))) "
                + "needs a lower-case name, and a name and key no other variant and no field of a message or batch item has"
        case .badPreset(let problem):
            return "language \(MessageText.quoted(tag)): a message preset does not read as a template: \(problem)"
        }
    }
}
