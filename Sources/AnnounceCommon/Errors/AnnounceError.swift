/// A domain's kinds of failure, each of one ``ErrorCategory`` and so of one
/// exit status: the part of an error type that differs from domain to
/// domain. ``AnnounceError`` is the rest, written once.
public protocol ErrorKind: Hashable, Sendable {
    /// What kind of fault a failure of this kind is.
    var category: ErrorCategory { get }
}

/// A failure of one domain: its kind and one line for the user.
///
/// The error types of announce that say no more than that are this one
/// type, each over its own kinds, so each stays a type of its own to catch:
///
/// ```swift
/// public enum AudioFault: ErrorKind { case unreadable, … }
/// public typealias AudioError = AnnounceError<AudioFault>
///
/// throw AudioError(.unreadable, "cannot read \(path)")
/// catch let error as AudioError where error.kind == .overBudget { … }
/// ```
public struct AnnounceError<Fault: ErrorKind>: CategorizedError, Equatable, Sendable, CustomStringConvertible {
    /// The domain's kinds of failure (`AudioError.Kind`: a generic
    /// parameter alone is not a member type).
    public typealias Kind = Fault

    /// What kind of failure this is.
    public let kind: Kind
    /// The one-line message naming what failed and why.
    public let message: String

    /// An error of `kind` that says `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The one-line message: ``message``.
    public var description: String { message }

    /// The kind's category.
    public var category: ErrorCategory { kind.category }
}
