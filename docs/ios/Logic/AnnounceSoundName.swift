import Foundation

/// announce's file naming rule, the same one `announce prune` applies, so the
/// app, the extension and the backend agree on which files are announce's:
///
/// - an announcement: `announce-<amount>-<8 hex>.caf|wav|aiff`, the amount
///   in canonical form (`123`, `123.45`, `0.05`; for a message without an
///   amount, its preset's name of 1–16 lowercase letters, `received`) and
///   8 lowercase hex digits derived from the content, e.g.
///   `announce-123.45-e6f65a95.caf`;
/// - a temporary file of an atomic write: `.announce-<pid>-<n>.tmp`.
///
/// Both contain only ASCII letters, digits, `.` and `-`: no `/`, no `..`, so
/// a name that passes can never point outside the folder it is joined to.
///
/// A third kind is a *plain* name, chosen by a person (`announce render
/// --name pay.caf`, or a sound bundled with the app): the extension never
/// downloads or writes one, since such a name does not prove its content; it
/// leaves it in `aps.sound` for iOS to find. `announce` accepts for `--name`
/// exactly the names ``isPlain(_:)`` accepts.
///
/// Foundation only: the package compiles this file on Linux and tests it.
enum AnnounceSoundName {
    /// The file extensions announce writes.
    static let extensions: Set<String> = ["caf", "wav", "aiff"]

    /// What `aps.sound` is to the extension.
    enum Kind: Equatable, Sendable {
        /// announce's content-derived name: reused when installed, else downloaded.
        case announcement
        /// A name chosen by a person: left as sent, never downloaded.
        case plain
        /// Anything else (a path, `..`, other characters or extensions, a
        /// temporary file's name): refused, the fallback plays.
        case refused
    }

    /// Sorts a name into one of the three kinds.
    static func kind(of name: String) -> Kind {
        if isAnnouncement(name) { return .announcement }
        return isPlain(name) ? .plain : .refused
    }

    /// Whether `name` is a plain sound name: 1 to 255 bytes of ASCII letters,
    /// digits, `.`, `_` and `-`, not starting with `.`, without `..`, ending
    /// in `.caf`, `.wav` or `.aiff` (lower case, as iOS matches names
    /// exactly) after at least one character, and not of announce's own forms.
    static func isPlain(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count <= 255, bytes.first != UInt8(ascii: "."), !name.contains("..") else { return false }
        guard bytes.allSatisfy(isPlainByte), let dot = name.lastIndex(of: ".") else { return false }
        guard dot != name.startIndex, extensions.contains(String(name[name.index(after: dot)...])) else { return false }
        return !isOwn(name) && !isOwn(name.lowercased())
    }

    /// Whether `name` is a content-derived announcement name.
    static func isAnnouncement(_ name: String) -> Bool {
        var rest = Substring(name)
        guard rest.hasPrefix("announce-"), let dot = rest.lastIndex(of: ".") else { return false }
        guard extensions.contains(String(rest[rest.index(after: dot)...])) else { return false }
        rest = rest[rest.index(rest.startIndex, offsetBy: "announce-".count)..<dot]
        // `<amount>-<8 hex>`: the hex part follows the last `-`.
        guard let dash = rest.lastIndex(of: "-") else { return false }
        let hex = rest[rest.index(after: dash)...]
        guard hex.utf8.count == 8, hex.utf8.allSatisfy(isLowercaseHex) else { return false }
        return isAmount(rest[..<dash])
    }

    /// Whether `name` is a temporary file of an atomic write.
    static func isTemporary(_ name: String) -> Bool {
        guard name.hasPrefix(".announce-"), name.hasSuffix(".tmp") else { return false }
        let middle = name.dropFirst(".announce-".count).dropLast(".tmp".count)
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy(isDigits)
    }

    /// Whether announce (or this app, following its rule) made the file.
    static func isOwn(_ name: String) -> Bool {
        isAnnouncement(name) || isTemporary(name)
    }

    /// A fresh temporary name, `.announce-<pid>-<n>.tmp`: it never collides
    /// with a final name, and a file left behind by a killed process is
    /// removed by the app's cleanup (and by `announce prune`).
    static func temporaryName() -> String {
        ".announce-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// `<digits>`, `<digits>.<two digits>` or 1–16 lowercase letters, as
    /// `announce prune` accepts.
    private static func isAmount(_ text: Substring) -> Bool {
        if (1...16).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) {
            return true
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return isDigits(parts[0])
        case 2: return isDigits(parts[0]) && parts[1].utf8.count == 2 && isDigits(parts[1])
        default: return false
        }
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private static func isPlainByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    private static func isLowercaseHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
