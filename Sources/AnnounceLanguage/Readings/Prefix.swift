/// The words said before the amount: 到账, 支付宝到账, 微信收款, … or nothing.
///
/// A prefix is usually one word (one clip). A phrase with blanks is several
/// words: `支付宝 到账` is the two words 支付宝 and 到账.
import AnnounceCommon

public struct Prefix: Hashable, Sendable {
    /// The prefix's words, each said by one clip; empty for no prefix.
    public let words: [String]

    /// The default prefix, 到账.
    public static let standard = Prefix(uncheckedWords: ["到账"])

    /// The named presets `--prefix` accepts besides a phrase.
    public static let presets: [(name: String, prefix: Prefix)] = [
        ("alipay", Prefix(uncheckedWords: ["支付宝到账"])),
        ("wechat", Prefix(uncheckedWords: ["微信收款"])),
        ("collect", Prefix(uncheckedWords: ["收款到账"])),
        ("none", Prefix(uncheckedWords: [])),
    ]

    /// The most characters a prefix phrase may have.
    public static let maximumLength = 40

    /// Creates a prefix from a preset name (`alipay`, `wechat`, `collect`,
    /// `none`) or a phrase (`到账`, `美团 收款`).
    /// - Throws: ``PrefixError`` for an empty phrase, one with control
    ///   characters, or one longer than ``maximumLength``.
    public init(_ argument: String) throws(PrefixError) {
        // A preset's name in any case (`Alipay`): no phrase is spelt so.
        if let preset = Self.presets.first(where: { $0.name == argument.lowercased() }) {
            self = preset.prefix
            return
        }
        guard argument.count <= Self.maximumLength else { throw PrefixError(argument: argument, problem: .tooLong) }
        guard !argument.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw PrefixError(argument: argument, problem: .controlCharacter)
        }
        let words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { throw PrefixError(argument: argument, problem: .empty) }
        self.words = words
    }

    private init(uncheckedWords words: [String]) {
        self.words = words
    }

    /// The words run together.
    public var text: String { words.joined() }
}

/// Why a `--prefix` value was refused.
public struct PrefixError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// A prefix that cannot be said is a usage error: no amount can use it.
    public var category: ErrorCategory { .usage }

    /// The kinds of problem: no words, a control character, more than
    /// ``Prefix/maximumLength`` characters.
    public enum Problem: Equatable, Sendable { case empty, controlCharacter, tooLong }
    /// The `--prefix` value as the user gave it.
    public let argument: String
    /// What is wrong with ``argument``.
    public let problem: Problem

    /// One line that quotes the argument and names the problem.
    public var description: String {
        let quoted = AmountError.quote(argument)
        switch problem {
        case .empty: return "prefix \(quoted) is empty: give a phrase such as 到账, or 'none'"
        case .controlCharacter: return "prefix \(quoted) contains control characters"
        case .tooLong: return "prefix \(quoted) is longer than \(Prefix.maximumLength) characters"
        }
    }
}
