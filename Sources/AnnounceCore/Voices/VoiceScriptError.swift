/// Why a voice script cannot be made or read. The ``description`` is one line.
public struct VoiceScriptError: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// A script that cannot be read as one is rejected input.
    public var category: ErrorCategory { .rejectedInput }

    /// The one-line message.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The one-line message: ``message``.
    public var description: String { message }
}
