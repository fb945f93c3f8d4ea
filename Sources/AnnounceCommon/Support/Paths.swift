/// Joining and splitting file paths as text, the two operations announce
/// needs (NSString's path methods live in the full Foundation, which a lean
/// static binary leaves out).
package enum Paths {
    /// `directory/name`; `name` as is when it is absolute or `directory` empty.
    package static func join(_ directory: String, _ name: String) -> String {
        if name.hasPrefix("/") || directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The folder part of `path`: `a/b` for `a/b/c`, `/` for `/c`, empty for `c`.
    package static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
