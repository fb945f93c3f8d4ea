/// User-controlled text (amounts, file names, manifest keys, paths) made
/// safe to put in a one-line message.
///
/// Everything that could break the line or hide from the reader is written
/// as a Swift escape: control characters (`\0`, `\t`, `\n`, `\u{7F}`), line
/// and paragraph separators, format characters (zero-width joiners, the byte
/// order mark, bidirectional overrides that would reorder the message),
/// variation selectors and other default-ignorable characters, blanks other
/// than the plain space, and a combining mark with nothing (or a blank) to
/// combine with.
/// A backslash is doubled, so an escape in the message always means an
/// escaped character.
public enum MessageText {
    /// `text` with every invisible or line-breaking character escaped.
    public static func escaped(_ text: String) -> String {
        escaped(text, limit: nil)
    }

    /// `text` escaped and between single quotes, cut after `limit` Unicode
    /// scalars with `…`: `'1\n2'`.
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        "'" + escaped(text, limit: limit) + "'"
    }

    /// Whether `scalar` is invisible or breaks a line: what ``escaped(_:)``
    /// escapes, the plain space and combining marks aside.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII, the common case, without the property tables.
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
            return true
        case .spaceSeparator:
            return scalar != " "
        default:
            return properties.isDefaultIgnorableCodePoint || properties.isVariationSelector
                || properties.isNoncharacterCodePoint
        }
    }

    /// Whether `scalar` is a combining mark: it is drawn on the character
    /// before it, so with none before it (or an escape) it is invisible.
    public static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private static func escaped(_ text: String, limit: Int?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        // Whether a combining mark here would have a visible base.
        var hasBase = false
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if let limit, index == limit {
                out += "…"
                break
            }
            if scalar == "\\" {
                out += "\\\\"
                hasBase = true
            } else if isInvisible(scalar) || (isCombiningMark(scalar) && !hasBase) {
                out += escape(scalar)
                hasBase = false
            } else {
                out.unicodeScalars.append(scalar)
                // A mark on a blank shows as a lone accent: escape it too.
                hasBase = !scalar.properties.isWhitespace
            }
        }
        return out
    }

    /// `\n`, `\t`, `\r`, `\0`, else `\u{200D}`.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\t": "\\t"
        case "\r": "\\r"
        case "\0": "\\0"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
