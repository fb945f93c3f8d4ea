/// Traps with `message` unless `condition` holds: libFuzzer reports the trap
/// as a finding and keeps the input that caused it.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    // fatalError keeps its message in release builds; a precondition does not.
    if !condition { fatalError(message()) }
}

/// Line breaks of any kind: a one-line message contains none of them raw.
public let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

/// Traps unless `message` is one line; `context` names what said it.
public func requireOneLine(_ message: String, _ context: @autoclosure () -> String) {
    require(
        !message.unicodeScalars.contains(where: lineBreaks.contains),
        "\(context()) is not one line: \(debug(message))")
}

/// `text` quoted with its line breaks and controls escaped, for messages about it.
public func debug(_ text: String) -> String {
    let body = text.unicodeScalars.map { scalar in
        scalar.value < 0x20 || lineBreaks.contains(scalar) || scalar == "\"" || scalar == "\\"
            ? scalar.escaped(asASCII: true) : String(scalar)
    }
    return "\"" + body.joined() + "\""
}

/// The fuzzer's input as a buffer (an empty one for a null pointer).
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeRawBufferPointer {
    guard let data, size > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return UnsafeRawBufferPointer(start: data, count: size)
}
