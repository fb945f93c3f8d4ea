/// The words said before the amount: the language's standard prefix, one of
/// its presets (``Language/prefixPresets``), a phrase, or nothing.
///
/// A prefix is usually one word (one clip). A phrase with blanks is several
/// words: `支付宝 到账` is the two words 支付宝 and 到账.
///
/// A preset and the standard prefix are the language's own: a message
/// (``Message``) says the words of its language's preset of the same name
/// (``resolved(in:)``), so a preset named without a language means the
/// voice's once it is said. A phrase is said as written.
import AnnounceCommon

public struct Prefix: Hashable, Sendable {
    /// The prefix's words, each said by one clip; empty for no prefix.
    public let words: [String]

    /// Where the words come from: a phrase is said as written, a preset
    /// and the standard prefix take their language's words.
    enum Origin: Hashable, Sendable {
        case phrase
        case preset(String)
        case standard
    }

    let origin: Origin
    /// The tag of the language whose preset ``words`` are; nil for a phrase.
    let languageTag: String?

    /// The default language's standard prefix (``Language/standardPrefix``).
    public static let standard = Language.default.standardPrefix

    /// The default language's presets (``Language/prefixPresets``).
    public static let presets: [(name: String, prefix: Prefix)] = Language.default.prefixPresets

    /// The most characters a prefix phrase may have.
    public static let maximumLength = 40

    /// Creates a prefix from a preset name or a phrase (`美团 收款`). A
    /// name is the default language's preset, else the first language's of
    /// ``Language/all`` that has it (a message then says it in its own
    /// language, or refuses it).
    /// - Throws: ``PrefixError`` for an empty phrase, one with control
    ///   characters, or one longer than ``maximumLength``.
    public init(_ argument: String) throws(PrefixError) {
        let name = argument.lowercased()
        for language in [Language.default] + Language.all.filter({ $0 != .default }) {
            if let preset = language.prefixPresets.first(where: { $0.name == name }) {
                self = preset.prefix
                return
            }
        }
        self = try Self(phrase: argument)
    }

    /// Creates a prefix from one of `language`'s preset names (`alipay`, in
    /// any case) or a phrase.
    /// - Throws: ``PrefixError`` for an empty phrase, one with control
    ///   characters, or one longer than ``maximumLength``.
    public init(_ argument: String, in language: Language) throws(PrefixError) {
        if let preset = language.prefixPresets.first(where: { $0.name == argument.lowercased() }) {
            self = preset.prefix
            return
        }
        self = try Self(phrase: argument)
    }

    private init(phrase argument: String) throws(PrefixError) {
        guard argument.count <= Self.maximumLength else { throw PrefixError(argument: argument, problem: .tooLong) }
        guard !argument.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw PrefixError(argument: argument, problem: .controlCharacter)
        }
        let words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { throw PrefixError(argument: argument, problem: .empty) }
        self.init(presetWords: words, origin: .phrase, languageTag: nil)
    }

    init(presetWords words: [String], origin: Origin, languageTag: String?) {
        self.words = words
        self.origin = origin
        self.languageTag = languageTag
    }

    /// The prefix as `language` says it: its standard prefix, or its preset
    /// of the same name (else of the same words); a phrase as it is.
    /// - Throws: ``PrefixError`` of problem `notAPreset` when the prefix is
    ///   a preset `language` does not have.
    public func resolved(in language: Language) throws(PrefixError) -> Prefix {
        guard languageTag != language.tag else { return self }
        switch origin {
        case .phrase: return self
        case .standard: return language.standardPrefix
        case .preset(let name):
            // A preset of the same words is the same prefix: a push names
            // a preset by the default language's name when the words agree.
            guard let preset = language.prefixPresets.first(where: { $0.name == name })
                ?? language.prefixPresets.first(where: { $0.prefix.words == words })
            else {
                throw PrefixError(argument: name, problem: .notAPreset(of: language))
            }
            return preset.prefix
        }
    }

    /// Prefixes are equal when they say the same words.
    public static func == (lhs: Prefix, rhs: Prefix) -> Bool { lhs.words == rhs.words }
    public func hash(into hasher: inout Hasher) { hasher.combine(words) }

    /// The words run together.
    public var text: String { words.joined() }
}

/// Why a `--prefix` value was refused.
public struct PrefixError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// A prefix that cannot be said is a usage error: no amount can use it.
    public var category: ErrorCategory { .usage }

    /// The kinds of problem: no words, a control character, more than
    /// ``Prefix/maximumLength`` characters, another language's preset.
    public enum Problem: Equatable, Sendable {
        case empty, controlCharacter, tooLong
        /// A preset name the language of the voice does not have.
        case notAPreset(of: Language)
    }
    /// The `--prefix` value as the user gave it.
    public let argument: String
    /// What is wrong with ``argument``.
    public let problem: Problem

    /// One line that quotes the argument and names the problem.
    public var description: String {
        let quoted = AmountError.quote(argument)
        switch problem {
        case .empty: return "prefix \(quoted) is empty: give a phrase such as \(Prefix.standard.text), or 'none'"
        case .controlCharacter: return "prefix \(quoted) contains control characters"
        case .tooLong: return "prefix \(quoted) is longer than \(Prefix.maximumLength) characters"
        case .notAPreset(let language):
            let names = language.prefixPresets.map(\.name)
            return "prefix \(quoted) is not a preset of \(language.displayName) (\(names.joined(separator: ", "))): give one of them or a phrase"
        }
    }
}
