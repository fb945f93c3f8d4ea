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
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// The tag in question.
    public let tag: String
    private let languageName: String?

    package init(_ kind: Kind, tag: String, language: Language? = nil) {
        self.kind = kind
        self.tag = tag
        self.languageName = language?.name
    }

    /// A usage error: a manifest's tag reaches the user as the voice's
    /// error (``/AnnounceVoice/VoiceError``), an option as the caller's.
    public var category: ErrorCategory { .usage }

    /// One line naming the tag or option and what announce speaks.
    public var description: String {
        let known = Language.all.map { "'\($0.tag)' (\($0.name), '\($0.shortName)')" }.joined(separator: ", ")
        switch kind {
        case .malformed:
            return "\(MessageText.quoted(tag)) is not a language tag such as 'cmn-Hans': announce speaks \(known)"
        case .unknown:
            return "\(MessageText.quoted(tag)) is not a language announce speaks: \(known)"
        case .undefinedVariant(.leadYi):
            return "\(languageName ?? tag) has no 一十 reading (--lead-yi): a leading ten is said 十 alone, as in 十二"
        case .undefinedVariant(let variant):
            return "\(languageName ?? tag) has no \(variant.words) reading (--\(variant.rawValue))"
        case .otherReading:
            return "the message is read without 两, which \(languageName ?? tag) says before 百/千/万/亿 and 元: it was made for a voice of another language"
        }
    }
}
