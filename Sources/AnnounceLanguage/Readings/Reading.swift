/// The words an amount is read as: `一 百 二 十 三 点 四 五 元`.
///
/// Each word is what one clip says. The prefix (到账…) is not part of the
/// reading; see ``Message``.
import AnnounceCommon

public struct Reading: Hashable, Sendable {
    /// The words, in order; each is what one clip says.
    public let words: [String]

    /// The words run together: `一百二十三点四五元`.
    public var text: String { words.joined() }
}

extension Amount {
    /// Reads the amount aloud as the reader of the language whose options
    /// `options` are does (``Language/owner(of:)``: the default language
    /// unless they have another language's own reading), with the style
    /// and variants they say. A voice's language reads with its own reader
    /// (``Language/reading(of:options:)``).
    public func reading(_ options: ReadingOptions = ReadingOptions()) -> Reading {
        Language.owner(of: options).reader.reading(of: self, options: options)
    }
}
