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
    /// Reads the amount aloud as the default language's reader does
    /// (``Language/default``): the formal reading of docs/READING.md, with
    /// the style and variants `options` say. A voice's language reads with
    /// its own reader (``Language/reading(of:options:)``).
    public func reading(_ options: ReadingOptions = ReadingOptions()) -> Reading {
        Language.default.reader.reading(of: self, options: options)
    }
}
