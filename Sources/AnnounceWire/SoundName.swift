import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

/// The names of the files announce writes, made and recognised from one
/// definition, which the server and the iOS extension both compile:
///
/// - a sound: `announce-<amount>-<8 hex>.<ext>`, the amount as digits with
///   an optional `.` and two decimals (for a message without an amount, the
///   preset's name such as `received`, or `message`), the hex a digest of
///   everything that decides the audio (AnnounceServer's `Announcer.Plan.soundName`),
///   the extension that of an ``OutputFormat/Container`` (`caf`, `wav`, `aiff`);
/// - a temporary file of an atomic write: `.announce-<process id>-<n>.tmp`;
/// - a *plain* name chosen by a person (`--name pay.caf`, a sound bundled
///   with the app): ``isPlain(_:)``. It must be neither of the above, so it
///   can never stand in for a content-derived sound; the extension never
///   downloads one (the name does not prove the content) and leaves it in
///   `aps.sound` for iOS to find.
///
/// Every one of these holds only ASCII letters, digits, `.`, `_` and `-`:
/// no `/`, no `..`, so a name that passes never points outside the folder
/// it is joined to.
public enum SoundName {
    /// What a file name is to announce.
    public enum Kind: Equatable, Sendable {
        /// A content-derived sound name.
        case sound
        /// A temporary file of an atomic write in progress (or left by a
        /// killed process).
        case temporary
    }

    /// What the iOS extension does with a push's `aps.sound`.
    public enum Delivery: Equatable, Sendable {
        /// announce's content-derived name: reused when installed, else downloaded.
        case announcement
        /// A name chosen by a person: left as sent, never downloaded.
        case plain
        /// Anything else (a path, `..`, other characters or extensions, a
        /// temporary file's name): refused, the fallback plays.
        case refused
    }

    static let soundStart = "announce-"
    static let temporaryStart = ".announce-"
    static let temporaryEnd = ".tmp"

    /// The content-derived name of a sound: `announce-123.45-1a2b3c4d.caf`.
    /// - Parameters:
    ///   - amount: the amount as ``/AnnounceLanguage/Amount``'s description gives it.
    ///   - digest: the low 32 bits of the content digest, as 8 hex digits.
    ///   - format: the output format, whose extension ends the name.
    public static func sound(amount: String, digest: String, format: OutputFormat) -> String {
        soundStart + amount + "-" + digest + "." + format.fileExtension
    }

    /// What stands for the amount in the name of a message without one:
    /// the preset's name (`received`), else `message`.
    public static func word(for template: Template) -> String {
        let name = template.name ?? ""
        let plain = !name.isEmpty && name.utf8.count <= 16 && name.utf8.allSatisfy { (0x61...0x7A).contains($0) }
        return plain ? name : "message"
    }

    /// The name of a temporary file: `.announce-4242-7.tmp`.
    public static func temporaryName(process: Int32, number: Int) -> String {
        temporaryStart + String(process) + "-" + String(number) + temporaryEnd
    }

    /// What the extension does with `name` in `aps.sound`.
    public static func delivery(of name: String) -> Delivery {
        if kind(of: name) == .sound { return .announcement }
        return isPlain(name) ? .plain : .refused
    }

    /// Whether announce (or the app, following its rule) makes files of
    /// this name: a sound or a temporary file.
    public static func isOwn(_ name: String) -> Bool {
        kind(of: name) != nil
    }

    /// Whether announce makes files of this name, and which kind; nil for
    /// any other name.
    public static func kind(of name: String) -> Kind? {
        let bytes = Array(name.utf8)
        if isSound(bytes) { return .sound }
        if isTemporary(bytes) { return .temporary }
        return nil
    }

    /// `announce-` (digits [`.` two digits] or 1–16 lowercase letters) `-`
    /// 8 lowercase hex `.` caf|wav|aiff.
    private static func isSound(_ bytes: [UInt8]) -> Bool {
        var scanner = Scanner(bytes)
        guard scanner.take(soundStart) else { return false }
        if scanner.letters(atMost: 16) == 0 {
            guard scanner.digits(atLeast: 1) > 0 else { return false }
            if scanner.take(".") { guard scanner.digits(exactly: 2) else { return false } }
        }
        guard scanner.take("-"), scanner.hex(exactly: 8), scanner.take(".") else { return false }
        let rest = String(decoding: bytes[scanner.position...], as: UTF8.self)
        return OutputContainer.allCases.contains { $0.rawValue == rest }
    }

    /// `.announce-` digits `-` digits `.tmp`.
    private static func isTemporary(_ bytes: [UInt8]) -> Bool {
        var scanner = Scanner(bytes)
        return scanner.take(temporaryStart) && scanner.digits(atLeast: 1) > 0 && scanner.take("-")
            && scanner.digits(atLeast: 1) > 0 && scanner.take(temporaryEnd) && scanner.atEnd
    }

    /// Why a user-chosen name was refused: one line that quotes the name
    /// and says why.
    public typealias Invalid = AnnounceError<Problem>

    /// What is wrong with a user-chosen name.
    public enum Problem: ErrorKind {
        /// A path, not a file name.
        case path
        /// A character other than ASCII letters, digits, `.`, `_` and `-`.
        case character
        /// A leading `.`, or `..`.
        case dot
        /// More than 255 bytes.
        case tooLong
        /// Not the format's extension in lower case, or nothing before it.
        case fileExtension
        /// The form of announce's own content-derived names.
        case ownForm
        /// A given name with a sound URL base (``SoundName/notDownloadable``).
        case givenAndDownloaded

        /// A batch item's bad `name` is rejected input (the command line
        /// refuses a bad `--name` as usage before anything runs).
        public var category: ErrorCategory { .rejectedInput }
    }

    /// Checks a user-chosen file name for a sound of `format` (see
    /// ``isPlain(_:)``). These are exactly the names the iOS extension
    /// leaves in `aps.sound` for iOS to find; Tests/Shared/push-cases.json
    /// holds the cases both sides run.
    public static func validate(_ name: String, format: OutputFormat) throws(Invalid) {
        try validate(name, fileExtension: format.fileExtension, container: format.container.rawValue)
    }

    /// Whether `name` is a plain sound name: 1 to 255 bytes of ASCII
    /// letters, digits, `.`, `_` and `-`, not starting with `.`, without
    /// `..`, ending in a container's extension (lower case exactly: iOS
    /// finds a sound by its exact name) after at least one character, and
    /// not of announce's own naming pattern (a given name must never take
    /// the place of a content-derived one).
    public static func isPlain(_ name: String) -> Bool {
        guard let container = OutputContainer(fileName: name) else { return false }
        return (try? validate(name, fileExtension: container.fileExtension, container: container.rawValue)) != nil
    }

    private static func validate(_ name: String, fileExtension: String, container: String) throws(Invalid) {
        let quoted = name.debugDescription
        if name.contains("/") || name.contains("\\") {
            throw Invalid(.path, "sound name \(quoted) must be a file name, not a path")
        }
        guard name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }) else {
            throw Invalid(.character, "sound name \(quoted) may only use ASCII letters, digits, '.', '_' and '-'")
        }
        guard !name.hasPrefix("."), !name.contains("..") else {
            throw Invalid(.dot, "sound name \(quoted) must not start with '.' or contain '..'")
        }
        guard name.utf8.count <= 255 else { throw Invalid(.tooLong, "sound name is longer than 255 bytes") }
        let suffix = ".\(fileExtension)"
        guard name.hasSuffix(suffix), name.utf8.count > suffix.utf8.count else {
            throw Invalid(.fileExtension, "sound name \(quoted) must end in \(suffix) (lower case) for \(container) files")
        }
        if kind(of: name.lowercased()) != nil {
            throw Invalid(.ownForm, "sound name \(quoted) has the form of announce's own content-derived names (announce-<amount>-<8 hex>); choose another name")
        }
    }

    /// The refusal of a given name together with a sound URL base: the
    /// extension downloads only content-derived names, whose name proves
    /// the file; a given name is left for iOS to find on the phone.
    public static let notDownloadable = Invalid(
        .givenAndDownloaded, "a sound with a given name is never downloaded by the iPhone extension (only content-derived names are): drop the name or --sound-url-base")

    /// Reads a name byte by byte.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        mutating func take(_ text: String) -> Bool {
            let expected = text.utf8
            guard bytes.count - position >= expected.count,
                bytes[position..<position + expected.count].elementsEqual(expected)
            else { return false }
            position += expected.count
            return true
        }

        package mutating func digits(atLeast minimum: Int) -> Int {
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - start >= minimum ? position - start : 0
        }

        package mutating func digits(exactly count: Int) -> Bool {
            let start = position
            return digits(atLeast: count) == count || { position = start; return false }()
        }

        mutating func letters(atMost limit: Int) -> Int {
            let start = position
            while position < bytes.count, position - start < limit, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[position]) {
                position += 1
            }
            if position < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[position]) {
                position = start
                return 0
            }
            return position - start
        }

        mutating func hex(exactly count: Int) -> Bool {
            guard bytes.count - position >= count else { return false }
            for offset in 0..<count {
                let byte = bytes[position + offset]
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) else {
                    return false
                }
            }
            position += count
            return true
        }
    }
}
