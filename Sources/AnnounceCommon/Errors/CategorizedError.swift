/// An error announce throws: one line for the user (`description`) and
/// the ``ErrorCategory`` that says what kind of fault it is.
///
/// Every error type of the library conforms, so a caller can report any
/// failure the way the command line does without knowing each type:
///
/// ```swift
/// do {
///     try folder.write(try announcer.render(try Amount(parsing: text)))
/// } catch let error as any CategorizedError {
///     log(error.category, error.description)
/// }
/// ```
public protocol CategorizedError: Error, CustomStringConvertible, Sendable {
    /// What kind of fault this is.
    var category: ErrorCategory { get }
    /// The error as one line, for a report or a command's error line: the
    /// description, unless it spans several lines.
    var line: String { get }
}

extension CategorizedError {
    /// The description.
    public var line: String { description }
}

extension ErrorCategory {
    /// The one line a report or a command gives for a fault: a categorised
    /// error's ``CategorizedError/line``, and an uncategorised error marked
    /// as the bug it is.
    public static func message(for error: any Error) -> String {
        if let error = error as? any CategorizedError { return error.line }
        return "internal error (please report it): \(error)"
    }
}
