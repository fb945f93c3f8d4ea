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
}
