/// A failed system call: its error number, and the system's message for it.
package struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` value.
    package let code: Int32

    package init(_ code: Int32) {
        self.code = code
    }

    /// `No space left on device`.
    package var description: String { systemMessage(code) }
}
