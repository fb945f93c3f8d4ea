/// Why a voice script cannot be made or read. The ``description`` is one line.
import AnnounceServer

public struct VoiceScriptError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// A script file that cannot be read as one is rejected input; options
    /// a script cannot be made from (a word without pinyin, a phrase with
    /// blanks) are a usage error.
    public let category: ErrorCategory

    /// The one-line message.
    public let message: String

    /// An error saying `message`, of `category` (rejected input by default).
    public init(_ message: String, category: ErrorCategory = .rejectedInput) {
        self.message = message
        self.category = category
    }

    /// The one-line message: ``message``.
    public var description: String { message }
}
